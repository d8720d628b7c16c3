# argparse: the missing required arguments are listed in CPython's words; exit status 2
import argparse
p = argparse.ArgumentParser(prog='req')
p.add_argument('src')
p.add_argument('--out', required=True)
p.add_argument('--level', type=int, default=1)
p.parse_args(['--level', '2'])
