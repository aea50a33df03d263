"""Routers: device-side scorers that decide between edge and cloud (higher score = more reason to use the cloud)."""
