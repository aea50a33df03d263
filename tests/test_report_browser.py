"""The HTML report in a real browser: headless Debian Chromium driven by Selenium through chromedriver.

Needs `.ci/install-browser.sh` (Debian chromium + chromium-driver, and selenium from PyPI); skipped
with the reason otherwise. Selenium is pointed at the system chromedriver, so it never downloads one.
A screenshot of the report and of a trace is saved next to the test's report (and copied to
$EC2BENCH_SCREENSHOTS when set).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ec2bench.cli import app

pytestmark = pytest.mark.browser

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver") or ("/usr/bin/chromedriver" if Path("/usr/bin/chromedriver").exists() else None)
SUITE = Path(__file__).parent / "data" / "suite"


def _missing() -> str | None:
    if not CHROMIUM:
        return "no chromium on PATH (run .ci/install-browser.sh)"
    if not CHROMEDRIVER:
        return "no chromedriver (Debian chromium-driver; run .ci/install-browser.sh)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (run .ci/install-browser.sh)"
    return None


@pytest.fixture(scope="module")
def report_file(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("browser")
    cli = CliRunner()
    result = cli.invoke(app, ["run", "--suite", str(SUITE), "--out", str(root / "r"), "--repeats", "2", "--jobs", "1",
                              "--strategies", "edge_only,cloud_only"])
    assert result.exit_code == 0, result.output
    out = root / "report.html"
    result = cli.invoke(app, ["report", str(root / "r"), "--format", "html", "-o", str(out), "--suite", str(SUITE)])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def browser():
    reason = _missing()
    if reason:
        pytest.skip(reason)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="ec2bench-chromium-")
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--user-data-dir={profile}", "--window-size=1400,1800"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def _screenshot(driver, path: Path) -> None:
    assert driver.save_screenshot(str(path)) and path.stat().st_size > 10_000
    target = os.environ.get("EC2BENCH_SCREENSHOTS")
    if target:
        Path(target).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(target) / path.name)


def _column(driver, table: str, index: int) -> list[str]:
    return [td.get_attribute("data-v") for td in driver.find_elements("css selector", f"#{table} tbody tr td:nth-child({index})")]


def test_leaderboard_sorts_and_a_trace_shows_the_exposed_unit(browser, report_file):
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(report_file.as_uri())
    assert browser.title == "ec2bench report"
    assert browser.find_element("id", "sim-banner").is_displayed()
    strategies = [tr.get_attribute("data-strategy") for tr in browser.find_elements("css selector", "#board tbody tr")]
    assert sorted(strategies) == ["cloud_only", "edge_only"]
    assert len(browser.find_elements("css selector", "#plot-cost svg, #plot-exposure svg")) == 2

    headers = browser.find_elements("css selector", "#board thead th")
    titles = [h.text.strip(" ↕▲▼") for h in headers]
    privacy = headers[titles.index("privacy %")]
    col = titles.index("privacy %") + 1
    privacy.click()
    assert privacy.get_attribute("aria-sort") == "ascending"
    ascending = [float(v) for v in _column(browser, "board", col)]
    assert ascending == sorted(ascending) and ascending[0] < ascending[-1]
    assert browser.find_element("css selector", "#board tbody tr").get_attribute("data-strategy") == "cloud_only"
    privacy.click()
    assert privacy.get_attribute("aria-sort") == "descending"
    assert [float(v) for v in _column(browser, "board", col)] == sorted(ascending, reverse=True)
    assert browser.find_element("css selector", "#board tbody tr").get_attribute("data-strategy") == "edge_only"
    _screenshot(browser, report_file.with_name("report.png"))

    # the task table links each episode; the cloud-only one sent Li Wei's phone to the cloud
    cloud_col = [h.text.strip(" ↕▲▼") for h in browser.find_elements("css selector", "#task-table thead th")].index("cloud_only") + 1
    link = browser.find_element("css selector", f"#task-table tbody tr td:nth-child({cloud_col}) a.ep")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    wait = WebDriverWait(browser, 20)
    wait.until(ec.visibility_of_element_located(("id", "trace-view")))
    mark = wait.until(ec.visibility_of_element_located(("css selector", '#trace-body .ev.boundary mark.unit.x[data-unit~="u1"]')))
    assert "".join(ch for ch in mark.text if ch.isdigit()) == "13912345678"
    assert "contact_info" in mark.get_attribute("title")
    assert not browser.find_element("id", "report").is_displayed()
    assert browser.find_elements("css selector", "#trace-body .ev.step.cloud")
    assert browser.find_elements("css selector", "#trace-body .ev.end")
    _screenshot(browser, report_file.with_name("trace.png"))

    browser.find_element("css selector", ".back a").click()
    wait.until(ec.visibility_of_element_located(("id", "report")))
    assert not browser.find_element("id", "trace-view").is_displayed()
    errors = [e for e in browser.get_log("browser") if e.get("level") == "SEVERE"] if hasattr(browser, "get_log") else []
    assert not errors, errors
