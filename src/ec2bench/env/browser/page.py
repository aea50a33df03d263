"""A web page as the agent reads it: an accessibility-tree-like text with numbered element refs.

Both browser engines render through this module, so a page reads the same whichever engine loaded it:
the text engine parses the HTML the site sent and keeps the form state in the parsed tree; Chromium
serialises its live DOM after a script (`ANNOTATE_JS`) has written each control's current value into
its attributes, marked what is not displayed and numbered the interactive elements (`data-ec2ref`).

Interactive elements are links with an `href`, buttons, inputs but hidden ones, selects and text
areas (`INTERACTIVE`), numbered in document order from 1. What is not shown (`<script>`, `<style>`,
`hidden`, `display: none`, `aria-hidden="true"`) is left out: it is not what a person reads either.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

INTERACTIVE = "a[href], button, input:not([type=hidden]), select, textarea"  # the same set as `is_interactive`
REF_ATTR = "data-ec2ref"
HIDDEN_ATTR = "data-ec2hidden"
MAX_CELL_CHARS = 200

_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})
_SKIP = frozenset({"script", "style", "template", "noscript", "head"})
_BLOCK = frozenset({"p", "div", "section", "article", "main", "header", "footer", "nav", "aside", "form", "fieldset",
                    "ul", "ol", "dl", "dt", "dd", "table", "tr", "blockquote", "pre", "address", "figure", "figcaption",
                    "legend", "caption", "br", "hr", "body", "html"})
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)
_TEXT_INPUTS = frozenset({"text", "email", "tel", "url", "search", "number", "date", "time", "datetime-local", "month",
                          "week", "password", ""})

# Run in Chromium before the DOM is serialised (`arguments[0]` is `INTERACTIVE`): current values into
# attributes, undisplayed elements marked, interactive ones numbered in document order.
ANNOTATE_JS = f"""
const sel = arguments[0];
for (const e of document.querySelectorAll('[{REF_ATTR}],[{HIDDEN_ATTR}]')) {{
  e.removeAttribute('{REF_ATTR}'); e.removeAttribute('{HIDDEN_ATTR}');
}}
for (const e of document.querySelectorAll('body *')) {{
  const s = getComputedStyle(e);
  if (s.display === 'none' || s.visibility === 'hidden') e.setAttribute('{HIDDEN_ATTR}', '1');
}}
let n = 0;
for (const e of document.querySelectorAll(sel)) {{
  if (e.closest('[{HIDDEN_ATTR}]')) continue;
  e.setAttribute('{REF_ATTR}', String(++n));
  if (e.tagName === 'INPUT' && (e.type === 'checkbox' || e.type === 'radio')) {{
    if (e.checked) e.setAttribute('checked', ''); else e.removeAttribute('checked');
  }} else if (e.tagName === 'INPUT' || e.tagName === 'TEXTAREA') {{
    e.setAttribute('value', e.value);
  }} else if (e.tagName === 'SELECT') {{
    for (const o of e.options) {{ if (o.selected) o.setAttribute('selected', ''); else o.removeAttribute('selected'); }}
  }}
}}
return document.documentElement.outerHTML;
"""


@dataclass(eq=False)
class Node:
    """An element of a parsed page, or a text run (`tag` "" and `text` set)."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Node] = field(default_factory=list)
    parent: Node | None = None
    text: str = ""

    def iter(self) -> list[Node]:
        """This node and every element below it, in document order."""
        out = [self]
        for child in self.children:
            if child.tag:
                out.extend(child.iter())
        return out

    def text_content(self) -> str:
        parts: list[str] = []
        for child in self.children:
            if not child.tag:
                parts.append(child.text)
            elif child.tag not in _SKIP:
                parts.append(child.text_content())
        return " ".join(" ".join(parts).split())

    def ancestor(self, tag: str) -> Node | None:
        node = self.parent
        while node is not None and node.tag != tag:
            node = node.parent
        return node


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document")
        self.current = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs}, parent=self.current)
        self.current.children.append(node)
        if tag not in _VOID:
            self.current = node

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.current.children.append(Node(tag, {k: v or "" for k, v in attrs}, parent=self.current))

    def handle_endtag(self, tag: str) -> None:
        node: Node | None = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:  # an unmatched end tag is ignored, as browsers do
            self.current = node.parent

    def handle_data(self, data: str) -> None:
        self.current.children.append(Node("", parent=self.current, text=data))


def parse(html: str) -> Node:
    """The element tree of an HTML document (lenient: unclosed tags close with their parent)."""
    parser = _Parser()
    parser.feed(html)
    parser.close()
    return parser.root


def _own_text(label: Node) -> str:
    """An element's text without the text of the controls inside it (a select's options, a button's label)."""
    parts: list[str] = []
    for child in label.children:
        if not child.tag:
            parts.append(child.text)
        elif child.tag not in _SKIP and child.tag not in ("select", "textarea", "option", "button"):
            parts.append(_own_text(child))
    return " ".join(" ".join(parts).split())


def is_interactive(node: Node) -> bool:
    """Whether an element gets a ref: the elements `INTERACTIVE` selects."""
    if node.tag == "a":
        return "href" in node.attrs
    if node.tag == "input":
        return node.attrs.get("type", "").lower() != "hidden"
    return node.tag in ("button", "select", "textarea")


def is_hidden(node: Node) -> bool:
    return (HIDDEN_ATTR in node.attrs or "hidden" in node.attrs or node.attrs.get("aria-hidden") == "true"
            or bool(_HIDDEN_STYLE.search(node.attrs.get("style", ""))))


def input_type(node: Node) -> str:
    return node.attrs.get("type", "text").lower() if node.tag == "input" else node.tag


def control_value(node: Node) -> str:
    """A control's current value: a select's selected option (else its first), a text area's text."""
    if node.tag == "select":
        options = [o for o in node.iter() if o.tag == "option"]
        chosen = next((o for o in options if "selected" in o.attrs), options[0] if options else None)
        return option_value(chosen) if chosen else ""
    if node.tag == "textarea" and "value" not in node.attrs:
        return "".join(c.text for c in node.children if not c.tag)
    return node.attrs.get("value", "")


def option_value(option: Node) -> str:
    return option.attrs.get("value", option.text_content())


@dataclass
class Page:
    """A rendered page: its text, and the element behind each ref."""

    url: str
    title: str
    text: str
    refs: dict[int, Node]
    root: Node


def render(html: str, url: str) -> Page:
    """Render an HTML document as the snapshot text. Refs come from `data-ec2ref` where Chromium set
    them, else are numbered here in document order (the same order and set)."""
    root = parse(html)
    labels = {n.attrs["for"]: _own_text(n) for n in root.iter() if n.tag == "label" and n.attrs.get("for")}
    control_ids = {n.attrs["id"] for n in root.iter() if is_interactive(n) and n.attrs.get("id")}
    title = next((n.text_content() for n in root.iter() if n.tag == "title"), "")
    refs: dict[int, Node] = {}
    lines: list[str] = []
    line: list[str] = []

    def flush() -> None:
        text = " ".join(" ".join(line).split())
        if any(c.isalnum() for c in text):  # a separator between links ("·", "|") is no line of its own
            lines.append(text)
        line.clear()

    def label_of(node: Node) -> str:
        wrapping = node.ancestor("label")
        for text in (node.attrs.get("aria-label"), labels.get(node.attrs.get("id", "")),
                     _own_text(wrapping) if wrapping else None, node.attrs.get("placeholder"), node.attrs.get("name")):
            if text and text.strip():
                return " ".join(text.split())
        return ""

    def control(node: Node, ref: int) -> str:
        kind, label = input_type(node), label_of(node)
        name = f" name={node.attrs['name']}" if node.attrs.get("name") else ""
        flags = "".join(f" ({f})" for f in ("required", "disabled", "readonly") if f in node.attrs)
        if node.tag == "a":
            return f'[{ref}] link "{node.text_content() or label}" -> {node.attrs["href"]}'
        if node.tag == "button" or kind in ("submit", "button", "reset", "image"):
            text = node.text_content() if node.tag == "button" else node.attrs.get("value", kind.title())
            return f'[{ref}] button "{text or label}"{flags}'
        if kind in ("checkbox", "radio"):
            mark = "[x]" if "checked" in node.attrs else "[ ]"
            value = f" value={node.attrs['value']}" if kind == "radio" and "value" in node.attrs else ""
            return f'[{ref}] {kind} "{label}" {mark}{name}{value}{flags}'
        if node.tag == "select":
            options = [o for o in node.iter() if o.tag == "option"]
            listed = " | ".join(o.text_content() + (f" ({option_value(o)})" if option_value(o) not in ("", o.text_content()) else "")
                                for o in options)
            chosen = next((o.text_content() for o in options if "selected" in o.attrs), options[0].text_content() if options else "")
            return f'[{ref}] combobox "{label}"{name} selected="{chosen}" options: {listed}{flags}'
        value = control_value(node)
        shown = "•" * len(value) if kind == "password" else value
        what = "textbox (multiline)" if node.tag == "textarea" else "textbox" if kind in _TEXT_INPUTS else f"{kind} input"
        return f'[{ref}] {what} "{label}"{name} value="{shown}"{flags}'

    def emit(node: Node) -> None:
        """The control's line, with its ref: Chromium's number where it set one, else the next one."""
        ref = int(node.attrs[REF_ATTR]) if node.attrs.get(REF_ATTR, "").isdigit() else len(refs) + 1
        refs[ref] = node
        lines.append(control(node, ref))

    def walk(node: Node) -> None:
        for child in node.children:
            if not child.tag:
                line.append(child.text)
                continue
            if child.tag in _SKIP or is_hidden(child):
                continue
            if is_interactive(child):
                flush()
                emit(child)
                continue
            if child.tag == "label" and child.attrs.get("for") in control_ids:
                continue  # its control carries its text
            if child.tag == "label" and any(is_interactive(n) for n in child.iter()[1:]):
                flush()
                for node in child.iter()[1:]:  # the controls it wraps, which carry its text
                    if is_interactive(node) and not is_hidden(node):
                        emit(node)
                continue
            if re.fullmatch(r"h[1-6]", child.tag):
                flush()
                lines.append("#" * int(child.tag[1]) + " " + child.text_content())
                continue
            if child.tag == "tr":
                flush()
                cells = [c for c in child.children if c.tag in ("td", "th")]
                lines.append("| " + " | ".join(_own_text(c)[:MAX_CELL_CHARS] for c in cells) + " |")
                for cell in cells:  # a row's controls (a Cancel button) after its text
                    for node in cell.iter()[1:]:
                        if is_interactive(node) and not is_hidden(node):
                            emit(node)
                continue
            if child.tag == "li":
                flush()
                line.append("-")
                walk(child)
                flush()
                continue
            if child.tag == "img":
                if child.attrs.get("alt"):
                    line.append(f"[image: {child.attrs['alt']}]")
                continue
            block = child.tag in _BLOCK or child.tag in ("td", "th")
            if block:
                flush()
            walk(child)
            if block:
                flush()

    body = next((n for n in root.iter() if n.tag == "body"), root)
    walk(body)
    flush()
    head = [f"Page: {title}" if title else "Page: (untitled)", f"URL: {url}"]
    return Page(url=url, title=title, text="\n".join(head + lines), refs=refs, root=root)
