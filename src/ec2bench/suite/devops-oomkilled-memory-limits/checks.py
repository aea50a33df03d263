"""Checks for devops-oomkilled-memory-limits: read the main container of each Deployment manifest."""

from __future__ import annotations

import yaml

from ec2bench.grading.checks import GradingContext


def _main_container(ctx: GradingContext, service: str) -> dict | None:
    """The container named like the service in k8s/<service>/deployment.yaml, or None if unreadable."""
    file = ctx.root / "k8s" / service / "deployment.yaml"
    if not file.is_file():
        return None
    try:
        doc = yaml.safe_load(file.read_text(encoding="utf-8"))
        containers = doc["spec"]["template"]["spec"]["containers"]
    except (yaml.YAMLError, KeyError, TypeError):
        return None
    return next((c for c in containers if isinstance(c, dict) and c.get("name") == service), None)


def _mib(value: object) -> float | None:
    """A Kubernetes memory quantity in MiB (`832Mi`, `1Gi`, `872415232`)."""
    text = str(value).strip()
    units = {"Mi": 1.0, "Gi": 1024.0, "Ki": 1 / 1024, "M": 1e6 / 2**20, "G": 1e9 / 2**20}
    for suffix, factor in units.items():
        if text.endswith(suffix) and text[: -len(suffix)].replace(".", "", 1).isdigit():
            return float(text[: -len(suffix)]) * factor
    return float(text) / 2**20 if text.isdigit() else None


def limits_are(ctx: GradingContext, expected: dict[str, list[int]]) -> float:
    """Share of services whose main container's memory limit equals the expected MiB and whose request is unchanged
    (`expected` maps service to `[limit, request]`)."""
    ok = 0
    for svc, (limit, request) in expected.items():
        res = (_main_container(ctx, svc) or {}).get("resources") or {}
        ok += _mib((res.get("limits") or {}).get("memory")) == limit and _mib((res.get("requests") or {}).get("memory")) == request
    return ok / len(expected)


def heap_share_is(ctx: GradingContext, services: list[str], percent: int) -> float:
    """Share of services whose JAVA_TOOL_OPTIONS set MaxRAMPercentage to `percent`."""
    flag = f"-XX:MaxRAMPercentage={percent}"
    ok = 0
    for svc in services:
        env = (_main_container(ctx, svc) or {}).get("env") or []
        opts = next((e.get("value") or "" for e in env if isinstance(e, dict) and e.get("name") == "JAVA_TOOL_OPTIONS"), "")
        ok += flag in opts.split()
    return ok / len(services)


def only_jobs_run(ctx: GradingContext, allowed: list[str]) -> bool:
    """No deploy job outside `allowed` was triggered (services without OOM kills stay as deployed)."""
    return all(r["job_id"] in allowed for r in ctx.state.get("scheduler", {}).get("runs", []) if r.get("trigger") == "manual")


def deploys_triggered(ctx: GradingContext, job_ids: list[str]) -> float:
    """Share of the deploy jobs with a manual run."""
    runs = ctx.state.get("scheduler", {}).get("runs", [])
    return sum(any(r["job_id"] == j and r.get("trigger") == "manual" for r in runs) for j in job_ids) / len(job_ids)


def owners_told(ctx: GradingContext, owners: dict[str, list[str]], new_limits: dict[str, int] | None = None) -> float:
    """Share of services whose owner (or stand-in) got a direct message from the agent naming the service and,
    when `new_limits` gives it, the service's new limit in MiB (`832Mi`, `832 MiB`); `owners` maps a service to
    the direct channels that count."""
    from ec2bench.core.textmatch import occurs

    mine = [m for m in ctx.state.get("chat", {}).get("messages", []) if m.get("sender") == "me"]

    def told(svc: str, chans: list[str]) -> bool:
        limit = (new_limits or {}).get(svc)
        return any(m.get("channel") in chans and svc in (m.get("text") or "")
                   and (limit is None or occurs(str(limit), m.get("text") or "")) for m in mine)

    return sum(told(svc, chans) for svc, chans in owners.items()) / len(owners)
