class A:
    def __str__(self):
        return 5
print(A())
