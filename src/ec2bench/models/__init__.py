"""Models: the client protocol (`base`), the provider registry (`registry`: model strings to
`ModelInfo` and per-episode clients), real backends (`openai_compat`, `llamacpp`, `hf`), metering
(`metered`, `tokens`), prices (`pricing`), named endpoints (`endpoints`) and the record/replay `cache`.
Scripted models (sim, replay, adversaries) are providers of `ec2bench.scripted`.
"""
