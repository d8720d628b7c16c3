# just a comment


raise KeyError('k')
