s = 'cafÃ'
