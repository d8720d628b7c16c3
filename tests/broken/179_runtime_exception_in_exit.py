class M:
    def __enter__(self):
        return self
    def __exit__(self, *a):
        raise KeyError('exit')
with M():
    pass
