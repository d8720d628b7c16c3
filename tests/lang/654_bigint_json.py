import json
print(json.dumps(2**70), json.dumps([-2**100, 3]), json.loads("123456789012345678901234567890"))
print(json.loads("[-99999999999999999999999]"))
print(json.dumps({2**70: 2**65, -2**64: True}), json.loads('{"a": 18446744073709551616}'))
try: json.loads("1" * 5000)
except ValueError as e: print(str(e)[:60])
print(json.dumps([2**63, -2**63, 2**63-1, 2**200], indent=1))
