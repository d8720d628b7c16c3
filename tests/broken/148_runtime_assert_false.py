assert 1 == 2, 'numbers differ'
