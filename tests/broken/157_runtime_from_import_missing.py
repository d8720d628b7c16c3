from math import not_there
