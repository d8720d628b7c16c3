import sys
f = sys._getframe()
print(f.f_back.f_locals)
