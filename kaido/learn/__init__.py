"""Bots that learn: self-play data, training, model files and the bots that play them.

- `model`: the model file format, checked on load, and inference in numpy alone;
- `agents`: the `policy` bot (the search with a model is `mcts:model=...`);
- `selfplay`: games between any bots, each decision stored with its search targets;
- `train`: fitting a network to self-play data (JAX and optax: the `learn` extra);
- `iterate`: expert iteration, `kaido train`.

Only `train` needs the `learn` extra; playing a model needs numpy alone.
"""
