if True:
    pass
else:
    pass
elif False:
    pass
