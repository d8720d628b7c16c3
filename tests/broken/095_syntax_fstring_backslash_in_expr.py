x = f"{'\n'.join(['a'])}"
raise RuntimeError('this program should have been rejected before running')
