"""The two engines behind the browser tools: headless Chromium and the text-only fallback.

Both load pages from the task's site (`ec2bench.env.browser.site`) and render them with
`ec2bench.env.browser.page`, so the agent reads the same snapshot from either; they differ in what
runs. `ChromiumEngine` drives Debian's Chromium through ChromeDriver (Selenium): scripts run, clicks
are real clicks, screenshots are images. `TextEngine` parses the HTML the site sent, keeps what the
agent typed and selected in the parsed forms and submits them by HTTP, as a browser without scripts
would; it takes no screenshots.

Which one an episode gets (`choose_engine`): Chromium where it is installed, else the text engine if
the task declares the fallback (`site: {fallback: text}` in `fixtures/browser.yaml`), else the episode
is an environment error. `EC2BENCH_BROWSER=text` forces the fallback (to measure a sweep without
Chromium), `EC2BENCH_BROWSER=chromium` requires Chromium.

What confines Chromium: every request goes to its relay as its proxy (`--proxy-server`, loopback
included by `<-loopback>`), which hands it to the site of the episode holding the browser, and that
answers only for the site's host and refuses `CONNECT`; host names never resolve
(`--host-resolver-rules=MAP * ~NOTFOUND`); UDP that bypasses the proxy (WebRTC) is off; background
services (updates, sync, safe browsing, metrics) are off; the profile is a temporary folder. A
browser is kept between episodes (`ec2bench.env.browser.chromium`): an episode gets it wiped, in a
fresh tab without cookies, cache or site storage. Not covered: Chromium runs with `--no-sandbox`
(its own sandbox needs user namespaces that containers rarely allow) as the benchmark's user, so a
page that exploited the browser would run as that user (and could outlive its episode in the kept
browser); `file://` and other schemes are refused by the navigate tool, not by Chromium,
so a task's own page could still link to them.
"""

from __future__ import annotations

import http.client
import importlib.util
import os
import time
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any, Literal, Protocol
from urllib.parse import quote, urlencode, urljoin, urlsplit

from ec2bench.env.browser.chromium import BROWSERS, CHROMEDRIVER, CHROMIUM, PAGE_TIMEOUT_S, BrowserStartFailed, Chromium
from ec2bench.env.browser.page import (
    ANNOTATE_JS,
    INTERACTIVE,
    REF_ATTR,
    Node,
    Page,
    control_value,
    input_type,
    option_value,
    render,
)
from ec2bench.env.browser.site import Site
from ec2bench.env.sandbox import SandboxFailure
from ec2bench.env.tools import ToolError

EngineName = Literal["chromium", "text"]
ENGINE_ENV = "EC2BENCH_BROWSER"  # auto (default) | chromium | text
MAX_REDIRECTS = 5
NAVIGATION_GRACE_S = 0.4  # how long a click or submit may take to start loading the next page
MAX_BODY_BYTES = 2_000_000


class BrowserUnavailable(SandboxFailure):
    """No engine the task allows can run on this machine: an environment error, never the agent's."""


def chromium_available() -> bool:
    """Whether Chromium, ChromeDriver and Selenium are all installed (`.ci/install-browser.sh`)."""
    return (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)
            and importlib.util.find_spec("selenium") is not None)


def choose_engine(fallback: str | None) -> EngineName:
    """The engine for an episode whose task declares `fallback` (`text` or None), per `EC2BENCH_BROWSER`."""
    wanted = os.environ.get(ENGINE_ENV, "auto").strip().lower() or "auto"
    if wanted not in ("auto", "chromium", "text"):
        raise BrowserUnavailable(f"{ENGINE_ENV}={wanted!r}: expected auto, chromium or text")
    if wanted != "text" and chromium_available():
        return "chromium"
    if wanted == "chromium":
        raise BrowserUnavailable(f"{ENGINE_ENV}=chromium but Chromium is not installed (.ci/install-browser.sh)")
    if fallback == "text":
        return "text"
    why = f"{ENGINE_ENV}=text" if wanted == "text" else "Chromium is not installed (.ci/install-browser.sh)"
    raise BrowserUnavailable(f"{why}, and this task declares no text fallback (site: {{fallback: text}})")


class Engine(Protocol):
    name: EngineName

    def open(self, url: str) -> Page: ...
    def snapshot(self) -> Page: ...
    def click(self, ref: int) -> Page: ...
    def type(self, ref: int, text: str) -> None: ...
    def select(self, ref: int, value: str) -> str: ...
    def submit(self, ref: int | None) -> Page: ...
    def screenshot(self, path: Path) -> None: ...
    def close(self) -> None: ...


def _field(page: Page, ref: int) -> Node:
    node = page.refs.get(ref)
    if node is None:
        raise ToolError(f"no element [{ref}] on this page; take a browser_snapshot for the current refs")
    return node


def _pick_option(node: Node, value: str) -> Node:
    """The option of a select that `value` names, by value or visible text (case-insensitive)."""
    if node.tag != "select":
        raise ToolError("that element is not a dropdown (combobox); use browser_type or browser_click")
    options = [o for o in node.iter() if o.tag == "option"]
    wanted = " ".join(value.split()).casefold()
    for option in options:
        if wanted in (option_value(option).casefold(), option.text_content().casefold()):
            return option
    partial = [o for o in options if wanted and wanted in o.text_content().casefold()]
    if len(partial) == 1:  # "WN 2210" for "WN 2210 · 07:15–10:20 · $298"
        return partial[0]
    listed = ", ".join(o.text_content() for o in options)
    raise ToolError(f"no option {value!r} in that dropdown (options: {listed})")


# what a URL may hold as it is; anything else (spaces, letters beyond ASCII) goes out percent-encoded as UTF-8, as a
# browser sends an address typed with them (`%` is kept: an address already encoded is not encoded twice)
_URL_SAFE = "!#$%&'()*+,/:;=?@[]~"


class TextEngine:
    """Pages as text, forms submitted by HTTP: no scripts, no screenshots."""

    name: EngineName = "text"

    def __init__(self, site: Site) -> None:
        self.site = site
        self.cookies: dict[str, str] = {}
        self.page: Page | None = None

    def open(self, url: str) -> Page:
        return self._request("GET", url)

    def snapshot(self) -> Page:
        page = self._current()
        self.page = render(_serialise(page.root), page.url)  # the form state as typed so far
        return self.page

    def click(self, ref: int) -> Page:
        page = self._current()
        node = _field(page, ref)
        kind = input_type(node)
        if node.tag == "a":
            return self.open(urljoin(page.url, node.attrs["href"]))
        if kind in ("checkbox", "radio"):
            if "disabled" in node.attrs:
                raise ToolError("that control is disabled")
            if kind == "checkbox" and "checked" in node.attrs:
                del node.attrs["checked"]
            else:
                form, name = node.ancestor("form") or page.root, node.attrs.get("name")
                for other in form.iter() if kind == "radio" else []:
                    if input_type(other) == "radio" and other.attrs.get("name") == name:
                        other.attrs.pop("checked", None)
                node.attrs["checked"] = ""
            return self.snapshot()
        if node.tag == "button" and node.attrs.get("type", "submit").lower() == "submit" or kind in ("submit", "image"):
            return self._submit(node.ancestor("form"), node)
        return self.snapshot()  # a button without a form does nothing without scripts

    def type(self, ref: int, text: str) -> None:
        node = _field(self._current(), ref)
        if node.tag not in ("input", "textarea") or input_type(node) in ("checkbox", "radio", "submit", "button", "image"):
            raise ToolError("that element takes no typing; use browser_click or browser_select")
        if "disabled" in node.attrs or "readonly" in node.attrs:
            raise ToolError("that field is disabled or read-only")
        node.attrs["value"] = text

    def select(self, ref: int, value: str) -> str:
        node = _field(self._current(), ref)
        chosen = _pick_option(node, value)
        for option in node.iter():
            if option.tag == "option":
                option.attrs.pop("selected", None)
        chosen.attrs["selected"] = ""
        return chosen.text_content()

    def submit(self, ref: int | None) -> Page:
        page = self._current()
        if ref is not None:
            node = _field(page, ref)
            form = node if node.tag == "form" else node.ancestor("form")
        else:
            forms = [n for n in page.root.iter() if n.tag == "form"]
            if len(forms) != 1:
                raise ToolError(f"this page has {len(forms)} forms; give the ref of a field of the one to submit")
            form = forms[0]
        return self._submit(form, None)

    def screenshot(self, path: Path) -> None:
        raise ToolError("screenshots need Chromium; this episode runs the text-only browser (take a browser_snapshot)")

    def close(self) -> None:
        self.page = None

    def _current(self) -> Page:
        if self.page is None:
            raise ToolError("no page is open; use browser_navigate first")
        return self.page

    def _submit(self, form: Node | None, button: Node | None) -> Page:
        page = self._current()
        if form is None:
            raise ToolError("that element is in no form")
        pairs: list[tuple[str, str]] = []
        for node in form.iter():
            name, kind = node.attrs.get("name"), input_type(node)
            if not name or "disabled" in node.attrs or node.tag not in ("input", "select", "textarea", "button"):
                continue
            if node.tag == "button" or kind in ("submit", "image", "button", "reset"):
                if node is button:
                    pairs.append((name, node.attrs.get("value", "")))
            elif kind in ("checkbox", "radio"):
                if "checked" in node.attrs:
                    pairs.append((name, node.attrs.get("value", "on")))
            else:
                pairs.append((name, control_value(node)))
        missing = [n.attrs.get("name", "?") for n in form.iter() if "required" in n.attrs and n.tag in ("input", "select", "textarea")
                   and not (("checked" in n.attrs) if input_type(n) in ("checkbox", "radio") else control_value(n).strip())]
        if missing:
            raise ToolError(f"the form was not sent: required fields are empty ({', '.join(missing)})")
        action = urljoin(page.url, form.attrs.get("action") or page.url)
        if form.attrs.get("method", "get").lower() == "post":
            return self._request("POST", action, urlencode(pairs).encode())
        return self._request("GET", action.split("?", 1)[0] + ("?" + urlencode(pairs) if pairs else ""))

    def _request(self, method: str, url: str, body: bytes | None = None) -> Page:
        for _ in range(MAX_REDIRECTS + 1):
            parts = urlsplit(url)
            target = quote((parts.path or "/") + (f"?{parts.query}" if parts.query else ""), safe=_URL_SAFE)
            host = quote(parts.netloc, safe=_URL_SAFE) or self.site.host  # a host not in ASCII is not the site's
            headers = {"Host": host, "User-Agent": "ec2bench-text-browser"}
            if self.cookies:
                headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            if body is not None:
                headers["Content-Type"] = "application/x-www-form-urlencoded"
            conn = http.client.HTTPConnection("127.0.0.1", self.site.port, timeout=PAGE_TIMEOUT_S)
            try:
                conn.request(method, target, body=body, headers=headers)
                response = conn.getresponse()
                data = response.read(MAX_BODY_BYTES)
                header_items = response.getheaders()
            finally:
                conn.close()
            for name, value in header_items:
                if name.lower() == "set-cookie":
                    cookie: SimpleCookie = SimpleCookie()
                    cookie.load(value)
                    self.cookies.update({k: m.value for k, m in cookie.items()})
            location = response.getheader("Location")
            if response.status in (301, 302, 303, 307, 308) and location:
                url = urljoin(url, location)
                if response.status in (301, 302, 303):
                    method, body = "GET", None
                continue
            text = data.decode(response.headers.get_content_charset() or "utf-8", errors="replace")
            if "html" not in (response.getheader("Content-Type") or "text/html"):
                text = f"<html><body><pre>{_escape(text)}</pre></body></html>"
            self.page = render(text, url)
            return self.page
        raise ToolError(f"too many redirects from {url}")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _serialise(node: Node) -> str:
    """A parsed tree back to HTML (with the form state the text engine keeps in its attributes)."""
    if not node.tag:
        return _escape(node.text)
    inner = "".join(_serialise(c) for c in node.children)
    if node.tag == "#document":
        return inner
    attrs = "".join(f' {k}="{_escape(v).replace(chr(34), "&quot;")}"' for k, v in node.attrs.items())
    return f"<{node.tag}{attrs}>{inner}</{node.tag}>"


class ChromiumEngine:
    """Headless Chromium through ChromeDriver, confined to the task's site (the module docstring says how)."""

    name: EngineName = "chromium"

    def __init__(self, site: Site) -> None:
        self.site = site
        try:
            self._browser: Chromium | None = BROWSERS.acquire(site)
        except BrowserStartFailed as exc:
            raise BrowserUnavailable(str(exc)) from None
        self.page: Page | None = None

    @property
    def driver(self) -> Any:
        """The lent browser's driver; none once `close` has given the browser back (another episode may hold it)."""
        if self._browser is None:
            raise ToolError("the browser is closed")
        return self._browser.driver

    def open(self, url: str) -> Page:
        from selenium.common.exceptions import WebDriverException

        try:
            self.driver.get(url)
        except WebDriverException as exc:
            raise ToolError(f"the page did not load ({exc.msg or type(exc).__name__})") from None
        return self.snapshot()

    def snapshot(self) -> Page:
        self._settle()
        html = self.driver.execute_script(ANNOTATE_JS, INTERACTIVE)
        self.page = render(html, self.driver.current_url)
        return self.page

    def click(self, ref: int) -> Page:
        self._act(lambda: self._element(ref).click(), navigates=True)
        return self.snapshot()

    def type(self, ref: int, text: str) -> None:
        element = self._element(ref)
        if element.tag_name not in ("input", "textarea") or (element.get_attribute("type") or "").lower() in (
                "checkbox", "radio", "submit", "button", "image"):
            raise ToolError("that element takes no typing; use browser_click or browser_select")
        self._act(lambda: (element.clear(), element.send_keys(text)))

    def select(self, ref: int, value: str) -> str:
        from selenium.webdriver.support.ui import Select

        chosen = _pick_option(_field(self._current(), ref), value)
        self._act(lambda: Select(self._element(ref)).select_by_visible_text(chosen.text_content()))
        return chosen.text_content()

    def submit(self, ref: int | None) -> Page:
        page = self._current()
        if ref is None:
            forms = [n for n in page.root.iter() if n.tag == "form"]
            if len(forms) != 1:
                raise ToolError(f"this page has {len(forms)} forms; give the ref of a field of the one to submit")
            script = "const f = document.forms[0]; f.requestSubmit ? f.requestSubmit() : f.submit();"
            self._act(lambda: self.driver.execute_script(script), navigates=True)
        else:
            element = self._element(ref)
            script = ("const f = arguments[0].form || arguments[0].closest('form'); if (!f) return false;"
                      " f.requestSubmit ? f.requestSubmit() : f.submit(); return true;")
            if not self._act(lambda: self.driver.execute_script(script, element), navigates=True):
                raise ToolError("that element is in no form")
        invalid = self.driver.execute_script(  # still the same document (the marker is there): the form was refused
            "return window.__ec2mark === 1 ? Array.from(document.querySelectorAll(':invalid')).filter(e => e.name)"
            ".map(e => e.name) : [];")
        if invalid:
            raise ToolError(f"the form was not sent: required fields are empty ({', '.join(invalid)})")
        return self.snapshot()

    def screenshot(self, path: Path) -> None:
        self._current()
        if not self.driver.save_screenshot(str(path)):
            raise ToolError("the screenshot could not be saved")

    def close(self) -> None:
        """Give the browser back, wiped, for another episode (`ec2bench.env.browser.chromium`)."""
        browser, self._browser = self._browser, None
        if browser is not None:
            BROWSERS.release(browser)

    def _current(self) -> Page:
        if self.page is None:
            raise ToolError("no page is open; use browser_navigate first")
        return self.page

    def _element(self, ref: int) -> Any:
        from selenium.common.exceptions import NoSuchElementException
        from selenium.webdriver.common.by import By

        _field(self._current(), ref)
        try:
            return self.driver.find_element(By.CSS_SELECTOR, f'[{REF_ATTR}="{ref}"]')
        except NoSuchElementException:
            raise ToolError(f"element [{ref}] is gone from the page; take a browser_snapshot for the current refs") from None

    def _act(self, action: Any, navigates: bool = False) -> Any:
        """Run a page action; one that may navigate (a click, a submit) waits for the next page to load."""
        from selenium.common.exceptions import WebDriverException

        try:
            if navigates:
                self.driver.execute_script("window.__ec2mark = 1;")
            result = action()
        except WebDriverException as exc:
            raise ToolError(f"the browser could not do that ({(exc.msg or type(exc).__name__).splitlines()[0]})") from None
        if navigates:
            self._settle(NAVIGATION_GRACE_S)
        return result

    def _settle(self, grace_s: float = 0.0) -> None:
        """Wait until the document is loaded, so a snapshot never shows a page half-way; with `grace_s`,
        first wait that long for a navigation the last action may have started (the marker it set is gone)."""
        from selenium.common.exceptions import WebDriverException

        end, grace_end = time.monotonic() + PAGE_TIMEOUT_S, time.monotonic() + grace_s
        while time.monotonic() < end:
            try:
                marked, ready = self.driver.execute_script("return [window.__ec2mark === 1, document.readyState];")
            except WebDriverException:  # the old document is unloading
                marked, ready = False, "loading"
            if ready == "complete" and not (marked and time.monotonic() < grace_end):
                return
            time.sleep(0.03)
