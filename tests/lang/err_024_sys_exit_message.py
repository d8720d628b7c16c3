# sys.exit with a string prints it to stderr and exits with status 1
import sys
print("checking input")
sys.exit("fatal: no input files")
