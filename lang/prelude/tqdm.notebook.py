# tqdm.notebook.py - the notebook bar: an HTML display updated in place by display_id.
import tqdm as _t
tqdm = _t._HtmlBar
tqdm_notebook = _t._HtmlBar


def trange(*args, **kwargs):
    return tqdm(range(*args), **kwargs)
