# keras.saving - the .keras zip (config.json, metadata.json, and the weights as an .npz member
# model.weights.npz, since Sable has no HDF5) and .weights.h5 files (an .npz under that name).

import io as _io
import json as _json
import os as _os
import struct as _struct
import time as _time
import zlib as _zlib
import numpy as np

_DESCR = {'float32': '<f4', 'float64': '<f8', 'float16': '<f2', 'int8': '|i1', 'int16': '<i2',
          'int32': '<i4', 'int64': '<i8', 'uint8': '|u1', 'uint16': '<u2', 'uint32': '<u4',
          'uint64': '<u8', 'bool': '|b1'}
_FROM_DESCR = {v: k for k, v in _DESCR.items()}
_FROM_DESCR.update({'<b1': 'bool', '<u1': 'uint8', '<i1': 'int8', '=f4': 'float32'})


# ---- .npy and zip, by hand --------------------------------------------------------------------
def _npy_bytes(a):
    a = np.ascontiguousarray(np.asarray(a))
    name = a.dtype.name
    if name not in _DESCR:
        raise TypeError(f"keras.saving: cannot store an array of dtype {name}")
    shape = '(' + ''.join(f"{d}, " for d in a.shape)
    shape = shape[:-2] + ',)' if len(a.shape) == 1 else (shape[:-2] + ')' if a.shape else '()')
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (_DESCR[name], shape)
    pad = 64 - (10 + len(header) + 1) % 64
    header = header + ' ' * (pad % 64) + '\n'
    return b'\x93NUMPY\x01\x00' + _struct.pack('<H', len(header)) + header.encode('latin1') + \
        a.tobytes()


def _npy_parse(b, what):
    if b[:6] != b'\x93NUMPY':
        raise ValueError(f"keras.saving: {what} is not an .npy array")
    major = b[6]
    if major == 1:
        hl = _struct.unpack('<H', b[8:10])[0]
        start = 10
    else:
        hl = _struct.unpack('<I', b[8:12])[0]
        start = 12
    header = b[start:start + hl].decode('latin1')
    try:
        descr = header.split("'descr':")[1].split("'")[1]
        fortran = header.split("'fortran_order':")[1].strip().startswith('True')
        shp = header.split("'shape':")[1].split('(')[1].split(')')[0]
    except IndexError:
        raise ValueError(f"keras.saving: {what} has a malformed .npy header") from None
    shape = tuple(int(s) for s in shp.split(',') if s.strip())
    dt = _FROM_DESCR.get(descr)
    if dt is None or fortran:
        raise ValueError(f"keras.saving: {what}: unsupported array layout {descr!r}")
    data = b[start + hl:]
    n = 1
    for d in shape:
        n *= d
    if len(data) != n * np.dtype(dt).itemsize:
        raise ValueError(f"keras.saving: {what} is truncated")
    return np.frombuffer(data, dtype=dt).reshape(shape).copy()


def _zip_bytes(members):
    out = bytearray()
    central = bytearray()
    t = _time.localtime()
    dtime = (t[3] << 11) | (t[4] << 5) | (t[5] // 2)
    ddate = ((max(t[0], 1980) - 1980) << 9) | (t[1] << 5) | t[2]
    for name, data in members:
        nb = name.encode('utf-8')
        crc = _zlib.crc32(data) & 0xffffffff
        off = len(out)
        out += _struct.pack('<IHHHHHIIIHH', 0x04034b50, 20, 0, 0, dtime, ddate, crc, len(data),
                            len(data), len(nb), 0) + nb + data
        central += _struct.pack('<IHHHHHHIIIHHHHHII', 0x02014b50, 20, 20, 0, 0, dtime, ddate,
                                crc, len(data), len(data), len(nb), 0, 0, 0, 0, 0o600 << 16,
                                off) + nb
    cd_off = len(out)
    out += central
    out += _struct.pack('<IHHHHIIH', 0x06054b50, 0, 0, len(members), len(members),
                        len(central), cd_off, 0)
    return bytes(out)


def _zip_read(b, what):
    b = bytes(b)
    i = b.rfind(b'PK\x05\x06')
    if i < 0 or len(b) < i + 22:
        raise ValueError(f"keras.saving: {what} is not a zip file")
    _, _, _, _, count, cd_size, cd_off, _ = _struct.unpack('<IHHHHIIH', b[i:i + 22])
    members = {}
    p = cd_off
    for _ in range(count):
        if b[p:p + 4] != b'PK\x01\x02':
            raise ValueError(f"keras.saving: {what}: corrupt zip directory")
        f = _struct.unpack('<IHHHHHHIIIHHHHHII', b[p:p + 46])
        comp, csize, usize, nlen, xlen, clen, loff = f[4], f[8], f[9], f[10], f[11], f[12], f[16]
        name = b[p + 46:p + 46 + nlen].decode('utf-8')
        p += 46 + nlen + xlen + clen
        if b[loff:loff + 4] != b'PK\x03\x04':
            raise ValueError(f"keras.saving: {what}: corrupt zip entry {name}")
        lnlen, lxlen = _struct.unpack('<HH', b[loff + 26:loff + 30])
        start = loff + 30 + lnlen + lxlen
        data = b[start:start + csize]
        if len(data) != csize:
            raise ValueError(f"keras.saving: {what}: zip entry {name} is truncated")
        if comp == 8:
            data = _zlib.decompress(data, -15)
        elif comp != 0:
            raise ValueError(f"keras.saving: {what}: zip entry {name} uses compression {comp}")
        members[name] = data
    return members


def _npz_bytes(arrays):
    return _zip_bytes([(f"{k}.npy", _npy_bytes(v)) for k, v in arrays])


def _npz_read(b, what):
    out = {}
    for name, data in _zip_read(b, what).items():
        if name.endswith('.npy'):
            out[name[:-4]] = _npy_parse(data, f"{what}:{name}")
    return out


def _write(path, data, overwrite):
    path = _os.fspath(path)
    if not overwrite and _os.path.exists(path):
        raise FileExistsError(f"keras.saving: {path} exists and overwrite=False")
    with open(path, 'wb') as f:
        f.write(data)


def _read(path):
    path = _os.fspath(path)
    if not _os.path.exists(path):
        raise ValueError(f"File not found: filepath={path}. Please ensure the file is an "
                                "accessible `.keras` zip file.")
    with open(path, 'rb') as f:
        return f.read()


# ---- weights ------------------------------------------------------------------------------------
def _weights_arrays(model):
    arrays = [(f"arr_{i}", np.asarray(w)) for i, w in enumerate(model.get_weights())]
    st = getattr(model, '_keras_train', None)
    if st is not None and st.optimizer.built:
        arrays += [(f"optimizer_{i}", np.asarray(v.value))
                   for i, v in enumerate(st.optimizer.variables)]
    return arrays


def _set_weights_from(model, arrs, what, skip_mismatch=False):
    n = sum(1 for k in arrs if k.startswith('arr_'))
    weights = [arrs[f"arr_{i}"] for i in range(n)]
    cur = model.get_weights()
    if len(cur) != len(weights):
        if skip_mismatch:
            return
        raise ValueError(f"A total of {len(cur)} objects could not be loaded: {what} holds "
                         f"{len(weights)} weights but the model has {len(cur)}.")
    bad = [i for i, (a, b) in enumerate(zip(cur, weights)) if tuple(np.shape(a)) != b.shape]
    if bad:
        if skip_mismatch:
            return
        i = bad[0]
        raise ValueError(f"A total of {len(bad)} objects could not be loaded. Example error "
                         f"message: weight {i} of the model has shape {tuple(np.shape(cur[i]))}"
                         f" but {what} holds shape {weights[i].shape}.")
    model.set_weights(weights)
    st = getattr(model, '_keras_train', None)
    nopt = sum(1 for k in arrs if k.startswith('optimizer_'))
    if st is not None and nopt:
        if not st.optimizer.built:
            st.optimizer.build(model.trainable_variables)
        if len(st.optimizer.variables) == nopt:
            for i, v in enumerate(st.optimizer.variables):
                v.assign(arrs[f"optimizer_{i}"])


def save_weights(model, filepath, overwrite=True):
    filepath = _os.fspath(filepath)
    if not filepath.endswith('.weights.h5'):
        raise ValueError("The filename must end in `.weights.h5`. Received: "
                         f"filepath={filepath}")
    _write(filepath, _npz_bytes(_weights_arrays(model)), overwrite)


def load_weights(model, filepath, skip_mismatch=False):
    filepath = _os.fspath(filepath)
    data = _read(filepath)
    if filepath.endswith('.keras'):
        members = _zip_read(data, filepath)
        if 'model.weights.npz' not in members:
            raise ValueError(_h5_message(filepath, members))
        arrs = _npz_read(members['model.weights.npz'], filepath)
    elif filepath.endswith('.weights.h5'):
        if data[:8] == b'\x89HDF\r\n\x1a\n':
            raise ValueError(f"{filepath} is an HDF5 file written by Keras; Sable has no HDF5 "
                             "reader and reads only the weight files it writes (.npz inside).")
        arrs = _npz_read(data, filepath)
    else:
        raise ValueError("File format not supported: filepath="
                         f"{filepath}. Keras 3 only supports V3 `.keras` and `.weights.h5` "
                         "files.")
    _set_weights_from(model, arrs, filepath, skip_mismatch)


def _h5_message(filepath, members):
    return (f"{filepath}: no model.weights.npz member (members: {sorted(members)}); a .keras "
            "file written by Keras keeps its weights in HDF5 (model.weights.h5), which Sable "
            "cannot read.")


# ---- whole models ---------------------------------------------------------------------------------
def save_model(model, filepath, overwrite=True, **kwargs):
    import keras
    import keras.layers as _l
    filepath = _os.fspath(filepath)
    if not filepath.endswith('.keras'):
        raise ValueError("Invalid filepath extension for saving. Please add either a `.keras` "
                         "extension for the native Keras format (recommended) or a `.h5` "
                         "extension. Use `model.export(filepath)` if you want to export a "
                         f"SavedModel for use with TFLite/TFServing/etc. Received: "
                         f"filepath={filepath}.")
    config = _l.serialize(model)
    st = getattr(model, '_keras_train', None)
    if st is not None:
        config['compile_config'] = st.compile_config
    meta = {'keras_version': keras.__version__,
            'date_saved': _time.strftime('%Y-%m-%d@%H:%M:%S')}
    members = [('metadata.json', _json.dumps(meta).encode()),
               ('config.json', _json.dumps(config).encode()),
               ('model.weights.npz', _npz_bytes(_weights_arrays(model)))]
    _write(filepath, _zip_bytes(members), overwrite)


def load_model(filepath, custom_objects=None, compile=True, safe_mode=True):
    import keras.layers as _l
    filepath = _os.fspath(filepath)
    if not filepath.endswith('.keras'):
        raise ValueError(f"File format not supported: filepath={filepath}. Keras 3 only "
                         "supports V3 `.keras` files.")
    members = _zip_read(_read(filepath), filepath)
    if 'config.json' not in members:
        raise ValueError(f"{filepath}: not a .keras file (no config.json)")
    if 'model.weights.npz' not in members:
        raise ValueError(_h5_message(filepath, members))
    config = _json.loads(members['config.json'].decode())
    cc = config.pop('compile_config', None)
    model = _l.deserialize(config, custom_objects)
    if compile and cc:
        cc = dict(cc)
        import keras.optimizers as _o
        if isinstance(cc.get('optimizer'), dict):
            cc['optimizer'] = _o.deserialize(cc['optimizer'])
        model.compile(**cc)
    _set_weights_from(model, _npz_read(members['model.weights.npz'], filepath), filepath)
    return model


