x = 1
switch x:
    case 1: pass
