# tqdm.auto.py - the notebook bar (an updating HTML display) under the kernel, the text bar in a terminal.
import tqdm as _t
tqdm = _t._auto_class()


def trange(*args, **kwargs):
    return tqdm(range(*args), **kwargs)
