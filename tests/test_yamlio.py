"""The fast YAML loader reads every file of the built-in suite exactly as the pure-Python loader does."""

from pathlib import Path

import pytest
import yaml

import ec2bench
from ec2bench.core.yamlio import load_yaml, textual_resolvers

SUITE = Path(ec2bench.__file__).parent / "suite"
YAML_FILES = sorted(p for p in SUITE.rglob("*") if p.suffix in (".yaml", ".yml"))


class PureTextualLoader(yaml.SafeLoader):
    pass


textual_resolvers(PureTextualLoader)


def test_the_suite_has_yaml_files():
    assert len(YAML_FILES) >= 30  # task.yaml and fixtures of every task


@pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML without libyaml: both paths are the pure loader")
def test_the_c_loader_is_used():
    from ec2bench.core.yamlio import _TextualLoader

    assert issubclass(_TextualLoader, yaml.CSafeLoader)


def test_identical_to_the_pure_loader_on_every_suite_file():
    for path in YAML_FILES:
        text = path.read_text(encoding="utf-8")
        assert load_yaml(text) == yaml.load(text, Loader=PureTextualLoader), path  # noqa: S506


def test_dates_and_times_stay_text_and_numbers_stay_numbers():
    text = "d: 2026-03-02\nt: 10:30\ni: 42\nh: 0x1f\nf: 1.5\ne: 1e3\nb: true\nn: ~\n"
    assert load_yaml(text) == {"d": "2026-03-02", "t": "10:30", "i": 42, "h": 31, "f": 1.5, "e": 1000.0, "b": True, "n": None}
    assert load_yaml(text) == yaml.load(text, Loader=PureTextualLoader)  # noqa: S506


def test_leading_zero_numbers_stay_text_and_explicit_octals_are_numbers():
    # a day "0205", a postal code "02139": YAML 1.1 would read 133 and 1121 (octal)
    text = "day: 0205\nzip: 02139\nzero: 0\noctal: 0o17\nlist: [007, 7]\n"
    assert load_yaml(text) == {"day": "0205", "zip": "02139", "zero": 0, "octal": 15, "list": ["007", 7]}
