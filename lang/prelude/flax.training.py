# flax.training - the package of flax.training.train_state.
