class A:
    def m():
        return 1
A().m()
