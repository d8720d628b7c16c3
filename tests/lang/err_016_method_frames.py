# A traceback through methods of a class
class Account:
    def __init__(self, balance):
        self.balance = balance

    def withdraw(self, amount):
        if amount > self.balance:
            raise ValueError(f"insufficient funds: {self.balance} < {amount}")
        self.balance -= amount
        return self.balance

    def pay_all(self, bills):
        for b in bills:
            print("paid", b, "left", self.withdraw(b))

acct = Account(100)
acct.pay_all([30, 50, 40])
