# tqdm.std.py - the text bar (tqdm.std.tqdm), the same class as tqdm.tqdm.
from tqdm import tqdm, trange, TqdmWarning
