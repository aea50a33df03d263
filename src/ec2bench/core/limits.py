"""Bounds every layer agrees on: what one model reply may hold.

A task may cap its tool calls per reply (`max_tool_calls_per_reply` in task.yaml) only within
`MAX_REPLY_TOOL_CALLS`, and a client refuses a bigger reply (`models.base.reply_problem`): the
schema and the clients read the bound from here so the two cannot drift apart.
"""

MAX_REPLY_CHARS = 1_000_000  # text, reasoning and tool-call arguments of one reply, together
MAX_REPLY_TOOL_CALLS = 128  # tool calls in one reply
