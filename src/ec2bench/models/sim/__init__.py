"""The reference-policy simulator (`sim/<profile>` models)."""

from ec2bench.models.sim.policy import SimClient, reference_progress
from ec2bench.models.sim.profile import SimProfile, load_profiles

__all__ = ["SimClient", "SimProfile", "load_profiles", "reference_progress"]
