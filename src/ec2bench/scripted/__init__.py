"""Scripted models: they read the task's answer key, so their figures are never evidence about a
real model. `sim/` (the reference-policy simulator), `replay` (replays the reference), `user`
(the simulated user who answers `user_ask`) and `adversaries/` (the validator's cheats).
"""
