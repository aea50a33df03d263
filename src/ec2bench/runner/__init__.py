"""Running episodes and sweeps: `episode` (one episode: models, boundary, loop, grading, audit),
`sweep` (planning and the threaded executor), `prepare` (calibration phases), `ray_executor`, the
results `store`, and `tempdirs`.
"""
