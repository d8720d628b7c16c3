x = q"abc"
