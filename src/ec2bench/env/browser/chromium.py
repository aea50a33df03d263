"""Headless Chromium processes, kept between episodes: starting one costs ~1 s of CPU, as much as
a whole browsing episode's clicks.

A `Chromium` is Debian's Chromium under ChromeDriver (Selenium), confined as the engines' module
docstring says, with its own relay: a loopback server that is Chromium's proxy for its whole life
and hands each request to the site of the episode that holds the browser (`Site.handle`, which
answers only for that site's host), or refuses it when no episode does. So one process serves the
sites of many episodes, one episode at a time.

`BROWSERS` lends them out: `acquire` gives an idle one (or starts one) and attaches the episode's
site; `release` wipes what the episode left before the next may see it (a fresh tab, so no history
or session storage; cookies, cache, and the site's local storage and databases cleared) and keeps it,
at most `MAX_IDLE` per process, else quits it. A browser whose wipe fails is quit, never lent again.
Idle browsers are quit by `close_idle` (the sweep calls it when it ends, every worker process when it
exits) and at interpreter exit; a forked child forgets its parent's, which are not its to drive.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import threading
from collections.abc import Callable
from typing import Any

from ec2bench.env.browser.site import Site, serve

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
PAGE_TIMEOUT_S = 15.0
MAX_IDLE = 2  # idle browsers kept per process (~150 MB each); more episodes browsing at once start more


class BrowserStartFailed(Exception):
    """Chromium or ChromeDriver did not start (the machine's failure, never the agent's)."""


class Chromium:
    """One headless Chromium whose proxy is its relay, lent to one episode's site at a time."""

    def __init__(self) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        self.site: Site | None = None
        self._relay = serve(self._relayed, name="chromium-relay")
        self.profile = tempfile.mkdtemp(prefix="ec2chromium-")
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                    "--window-size=1280,1000", f"--user-data-dir={self.profile}",
                    f"--proxy-server=http://127.0.0.1:{self._relay.server_address[1]}", "--proxy-bypass-list=<-loopback>",
                    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1", "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--disable-default-apps", "--disable-extensions", "--metrics-recording-only", "--no-pings",
                    "--safebrowsing-disable-auto-update", "--disable-domain-reliability", "--dns-prefetch-disable"):
            options.add_argument(arg)
        try:
            self.driver: Any = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        except Exception as exc:
            self._remove_aids()
            raise BrowserStartFailed(f"Chromium did not start ({type(exc).__name__})") from None
        self.driver.set_page_load_timeout(PAGE_TIMEOUT_S)

    def _relayed(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> list[bytes]:
        site = self.site
        if site is None:
            body = b"Blocked: no site is open in this browser"
            start_response("403 Forbidden", [("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", str(len(body)))])
            return [body]
        return site.handle(environ, start_response)

    def wipe(self) -> None:
        """Leave nothing of the last episode: one fresh tab, and no cookies, cache or site storage."""
        site, driver = self.site, self.driver
        old = driver.window_handles
        driver.switch_to.new_window("tab")
        fresh = driver.current_window_handle
        for handle in old:
            driver.switch_to.window(handle)
            driver.close()
        driver.switch_to.window(fresh)
        driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
        driver.execute_cdp_cmd("Network.clearBrowserCache", {})
        if site is not None:
            driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": site.origin, "storageTypes": "all"})
        self.site = None

    def quit(self) -> None:
        try:
            self.driver.quit()
        finally:
            self._remove_aids()

    def _remove_aids(self) -> None:
        """Stop the relay and remove the profile folder: what this browser had besides its processes."""
        self._relay.shutdown()
        self._relay.server_close()
        shutil.rmtree(self.profile, ignore_errors=True)


class ChromiumPool:
    """The idle browsers of this process (see the module docstring)."""

    def __init__(self) -> None:
        self._idle: list[Chromium] = []
        self._lock = threading.Lock()

    def acquire(self, site: Site) -> Chromium:
        """An idle browser, or a new one, lent to `site` until `release`."""
        with self._lock:
            browser = self._idle.pop() if self._idle else None
        if browser is None:
            browser = Chromium()
        browser.site = site
        return browser

    def release(self, browser: Chromium) -> None:
        """Wipe the browser and keep it for the next episode (quit it if the wipe fails or enough are idle)."""
        try:
            browser.wipe()
        except Exception:  # a browser that cannot be wiped is never lent again
            browser.quit()
            return
        with self._lock:
            if len(self._idle) < MAX_IDLE:
                self._idle.append(browser)
                return
        browser.quit()

    def close_idle(self) -> None:
        """Quit every idle browser (the sweep is over, or the process is leaving)."""
        with self._lock:
            idle, self._idle = self._idle, []
        for browser in idle:
            try:
                browser.quit()
            except Exception:  # noqa: S112 - a browser that died already needs no quitting
                continue

    def forget(self) -> None:
        """In a forked child: drop the parent's browsers without touching them (they are its to quit)."""
        self._idle = []
        self._lock = threading.Lock()


BROWSERS = ChromiumPool()
atexit.register(BROWSERS.close_idle)
os.register_at_fork(after_in_child=BROWSERS.forget)
