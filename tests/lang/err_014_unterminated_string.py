# SyntaxError: unterminated string literal
greeting = "hello
print(greeting)
