class A:
    def __iter__(self):
        return 5
for x in A():
    pass
