"""Outside agents: any agent that speaks MCP and the OpenAI chat API, scored like ec2bench's own loop.

Per episode, `run.run_outside_agent` serves the workspace as an MCP server (`mcp_server`) and the edge and
cloud models behind an OpenAI-compatible proxy (`proxy`), both over one `session.BridgeSession` that does
what the loop does at each tool call and model request, and runs the agent (`spec.AgentSpec`: a command or
a Python callable) in a network-less sandbox (`launch`). `context.AgentContext` is what the agent is told;
`minimal` is the smallest such agent. See docs/agents.md.
"""
