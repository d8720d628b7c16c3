raise ValueError('the whole program')
