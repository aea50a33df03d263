"""The agent loop (`loop.run_agent`): each step a strategy produces a turn, the workspace runs its
tool calls, and the trace records it, until an answer, the step limit or the deadline.
"""
