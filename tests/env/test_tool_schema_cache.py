"""Tool schemas are generated once per app method and shared by every workspace."""

from ec2bench.env.workspace import Workspace


def test_schemas_are_built_once_and_equal_across_workspaces():
    with Workspace.create(["notes", "calendar"], {}) as first, Workspace.create(["calendar", "notes"], {}) as second:
        a, b = first.openai_tools(), second.openai_tools()
    assert a == b and len(a) > 5
    assert all(x["function"]["parameters"] is y["function"]["parameters"] for x, y in zip(a, b, strict=False))
    assert all("title" not in t["function"]["parameters"] for t in a)
