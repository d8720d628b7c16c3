# a pickle cut off inside a frame: UnpicklingError, not a crash
import pickle
data = pickle.dumps({'weights': [1.5, 2.5, 3.5], 'name': 'model'})
pickle.loads(data[:20])
