if True:
