from math import
