# with + open() on text files: write, read, append, line iteration, readline(s), cleanup
import os
path = "/tmp/sable_test_043_" + str(os.getpid()) + ".txt"
with open(path, "w") as f:
    n = f.write("first line\n")
    f.write("second line\n")
    f.write("héllo wörld ☺\n")
    print("wrote", n)
with open(path) as f:
    text = f.read()
print(repr(text), len(text))
with open(path, "r") as f:
    for i, line in enumerate(f):
        print(i, repr(line), repr(line.rstrip("\n")))
with open(path, "a") as f:
    f.write("appended\n")
with open(path) as f:
    lines = f.readlines()
print(lines, len(lines))
with open(path) as f:
    print(repr(f.readline()), repr(f.readline()))
    rest = f.read()
print(repr(rest))
with open(path) as f:
    print([l.strip().upper() for l in f])
f = open(path)
first = f.readline()
f.close()
print(first.strip(), f.closed)
with open(path, "w") as f:
    print("via print", 1, 2, file=f)
    f.write("a,b,c\n1,2,3\n")
with open(path) as f:
    content = f.read().splitlines()
print(content)
rows = [line.split(",") for line in content[1:]]
print(rows)
try:
    with open(path) as f:
        raise ValueError("inside with")
except ValueError as e:
    print("caught", e, "closed:", f.closed)
os.remove(path)
print(os.path.exists(path))
try:
    open(path)
except FileNotFoundError as e:
    print("FileNotFoundError", isinstance(e, OSError))
try:
    open("/nonexistent_dir_sable/x.txt", "w")
except OSError as e:
    print(type(e).__name__)
