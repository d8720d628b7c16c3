# flax.training.train_state - TrainState: step, apply_fn, params, tx, opt_state in one pytree
# (a flax.struct dataclass), with create/apply_gradients as Flax writes them.

import optax
import flax.struct as struct


class TrainState(struct.PyTreeNode):
    step: object
    apply_fn: object = struct.field(pytree_node=False)
    params: object = struct.field(pytree_node=True)
    tx: object = struct.field(pytree_node=False)
    opt_state: object = struct.field(pytree_node=True)

    def apply_gradients(self, *, grads, **kwargs):
        updates, new_opt_state = self.tx.update(grads, self.opt_state, self.params)
        new_params = optax.apply_updates(self.params, updates)
        return self.replace(step=self.step + 1, params=new_params, opt_state=new_opt_state,
                            **kwargs)

    @classmethod
    def create(cls, *, apply_fn, params, tx, **kwargs):
        opt_state = tx.init(params)
        return cls(step=0, apply_fn=apply_fn, params=params, tx=tx, opt_state=opt_state, **kwargs)
