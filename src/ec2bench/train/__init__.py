"""Training the edge model to use cloud advice (`ec2bench train ...`; needs the `[train]` extra).

`config` (what a run is, saved beside its checkpoints), `split` (train/eval task ids), `rollout`
(real advisory episodes as GRPO samples and their rewards), `grpo` (TRL's GRPOTrainer driving them),
`export` (advice-following trajectories from a results store as a `datasets` dataset).
"""
