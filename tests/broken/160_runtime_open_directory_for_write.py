f = open('/tmp', 'w')
