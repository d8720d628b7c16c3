x = eval('1 +')
