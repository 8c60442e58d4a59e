"""The floor plan of `tournaments/` (docs/architecture.md), enforced: imports only run down
the floors, the engine imports no Django, the roles inside a concept keep their walls, and the
plan names every module once."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "tournaments"

# Bottom to top: a module may import from its own floor or the floors below, never above.
# Concepts are floors of their own, in this order: each may use the ones before it.
FLOORS: list[tuple[str, ...]] = [
    ("rules", "seating", "ranking"),  # the engine: plain Python
    ("words",),
    ("models",),
    ("clubs",),
    ("edits",),
    ("ratings",),
    ("prizes",),
    ("standings",),
    ("play",),
    ("events",),
    ("registrations",),
    ("seasons",),
    ("ledger",),
    ("federation",),
    ("archive",),
    ("screen",),
    ("integrations",),
    ("sheets",),
    ("privacy",),
    ("forms",),
    ("web", "templatetags"),
    ("views", "api", "management", "demo", "admin", "apps"),
    ("urls",),
]
ENGINE = FLOORS[0]
CONCEPTS = (
    "clubs",
    "edits",
    "ratings",
    "prizes",
    "standings",
    "play",
    "events",
    "registrations",
    "seasons",
    "ledger",
    "federation",
    "archive",
    "screen",
    "privacy",
    "integrations",
)
ROLES = ("services", "selectors", "display")
# Inside a concept, what each role may read of the concepts' roles (its own concept's and the
# ones below): selectors read, display words what selectors read, services write. A module
# that has no role (play/facts.py, the adapter to the engine) uses none of them.
MAY_USE = {
    "services": {"services", "selectors", None},
    "selectors": {"selectors", None},
    "display": {"display", "selectors", None},
    None: {None},
}
FLOOR_OF = {room: number for number, floor in enumerate(FLOORS) for room in floor}


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted(APP.rglob("*.py")):
        relative = path.relative_to(ROOT)
        if "migrations" in relative.parts:
            continue
        name = ".".join(relative.with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


MODULES = modules()


def imported(name: str, path: Path) -> list[tuple[int, str]]:
    """(line, module) for every import of `path`, relative ones resolved."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            found.append((node.lineno, base))
            # `from tournaments.play import facts` imports the module play.facts.
            found += [
                (node.lineno, f"{base}.{alias.name}")
                for alias in node.names
                if f"{base}.{alias.name}" in MODULES
            ]
    return found


def room(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "tournaments" and len(parts) > 1 else None


def role(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] in CONCEPTS and parts[2] in ROLES else None


def test_every_room_of_the_app_has_a_floor():
    rooms = {room(name) for name in MODULES} - {None}
    assert rooms <= set(FLOOR_OF), sorted(rooms - set(FLOOR_OF))


def test_imports_only_run_down_the_floors():
    back = []
    for name, path in MODULES.items():
        own = room(name)
        if own is None:
            continue
        for line, target in imported(name, path):
            other = room(target)
            if other is not None and other in FLOOR_OF and FLOOR_OF[other] > FLOOR_OF[own]:
                back.append(f"{path.relative_to(ROOT)}:{line} ({own}) imports {target} ({other})")
    assert back == [], "\n".join(back)


def test_the_engine_imports_no_django_and_nothing_above_it():
    found = []
    for name, path in MODULES.items():
        if room(name) not in ENGINE:
            continue
        for line, target in imported(name, path):
            top = target.split(".")[0]
            if top in ("django", "ramiscore") or (
                top == "tournaments" and room(target) not in ENGINE
            ):
                found.append(f"{path.relative_to(ROOT)}:{line} imports {target}")
    assert found == [], "\n".join(found)


def test_inside_the_concepts_selectors_and_display_never_write():
    found = []
    for name, path in MODULES.items():
        if room(name) not in CONCEPTS or name.count(".") < 2:
            continue
        mine = role(name)
        for line, target in imported(name, path):
            if room(target) in CONCEPTS and target.count(".") >= 2:
                if role(target) not in MAY_USE[mine]:
                    found.append(
                        f"{path.relative_to(ROOT)}:{line} ({mine or 'no role'}) "
                        f"imports {target} ({role(target) or 'no role'})"
                    )
    assert found == [], "\n".join(found)


def test_the_floor_plan_names_every_module_once():
    plan = (ROOT / "docs" / "architecture.md").read_text()
    named = [
        path
        for path in re.findall(r"`((?:[a-z_]+/)*[a-z_]+\.py)`", plan)
        if path.split("/")[0] in FLOOR_OF or path.removesuffix(".py") in FLOOR_OF
    ]
    expected = {
        str(path.relative_to(APP))
        for name, path in MODULES.items()
        if path.name != "__init__.py" and room(name) is not None
    }
    twice = sorted({each for each in named if named.count(each) > 1})
    assert twice == [], f"named more than once: {twice}"
    assert sorted(expected - set(named)) == [], "modules the plan does not name"
    assert sorted(set(named) - expected) == [], "the plan names modules that do not exist"


def test_the_floor_plan_lists_the_floors_in_their_order():
    plan = (ROOT / "docs" / "architecture.md").read_text()
    headings = re.findall(r"^### \d+\. (.+)$", plan, flags=re.M)
    rooms = [re.findall(r"`([a-z_]+)/`", heading) for heading in headings]
    assert [tuple(each) for each in rooms if each] == [
        tuple(room for room in floor if room not in ("admin", "apps")) for floor in FLOORS
    ]


@pytest.mark.parametrize("name", sorted(n for n in MODULES if room(n) in CONCEPTS))
def test_every_concept_module_says_what_it_is(name):
    tree = ast.parse(MODULES[name].read_text())
    assert ast.get_docstring(tree), f"{name} has no docstring"


def test_no_template_comment_spans_lines():
    """Django's {# #} comment ends on its line: one left open is printed on the page, as the
    entry page's message region's once was. Longer ones are {% comment %}."""
    open_comments = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if "{#" in line and "#}" not in line.split("{#", 1)[1]
    ]
    assert open_comments == []
