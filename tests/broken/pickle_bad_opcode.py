# a corrupt opcode byte in an otherwise valid pickle
import pickle
data = bytearray(pickle.dumps([1, 2, 3]))
data[12] = 0xff
pickle.loads(bytes(data))
