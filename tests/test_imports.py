"""The direction of imports (docs/architecture.md): ``green_agent → ues_pool → services.ues.client``.

* Nothing outside ``services/ues`` imports any module of the simulator but its published client; the fork server's
  control protocol (``services.ues.forkproto``) is published to the pool's process backend alone.
* ``services/*`` never import ``green_agent``; ``ues_pool`` imports nothing of ``green_agent``.
* The green never imports a purple: what both sides share is the published protocol, ``services.protocol``, which
  imports nothing of the project.
* No import cycles among the project's modules (imports at module level, as Python runs them).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("green_agent", "ues_pool", "services")
SHIPPED = (*PACKAGES, "scenarios")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def sources(*tops: str) -> list[Path]:
    return sorted(p for top in tops for p in (ROOT / top).rglob("*.py") if "__pycache__" not in p.parts)


def imports(path: Path, *, module_level_only: bool = False) -> list[str]:
    """Absolute names ``path`` imports (relative imports resolved). ``module_level_only`` skips imports inside
    functions and ``if TYPE_CHECKING:`` blocks — the ones that do not run when the module is imported."""
    tree = ast.parse(path.read_text(), str(path))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found: list[str] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if module_level_only and isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if module_level_only and isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if isinstance(child, ast.Import):
                found.extend(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                found.append(base)
                found.extend(f"{base}.{alias.name}" for alias in child.names)
            visit(child)

    visit(tree)
    return found


def under(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def violations(tops: tuple[str, ...], forbidden: str, allowed: tuple[str, ...] = ()) -> list[str]:
    return [f"{path.relative_to(ROOT)} imports {name}" for path in sources(*tops) for name in imports(path)
            if under(name, forbidden) and not any(under(name, a) for a in allowed)]


# Modules of the simulator published to one importer outside services/ues only: module → its importer.
PUBLISHED_TO = {"services.ues.forkproto": "ues_pool.backends.process"}


def simulator_imports_from_outside() -> list[str]:
    """Imports of the simulator from outside ``services/ues`` that its published modules do not allow."""
    outside = [p for p in sources(*SHIPPED) if not under(module_name(p), "services.ues")]
    return [f"{p.relative_to(ROOT)} imports {name}" for p in outside for name in imports(p)
            if under(name, "services.ues") and not under(name, "services.ues.client") and name != "services.ues"
            and not any(under(name, published) and module_name(p) == importer
                        for published, importer in PUBLISHED_TO.items())]


def test_only_the_simulators_client_is_imported_from_outside_it():
    assert simulator_imports_from_outside() == []


def test_the_fork_protocol_is_imported_by_the_process_backend_only():
    """The rule is live: the process backend may import the fork server's protocol, any other module may not."""
    bad = ROOT / "ues_pool" / "backends" / "_probe_forkproto_import.py"
    bad.write_text("from services.ues.forkproto import SpawnRequest\n")
    try:
        assert simulator_imports_from_outside() == [
            "ues_pool/backends/_probe_forkproto_import.py imports services.ues.forkproto",
            "ues_pool/backends/_probe_forkproto_import.py imports services.ues.forkproto.SpawnRequest"]
    finally:
        bad.unlink()
    assert "services.ues.forkproto" in imports(ROOT / "ues_pool" / "backends" / "process.py")


@pytest.mark.parametrize("tops,forbidden", [
    (("services",), "green_agent"),
    (("ues_pool",), "green_agent"),
    (("ues_pool",), "services.purple"),
    (("services/ues",), "services.purple"),
    (("services/ues",), "ues_pool"),
    (("green_agent",), "services.purple"),
])
def test_direction_of_imports(tops, forbidden):
    assert violations(tops, forbidden) == []


@pytest.mark.parametrize("forbidden", ["green_agent", "ues_pool", "services.purple", "services.ues"])
def test_the_shared_protocol_imports_nothing_of_the_project(forbidden):
    assert violations(("services/protocol",), forbidden) == []


def import_cycles() -> list[list[str]]:
    """Cycles among the project's modules, counting every import: at module level, under ``if TYPE_CHECKING:`` and
    inside functions. A cycle that only a function-level import or a type-only import closes still ties two modules
    into one unit: neither can be understood, tested or moved without the other."""
    modules = {module_name(p): p for p in sources(*PACKAGES)}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets = set()
        for imported in imports(path):
            # "from a.b import c" names a.b.c, which is a module or a member of a.b: take the longest module.
            while imported and imported not in modules:
                imported = imported.rpartition(".")[0]
            if imported and imported != name:
                targets.add(imported)
        graph[name] = targets
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done

    def walk(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append([*path[path.index(nxt):], nxt])
            elif nxt not in state:
                walk(nxt, [*path, nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            walk(node, [node])
    # A package __init__ importing its own submodules is not a cycle worth reporting.
    return [c for c in cycles if not all(under(m, c[0]) or under(c[0], m) for m in c)]


def test_no_import_cycles():
    assert import_cycles() == []


@pytest.mark.parametrize("closing_import", [
    "from green_agent.judging import _probe_a\n",
    "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from green_agent.judging import _probe_a\n",
    "def later():\n    from green_agent.judging import _probe_a\n    return _probe_a\n",
])
def test_the_checker_sees_a_planted_cycle_of_each_kind(closing_import):
    """The rule is live: two modules importing each other are a cycle, whether the import back is at module level,
    for type checking only, or inside a function."""
    folder = ROOT / "green_agent" / "judging"
    probes = {folder / "_probe_a.py": "from green_agent.judging import _probe_b  # noqa: F401\n",
              folder / "_probe_b.py": closing_import}
    try:
        for path, text in probes.items():
            path.write_text(text)
        assert ["green_agent.judging._probe_a", "green_agent.judging._probe_b", "green_agent.judging._probe_a"] \
            in import_cycles()
    finally:
        for path in probes:
            path.unlink(missing_ok=True)


def test_the_checker_sees_a_forbidden_import(tmp_path):
    """The rule is live: a module of services importing the green is caught."""
    bad = ROOT / "services" / "purple" / "_probe_forbidden_import.py"
    bad.write_text("from green_agent.protocol import PROTOCOL\n")
    try:
        assert violations(("services",), "green_agent") == [
            "services/purple/_probe_forbidden_import.py imports green_agent.protocol",
            "services/purple/_probe_forbidden_import.py imports green_agent.protocol.PROTOCOL"]
    finally:
        bad.unlink()
