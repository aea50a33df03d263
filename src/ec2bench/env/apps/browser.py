"""Browser: a real browser over the task's own web app (`ec2bench.env.browser`).

The site is the task folder's `webapp/app.py` (`make_app(state)`), served on loopback while the
workspace lives; its data, and where it is served, are `fixtures/browser.yaml`:

    site: {host: book.fernway.example, home: /, fallback: text}
    flights: [...]        # every other key is a collection of the site's records
    bookings: [...]

The app's state is the site's data as the site left it, so checks grade what the agent did through
the pages like any record (`record_exists` on `app: browser, collection: bookings`), the footprint sees
what it changed, and units and injections name records as `browser/<collection>/<id>`. Pages are what
the agent read: every snapshot is a tool result, audited like any other.

The engine (Chromium, or the text-only fallback a task may declare) starts with the first
`browser_navigate`, so an episode that never browses costs nothing; `engine` says which ran.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ec2bench.env.apps.base import App, FixtureError
from ec2bench.env.browser.engines import ChromiumEngine, Engine, EngineName, TextEngine, choose_engine
from ec2bench.env.browser.page import Page
from ec2bench.env.browser.site import WEBAPP_FILE, Site
from ec2bench.env.paths import confine, relative
from ec2bench.env.tools import ToolError

SITE_KEY = "site"
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):(?!\d)")


class SiteSettings(BaseModel):
    """The `site:` mapping of `fixtures/browser.yaml`."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    host: str = Field(pattern=r"^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$", description="the site's host name as the agent sees it")
    home: str = Field(default="/", pattern=r"^/", description="the path the browser opens for a navigate to the bare host")
    fallback: Literal["text"] | None = Field(default=None, description="`text`: without Chromium, run the text-only browser")


class BrowserApp(App):
    name = "browser"

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.settings: SiteSettings | None = None
        self.data: dict[str, list[dict[str, Any]]] = {}
        self.site: Site | None = None
        self.engine: Engine | None = None
        self.engine_name: EngineName | None = None  # which engine ran, once one has (the trace and the row say it)

    def load(self, fixture: dict[str, Any]) -> None:
        if not fixture:
            return
        try:
            self.settings = SiteSettings.model_validate(fixture.get(SITE_KEY))
        except ValidationError as exc:
            err = exc.errors()[0]
            raise FixtureError(f"{SITE_KEY}: {'.'.join(str(p) for p in err['loc']) or '-'}: {err['msg']}") from None
        for collection, rows in fixture.items():
            if collection == SITE_KEY:
                continue
            if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
                raise FixtureError(f"{collection}: a site collection is a list of records (mappings)")
            self.data[collection] = [dict(r) for r in rows]

    def start(self) -> None:
        """Serve the task's web app (`webapp/app.py` in the task folder) on loopback."""
        if self.settings is None or self.task_dir is None:
            return
        app_file = self.task_dir / WEBAPP_FILE
        if not app_file.is_file():
            raise FixtureError(f"browser.yaml declares a site but the task has no {WEBAPP_FILE}")
        self.site = Site(app_file, self.data, self.settings.host)

    def stop(self) -> None:
        try:
            if self.engine is not None:
                self.engine.close()
        finally:
            self.engine = None
            if self.site is not None:
                self.site.stop()
                self.site = None

    def state(self) -> dict[str, Any]:
        return self.site.snapshot() if self.site is not None else {c: [dict(r) for r in rows] for c, rows in self.data.items()}

    def describe(self) -> dict[str, Any]:
        return {"browser": self.engine_name} if self.engine_name else {}

    # -- helpers (private: not tools) ----------------------------------------------------

    def _engine(self) -> Engine:
        if self.engine is None:
            if self.site is None or self.settings is None:
                raise ToolError("this workspace has no web site to browse")
            name = choose_engine(self.settings.fallback)
            self.engine = ChromiumEngine(self.site) if name == "chromium" else TextEngine(self.site)
            self.engine_name = name
        return self.engine

    def _open_engine(self) -> Engine:
        if self.engine is None:
            raise ToolError("no page is open; use browser_navigate first")
        return self.engine

    def _url(self, url: str) -> str:
        """An absolute http URL on the site: a path is taken on the site, a bare host opens its home page."""
        assert self.site is not None and self.settings is not None
        text = url.strip()
        if text.startswith("/"):
            return self.site.origin + text
        named = _SCHEME.match(text)  # `javascript:`, `file:`, `data:` ..., but not `host:8080`
        if named and named.group(1).lower() not in ("http", "https"):
            raise ToolError(f"only web pages (http://{self.settings.host}/...) can be opened, not {named.group(1)}: URLs")
        if "://" not in text:
            text = "http://" + text
        scheme, rest = text.split("://", 1)
        if "/" not in rest:
            rest += self.settings.home
        return f"{scheme.lower()}://{rest}"

    # -- tools ------------------------------------------------------------------------------

    def navigate(self, url: str) -> str:
        """Open a web page in the browser and return its snapshot (the page as text, with numbered element refs).

        Args:
            url: the page's address, e.g. `http://example.org/path`, or a path on the current site such as `/orders`.
        """
        engine = self._engine()
        return engine.open(self._url(url)).text

    def snapshot(self) -> str:
        """The current page as text: headings, text, tables, and each link, button and form field with its ref [n]."""
        return self._open_engine().snapshot().text

    def click(self, ref: int) -> str:
        """Click a link, button, checkbox or radio button by its ref; returns the page after the click.

        Args:
            ref: the element's number, [n] in the latest snapshot.
        """
        return self._open_engine().click(ref).text

    def type(self, ref: int, text: str) -> str:
        """Type text into a form field by its ref, replacing what it held (the form is not sent: use browser_submit).

        Args:
            ref: the field's number, [n] in the latest snapshot.
            text: the text to enter.
        """
        engine = self._open_engine()
        engine.type(ref, text)
        return f"typed into [{ref}]"

    def select(self, ref: int, value: str) -> str:
        """Choose an option of a dropdown (combobox) by its ref.

        Args:
            ref: the dropdown's number, [n] in the latest snapshot.
            value: the option's visible text or its value.
        """
        chosen = self._open_engine().select(ref, value)
        return f"selected {chosen!r} in [{ref}]"

    def submit(self, ref: int | None = None) -> str:
        """Send a form, as pressing Enter in it would; returns the page that follows.

        Args:
            ref: any field of the form to send; may be left out when the page has only one form.
        """
        page: Page = self._open_engine().submit(ref)
        return page.text

    def screenshot(self, path: str = "screenshot.png") -> dict:
        """Save a PNG screenshot of the current page into the workspace.

        Args:
            path: where to save it, relative to the workspace root.
        """
        engine = self._open_engine()
        target = confine(self.root, path)
        if target.suffix.lower() != ".png":
            raise ToolError("a screenshot is a .png file")
        target.parent.mkdir(parents=True, exist_ok=True)
        engine.screenshot(target)
        return {"path": relative(self.root, target), "bytes": target.stat().st_size}
