# argparse: a usage error prints the usage and "prog: error: ..." on stderr and exits with status 2
import argparse
p = argparse.ArgumentParser(prog='prog', description='Exits with status 2 on bad input.')
p.add_argument('count', type=int)
p.add_argument('--mode', choices=['a', 'b'], required=True)
print(p.parse_args(['3', '--mode', 'a']))
p.parse_args(['three'])
print('not reached')
