#!/usr/bin/env bash
# CI: validate the built-in suite as users install it. A non-editable install (`pip install .`, or the wheel
# from an index) byte-compiles every .py file of the package, the suite's fixture scripts included, so the
# installed task folders hold __pycache__ that the source tree does not; an editable install never shows
# what that does to workspaces and hashes. This builds the wheel, installs it into a fresh temporary venv
# (the core dependencies from the package index) and runs `ec2bench tasks validate` from there.
set -euo pipefail
cd "$(dirname "$0")/.."
python="${PYTHON:-python}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
start=$SECONDS
"$python" -m pip wheel -q --no-deps -w "$work/dist" .
"$python" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install -q "$work"/dist/ec2bench-*.whl
echo "validate-wheel: wheel built and installed in $((SECONDS - start)) s"
(cd "$work" && "$work/venv/bin/ec2bench" tasks validate)
echo "validate-wheel: done in $((SECONDS - start)) s"
