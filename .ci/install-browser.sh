#!/usr/bin/env bash
# What the browser tests (pytest -m browser: the HTML report, the browser app) need: Debian's Chromium and
# its ChromeDriver, and Selenium from PyPI. Selenium is always given /usr/bin/chromedriver, so it never
# downloads a driver or a browser of its own. Idempotent; a no-op when everything is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
# CJK fonts, so Chinese prompts and tool results render in screenshots instead of boxes
fc-list 2>/dev/null | grep -qi "noto sans cjk" || missing+=(fonts-noto-cjk)
if ((${#missing[@]})); then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-browser: no apt-get; install ${missing[*]} by hand (browser tests will be skipped)" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi

python -c "import selenium" 2>/dev/null || python -m pip install -q -e '.[browser]'

chromium --version
chromedriver --version
python -c "import selenium; print('selenium', selenium.__version__)"
