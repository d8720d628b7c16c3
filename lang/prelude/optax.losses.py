# optax.losses - the submodule, so `import optax.losses` and `from optax.losses import x` work;
# the names are those of the namespace that lang/prelude/optax.py builds.
import optax as _optax

_ns = _optax.losses
cosine_distance = _ns.cosine_distance
cosine_similarity = _ns.cosine_similarity
huber_loss = _ns.huber_loss
l2_loss = _ns.l2_loss
sigmoid_binary_cross_entropy = _ns.sigmoid_binary_cross_entropy
softmax_cross_entropy = _ns.softmax_cross_entropy
softmax_cross_entropy_with_integer_labels = _ns.softmax_cross_entropy_with_integer_labels
squared_error = _ns.squared_error
