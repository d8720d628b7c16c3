x = await f()
raise RuntimeError('this program should have been rejected before running')
