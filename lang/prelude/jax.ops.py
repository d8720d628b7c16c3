# jax.ops - what JAX 0.10 keeps of it: segment_sum/max/min/prod, as scatters through .at[]
# (so they trace, differentiate and batch like any scatter).
import jax.numpy as _jnp


def _segment(data, segment_ids, num_segments, how, init):
    data = _jnp.asarray(data)
    segment_ids = _jnp.asarray(segment_ids)
    if num_segments is None:
        num_segments = int(_jnp.max(segment_ids)) + 1
    num_segments = int(num_segments)
    out = _jnp.full((num_segments,) + tuple(data.shape[1:]), init, dtype=data.dtype)
    return getattr(out.at[segment_ids], how)(data, mode="drop")


def _lowest(dtype):
    if _jnp.issubdtype(dtype, _jnp.floating):
        return -_jnp.inf
    if dtype == _jnp.bool_:
        return False
    return _jnp.iinfo(dtype).min


def _highest(dtype):
    if _jnp.issubdtype(dtype, _jnp.floating):
        return _jnp.inf
    if dtype == _jnp.bool_:
        return True
    return _jnp.iinfo(dtype).max


def segment_sum(data, segment_ids, num_segments=None, indices_are_sorted=False,
                unique_indices=False, bucket_size=None, mode=None):
    return _segment(data, segment_ids, num_segments, "add", 0)


def segment_prod(data, segment_ids, num_segments=None, indices_are_sorted=False,
                 unique_indices=False, bucket_size=None, mode=None):
    return _segment(data, segment_ids, num_segments, "multiply", 1)


def segment_max(data, segment_ids, num_segments=None, indices_are_sorted=False,
                unique_indices=False, bucket_size=None, mode=None):
    data = _jnp.asarray(data)
    return _segment(data, segment_ids, num_segments, "max", _lowest(data.dtype))


def segment_min(data, segment_ids, num_segments=None, indices_are_sorted=False,
                unique_indices=False, bucket_size=None, mode=None):
    data = _jnp.asarray(data)
    return _segment(data, segment_ids, num_segments, "min", _highest(data.dtype))
