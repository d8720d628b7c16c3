import random
random.seed(2**70); print(random.random(), random.randrange(10**30))
random.seed(-2**70); print(random.random())
random.seed(12345678901234567890123); print(random.getrandbits(64))
class K(int): pass
random.seed(K(2**64)); print(random.random())
random.seed(2**64-1); print(random.random())
random.seed(-(2**63)); print(random.random())
r = random.Random(3**200); print(r.randint(1, 10**40), r.getrandbits(100))
