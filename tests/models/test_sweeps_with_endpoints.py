"""Whole sweeps against a stub endpoint: record/replay cache, cloud budget, concurrency cap, keys never stored."""

from __future__ import annotations

import json
import secrets
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ec2bench.bench.stub import serve
from ec2bench.cli import app
from ec2bench.runner.store import Store
from openai_stub import ScriptedAgent, StubServer, error_body

runner = CliRunner()
SAME = ("completion", "status", "steps", "tool_calls", "cloud_calls", "cloud_input_tokens", "cloud_cached_tokens",
        "cloud_output_tokens", "cloud_usd", "edge_calls", "edge_input_tokens", "edge_output_tokens", "exposure")


def run(*args: str):
    result = runner.invoke(app, ["run", *args])
    assert result.exit_code == 0, result.output
    return result


def stub_args(stub: StubServer, suite: Path, out: Path, *extra: str) -> list[str]:
    return ["--suite", str(suite), "--out", str(out), "--repeats", "2", "--jobs", "1",
            "--strategies", "edge_only,cloud_only", "--edge", "openai/stub", "--edge-base-url", stub.base_url,
            "--cloud", "openai/stub", "--cloud-base-url", stub.base_url, "--cloud-price", "2.5,0.25,15", *extra]


def answers(out: Path) -> dict[str, str]:
    """The final answer of every stored episode, by key."""
    store = Store.open(out, create=False)
    found = {}
    for row in store.rows():
        steps = [e for e in map(json.loads, store.trace_path(row.key).read_text().splitlines()) if e["type"] == "step"]
        found[row.key] = steps[-1]["message"]["content"]
    return found


def rows(out: Path) -> dict[str, dict]:
    return {r.key: r for r in Store.open(out, create=False).rows()}


def test_cache_replays_a_sweep_exactly_without_any_request(stub_server: StubServer, mini_suite: Path,
                                                           tmp_path: Path) -> None:
    stub_server.respond = ScriptedAgent()
    cache = tmp_path / "cache"
    first = run(*stub_args(stub_server, mini_suite, tmp_path / "r1", "--cache", str(cache)))
    sent = len(stub_server.requests)
    assert sent == 4 * 3  # 4 episodes x (search, send, answer)
    assert f"cache {cache}: 0 hits, 12 misses (12 calls reached a model)" in first.output.replace("\n", " ")
    assert len(list(cache.glob("*/*.json"))) == 12

    second = run(*stub_args(stub_server, mini_suite, tmp_path / "r2", "--cache", str(cache)))
    assert len(stub_server.requests) == sent  # zero network calls
    assert "12 hits, 0 misses (0 calls reached a model)" in second.output.replace("\n", " ")
    one, two = rows(tmp_path / "r1"), rows(tmp_path / "r2")
    assert one.keys() == two.keys()
    for key in one:
        assert {c: getattr(one[key], c) for c in SAME} == {c: getattr(two[key], c) for c in SAME}
        assert one[key].status == "ok" and one[key].completion == 100
    assert answers(tmp_path / "r1") == answers(tmp_path / "r2")
    # repeats are distinct samples (the episode seed is in the key), not copies of repeat 0
    assert len(set(answers(tmp_path / "r1").values())) == 4

    uncached = run(*stub_args(stub_server, mini_suite, tmp_path / "r3"))
    assert len(stub_server.requests) == 2 * sent
    assert "hits" not in uncached.output
    assert set(answers(tmp_path / "r3").values()).isdisjoint(answers(tmp_path / "r1").values())


def test_cache_entries_hold_request_and_completion_but_no_address(stub_server: StubServer, mini_suite: Path,
                                                                  tmp_path: Path) -> None:
    stub_server.respond = ScriptedAgent()
    cache = tmp_path / "cache"
    run(*stub_args(stub_server, mini_suite, tmp_path / "r", "--cache", str(cache), "--strategies", "cloud_only",
                   "--repeats", "1"))
    entries = [json.loads(p.read_text()) for p in sorted(cache.glob("*/*.json"))]
    assert len(entries) == 3
    for entry in entries:
        assert entry["model"] == {"provider": "openai", "model": "stub", "temperature": None, "max_output_tokens": 1024,
                                  "scope": "cloud"}
        assert entry["request"]["messages"][1]["content"].startswith("Find Li Wei")
        assert entry["completion"]["usage"]["cached_input_tokens"] == 40
        assert stub_server.base_url.split("//")[1] not in json.dumps(entry)


def test_budget_stops_starting_episodes_and_says_so(mini_suite: Path, tmp_path: Path) -> None:
    out = tmp_path / "r"
    args = ["--suite", str(mini_suite), "--out", str(out), "--repeats", "5", "--strategies", "cloud_only"]
    first = run(*args, "--jobs", "1", "--max-cloud-usd", "0.000001")
    stored = rows(out)
    assert len(stored) == 1  # the first episode spends more than the limit; no second one starts
    spent = sum(r.cloud_usd for r in stored.values())
    assert spent > 0.000001
    assert f"budget reached: ${spent:.4f} spent of --max-cloud-usd 1e-06; 4 episode(s) not started" in first.output

    again = run(*args, "--jobs", "1", "--max-cloud-usd", "0.000001")  # the stored spend counts on resume
    assert len(rows(out)) == 1 and "4 episode(s) not started" in again.output

    parallel = run(*args, "--jobs", "2", "--max-cloud-usd", str(spent * 1.5))
    assert len(rows(out)) == 3  # at most `jobs` episodes were in flight when the limit was reached
    assert "2 episode(s) not started" in parallel.output

    rest = run(*args, "--jobs", "2", "--max-cloud-usd", "100")
    assert len(rows(out)) == 5 and "budget reached" not in rest.output


def test_max_concurrency_caps_calls_in_flight_across_the_sweep(mini_suite: Path, tmp_path: Path) -> None:
    """Two jobs, one endpoint with max_concurrency 1: the episodes run, but never two calls at once."""
    with serve(delay_s=0.05, tool_calls=2) as stub:
        models = tmp_path / "models.yaml"
        models.write_text(f"stub: {{provider: openai, model: stub, base_url: '{stub.base_url}', max_concurrency: 1,"
                          " price: {input: 1, output: 2}}\n")
        result = run("--suite", str(mini_suite), "--out", str(tmp_path / "r"), "--repeats", "2", "--jobs", "2",
                     "--models", str(models), "--edge", "stub", "--cloud", "stub")
    assert "at most 1 call(s) in flight to stub" in result.output
    assert "to run with 2 job(s)" in result.output
    assert stub.requests > 0 and stub.max_in_flight == 1
    assert {r.cloud for r in rows(tmp_path / "r").values()} == {"stub"}


def everything_under(folder: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file())


@pytest.mark.parametrize("failing", [False, True])
def test_api_key_never_reaches_store_cache_or_output(stub_server: StubServer, mini_suite: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch, failing: bool) -> None:
    secret = "sk-ec2-" + secrets.token_hex(16)
    monkeypatch.setenv("EC2_STUB_SECRET", secret)
    if failing:  # a server that echoes the key in its error message, as hosted APIs do on 401
        stub_server.respond = lambda request: (401, error_body(f"Incorrect API key provided: {secret}"), {})
    else:
        stub_server.respond = ScriptedAgent()
    models = tmp_path / "models.yaml"
    models.write_text(f"stub: {{provider: openai, model: stub, base_url: '{stub_server.base_url}', "
                      "api_key_env: EC2_STUB_SECRET, price: {input: 1, cached_input: 0.1, output: 2}}\n")
    out, cache = tmp_path / "r", tmp_path / "cache"
    result = run("--suite", str(mini_suite), "--out", str(out), "--repeats", "1", "--jobs", "1",
                 "--models", str(models), "--edge", "stub", "--cloud", "stub", "--cache", str(cache),
                 "--fail-on-error", "3")  # failing: both episodes error, which is what this test wants
    assert stub_server.headers and all(h["authorization"] == f"Bearer {secret}" for h in stub_server.headers)
    statuses = {r.status for r in rows(out).values()}
    assert statuses == ({"error"} if failing else {"ok"})
    for text in (everything_under(out), everything_under(tmp_path / "cache") if cache.exists() else b"",
                 result.output.encode()):
        assert secret.encode() not in text
        assert secret[7:].encode() not in text  # not even the random part
    if failing:
        assert all("the API key was rejected" in r.error for r in rows(out).values())


def test_max_output_tokens_per_role(stub_server: StubServer, mini_suite: Path, tmp_path: Path) -> None:
    """--max-output-tokens caps both roles; --edge-/--cloud-max-output-tokens win for their role; default 1024."""
    def caps(out: str, *extra: str) -> set[int]:
        """The max_tokens values the sweep's requests carried (edge_only and cloud_only by default)."""
        stub_server.requests.clear()
        run(*stub_args(stub_server, mini_suite, tmp_path / out, "--repeats", "1", *extra))
        return {r["max_tokens"] for r in stub_server.requests}

    stub_server.respond = ScriptedAgent()
    assert caps("a") == {1024}
    assert caps("b", "--max-output-tokens", "200") == {200}
    assert caps("c", "--max-output-tokens", "200", "--cloud-max-output-tokens", "64") == {200, 64}
    assert caps("d", "--edge-max-output-tokens", "32", "--strategies", "edge_only") == {32}
