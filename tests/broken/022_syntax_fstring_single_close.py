print(f"a } b")
raise RuntimeError('this program should have been rejected before running')
