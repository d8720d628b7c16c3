# A recursive-descent calculator: tokenizer, parser with precedence, evaluation, errors
def tokenize(src):
    tokens, i = [], 0
    while i < len(src):
        c = src[i]
        if c.isspace():
            i += 1
        elif c.isdigit() or c == ".":
            j = i
            while j < len(src) and (src[j].isdigit() or src[j] == "."):
                j += 1
            tokens.append(("num", float(src[i:j])))
            i = j
        elif c in "+-*/()^":
            tokens.append(("op", c))
            i += 1
        else:
            raise SyntaxError(f"unexpected character {c!r} at {i}")
    tokens.append(("end", None))
    return tokens
class Parser:
    def __init__(self, tokens):
        self.toks = tokens
        self.pos = 0
    def peek(self):
        return self.toks[self.pos]
    def take(self):
        t = self.toks[self.pos]
        self.pos += 1
        return t
    def expr(self):
        v = self.term()
        while self.peek() in (("op", "+"), ("op", "-")):
            op = self.take()[1]
            r = self.term()
            v = v + r if op == "+" else v - r
        return v
    def term(self):
        v = self.factor()
        while self.peek() in (("op", "*"), ("op", "/")):
            op = self.take()[1]
            r = self.factor()
            v = v * r if op == "*" else v / r
        return v
    def factor(self):
        base = self.unary()
        if self.peek() == ("op", "^"):
            self.take()
            return base ** self.factor()
        return base
    def unary(self):
        if self.peek() == ("op", "-"):
            self.take()
            return -self.unary()
        return self.atom()
    def atom(self):
        kind, val = self.take()
        if kind == "num":
            return val
        if (kind, val) == ("op", "("):
            v = self.expr()
            if self.take() != ("op", ")"):
                raise SyntaxError("expected )")
            return v
        raise SyntaxError(f"unexpected token {val!r}")
def calc(src):
    p = Parser(tokenize(src))
    v = p.expr()
    if p.peek()[0] != "end":
        raise SyntaxError("trailing input")
    return v
for src in ["1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "-2 ^ 2", "10 / 4 - 1.5", "((7))",
            "1 / 0", "2 * (3 + ", "4 $ 4", "1 2", "3.5 * -2", "2 ^ -1"]:
    try:
        print(f"{src:<14} = {calc(src)}")
    except ZeroDivisionError as e:
        print(f"{src:<14} ! ZeroDivisionError: {e}")
    except SyntaxError as e:
        print(f"{src:<14} ! SyntaxError: {e}")
