import os
import os.path
import a.b.c
import a.b as c
import a, b, c
import a.b as c, d.e as f
from a import b
from a.b import c as d, e
from . import x
from .. import y
from .mod import z
from ... import w
from .... import v
from ...pkg.sub import u as uu
from a import (b, c)
from a import (b as bb,
               c as cc,)
from a import *
import jax.numpy as jnp
import numpy as np
from jax import grad, jit, vmap, random, lax
from jax.scipy.special import logsumexp
import matplotlib.pyplot as plt
import a . b . c
