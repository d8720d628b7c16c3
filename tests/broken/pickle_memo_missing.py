# a memo reference to an index that was never stored
import pickle
pickle.loads(b'\x80\x04]\x94(h\x07e.')
