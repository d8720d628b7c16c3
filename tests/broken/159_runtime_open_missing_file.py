f = open('/nonexistent_sable_dir/missing.txt')
