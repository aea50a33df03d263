"""The privacy axis: the `boundary` every cloud-bound request passes, the `exposure` audit of what
crossed it, the `egress` audit of what left the user's hands inside the workspace, the `matching` both
use, the optional LLM `judge`, and the pseudonymising `guard` (with `detect`).
"""
