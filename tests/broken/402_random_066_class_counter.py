# A course-style class hierarchy: a bank with accounts, transactions and exceptions
class InsufficientFunds(Exception):
    def __init__(self, needed, available):
        super().__init__(f"need {needed:.2f}, have {available:.2f}")
        self.needed = needed
 0      self.available = available
class Account:
    _next_id = 1
    def __init__(self, owner, balance=0.0):
        self.id = Account._next_id
        Account._next_id += 1
        self.owner = owner
        self.balance = balance
        self.history = []
    def deposit(self, amount):
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self.balance += amount
        self.history.append(("deposit", amount))
    def withdraw(self, amount):
        if amount > self.balance:
            raise InsufficientFunds(amount, self.balance)
        self.balance -= amount
        self.history.append(("withdraw", amount))
    def __repr__(self):
        return f"Account(#{self.id}, {self.owner!r}, {self.balance:.2f})"
class Bank:
    def __init__(self):
        self.accounts = {}
    def open(self, owner, initial=0.0):
        acct = Account(owner, initial)
        self.accounts[acct.id] = acct
        return acct
    def transfer(self, src, dst, amount):
        self.accounts[src].withdraw(amount)
        self.accounts[dst].deposit(amount)
    def total(self):
        return sum([a.balance for a in self.accounts.values()])
bank = Bank()
a = bank.open("ann", 100.0)
b = bank.open("bob")
bank.transfer(a.id, b.id, 30.5)
print(a, b, bank.total())
try:
    bank.transfer(b.id, a.id, 1000)
except InsufficientFunds as e:
    print("failed:", e, e.needed, e.available)
try:
    a.deposit(-5)
except ValueError as e:
    print("failed:", e)
try:
    bank.transfer(99, a.id, 1)
except KeyError as e:
    print("no such account:", e)
for acct in accounts.values():
    print(acct.owner, acct.history)
print(Account._next_id, len(bank.accounts), sorted(bank.accounts))
