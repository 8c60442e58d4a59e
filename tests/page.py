"""Reading rendered pages in tests: a small element tree, found by tag and class."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


@dataclass
class Element:
    tag: str
    attrs: dict[str, str]
    children: list[Element | str] = field(default_factory=list)

    @property
    def classes(self) -> list[str]:
        return (self.attrs.get("class") or "").split()

    def text(self) -> str:
        """The text inside, white space collapsed as a browser shows it."""
        parts = []
        for child in self.children:
            parts.append(child if isinstance(child, str) else " " + child.text() + " ")
        return " ".join("".join(parts).split())

    def find_all(self, tag: str, css_class: str = "") -> list[Element]:
        found = []
        for child in self.children:
            if isinstance(child, Element):
                if child.tag == tag and (not css_class or css_class in child.classes):
                    found.append(child)
                found += child.find_all(tag, css_class)
        return found

    def find(self, tag: str, css_class: str = "") -> Element:
        found = self.find_all(tag, css_class)
        assert found, f"no <{tag} class={css_class!r}> in the page"
        return found[0]


class _Builder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Element("document", {})
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        element = Element(tag, {name: value or "" for name, value in attrs})
        self.stack[-1].children.append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_endtag(self, tag):
        # Close up to the matching element (tolerates an unclosed <p> or <li>).
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data):
        self.stack[-1].children.append(data)


def parse(html: str | bytes) -> Element:
    builder = _Builder()
    builder.feed(html.decode() if isinstance(html, bytes) else html)
    return builder.root


def table_rows(table: Element) -> list[list[str]]:
    """The text of each row's cells (header row included)."""
    return [
        [
            cell.text()
            for cell in row.children
            if isinstance(cell, Element) and cell.tag in ("td", "th")
        ]
        for row in table.find_all("tr")
    ]


def form_fields(html: str | bytes, *, action: str = "") -> dict[str, str | list[str]]:
    """The fields of the page's POST form to `action` (by default the one posting back to
    the page itself) as a browser sends them when nothing is changed: hidden fields included,
    checked boxes only, each select's chosen option. A name sent several times gives a list."""
    forms = [
        form
        for form in parse(html).find_all("form")
        if form.attrs.get("method", "").lower() == "post" and form.attrs.get("action", "") == action
    ]
    assert forms, "no POST form in the page"
    sent: dict[str, list[str]] = {}
    for element in _fields_of(forms[0]):
        name, kind = element.attrs.get("name"), element.attrs.get("type", "text").lower()
        if not name or name == "csrfmiddlewaretoken" or kind in {"submit", "button", "file"}:
            continue
        if element.tag == "select":
            options = element.find_all("option")
            chosen = [o for o in options if "selected" in o.attrs] or options[:1]
            values = [o.attrs.get("value", o.text()) for o in chosen]
        elif element.tag == "textarea":
            values = ["".join(c for c in element.children if isinstance(c, str)).lstrip("\n")]
        elif kind in {"checkbox", "radio"}:
            values = [element.attrs.get("value") or "on"] if "checked" in element.attrs else []
        else:
            values = [element.attrs.get("value", "")]
        sent.setdefault(name, []).extend(values)
    return {name: values[0] if len(values) == 1 else values for name, values in sent.items()}


def _fields_of(element: Element) -> list[Element]:
    found = []
    for child in element.children:
        if isinstance(child, Element):
            if child.tag in ("input", "select", "textarea"):
                found.append(child)
            found += _fields_of(child)
    return found
