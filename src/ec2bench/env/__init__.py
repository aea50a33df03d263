"""The workspace an episode acts in: `workspace.Workspace` (apps, the tool log, outbound messages,
snapshots), `apps/` (one module per app; `register_app` adds one), `tools` (schemas from method
signatures), `sandbox` (bubblewrap for the shell), `people` (reactions at run time), `clock`, `paths`.
"""
