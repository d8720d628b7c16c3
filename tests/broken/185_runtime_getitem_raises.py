class A:
    def __getitem__(self, i):
        raise LookupError('nope')
A()[0]
