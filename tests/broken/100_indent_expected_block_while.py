while False:
pass
