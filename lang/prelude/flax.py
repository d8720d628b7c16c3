# flax - the package: its submodules (flax.linen, flax.struct, flax.core, flax.training) are
# imported on first use.

__version__ = '0.12.8'
