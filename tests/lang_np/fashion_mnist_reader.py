# The JAX documentation's MNIST reader, unchanged, over the Fashion-MNIST test set (gzip +
# struct + array.array + np.array): shapes, dtypes, pixel sums and label counts.
import array
import gzip
import struct
import numpy as np

def parse_labels(filename):
    with gzip.open(filename, 'rb') as fh:
        _ = struct.unpack(">II", fh.read(8))
        return np.array(array.array("B", fh.read()), dtype=np.uint8)

def parse_images(filename):
    with gzip.open(filename, 'rb') as fh:
        _, num_data, rows, cols = struct.unpack(">IIII", fh.read(16))
        return np.array(array.array("B", fh.read()),
                        dtype=np.uint8).reshape(num_data, rows, cols)

d = '/usr/share/datasets/fashion-mnist/'
images = parse_images(d + 't10k-images-idx3-ubyte.gz')
labels = parse_labels(d + 't10k-labels-idx1-ubyte.gz')
print(images.shape, images.dtype, labels.shape, labels.dtype)
print(int(images[0].sum()), int(images[9999].sum()), int(images.sum()), int(images[:, 14, 14].sum()))
print(images[0, 10:14, 10:14])
print([int((labels == k).sum()) for k in range(10)])
print(labels[:12])
x = images.reshape(len(images), -1).astype(np.float32) / 255.0
print(x.shape, x.dtype, round(float(x.mean()), 4))
b = np.frombuffer(images[0].tobytes(), dtype=np.uint8)
print(b.shape, int(b.sum()), np.array(array.array('d', [1.5, 2.5])), np.array(bytearray(b'\x01\x02')))
