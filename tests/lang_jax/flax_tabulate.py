# flax 0.12.8 (jax 0.10.2): Module.tabulate's summary table (the capability analysis's CNN;
# with several collections Flax orders columns by set order, so only one here); console_kwargs fix rich's width so that no column is wrapped.
import jax, jax.numpy as jnp
import flax.linen as nn
class CNN(nn.Module):
    @nn.compact
    def __call__(self, x, training: bool):
        x = nn.Conv(features=32, kernel_size=(3, 3))(x)
        x = nn.relu(x)
        x = nn.Conv(features=64, kernel_size=(3, 3))(x)
        x = nn.relu(x)
        x = nn.max_pool(x, window_shape=(2, 2), strides=(2, 2))
        x = nn.Dropout(0.25, deterministic=not training)(x)
        x = x.reshape((x.shape[0], -1))
        x = nn.Dense(features=256)(x)
        x = nn.relu(x)
        x = nn.Dropout(0.5, deterministic=not training)(x)
        x = nn.Dense(features=10)(x)
        return x
print(CNN().tabulate(jax.random.PRNGKey(0), jnp.ones((1, 28, 28, 1)), training=False, console_kwargs={'force_terminal': False, 'width': 200}))
