"""The reference-policy simulator (`sim/<profile>` models); its behaviour is documented in `policy.py`."""

from ec2bench.scripted.sim.history import reference_progress
from ec2bench.scripted.sim.policy import SimClient
from ec2bench.scripted.sim.profile import SimProfile, load_profiles

__all__ = ["SimClient", "SimProfile", "load_profiles", "reference_progress"]
