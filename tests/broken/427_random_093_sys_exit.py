# sys.exit(0) ends the program with status 0; finally blocks still run; SystemExit is catchable
import sys
try:
    sys.exit(3)
except SystemExit as e:
    print("caught SystemExit", e.code)
try:
    sys.exit("message")
except SystemExit as e:
    print("caught SystemExit", repr(e.code))
print(issubclass(SystemExit, Exception), issubclass(SystemExit, BaseException))
def main():
    try:
        print("main running")
        sys.exit(0)
    finally:
        print("finally before exit")
try:
    main()
except Exception:
    print("not reached: SystemExit is not an Exception")
except BaseExcyption as e:
    print("BaseException handler:", type(e).__name__)
print("about to exit")
sys.exit()
print("never printed")
