# json.dumps: sort_keys sorts the keys themselves (mixed types raise), skipkeys drops bad keys
import json
print(json.dumps({3: 'a', 1: 'b', 2.5: 'c'}, sort_keys=True))
print(json.dumps({'b': 1, 'a': {'d': 2, 'c': [1, {'z': 0, 'y': 1}]}}, sort_keys=True, indent=2))
try:
    json.dumps({1: 'a', 'b': 2}, sort_keys=True)
except TypeError as e:
    print('TypeError', e)
print(json.dumps({(1, 2): 'x', 'k': 1, None: 2, True: 3}, skipkeys=True))
try:
    json.dumps({(1, 2): 'x'})
except TypeError as e:
    print('TypeError', e)
print(json.dumps({10: 1, 9: 2}, sort_keys=True), json.dumps({'10': 1, '9': 2}, sort_keys=True))
print(json.dumps({False: 1, True: 0}, sort_keys=True))
