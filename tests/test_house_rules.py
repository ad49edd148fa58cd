"""House rules of the code base (issue 33 item 7): no module over 600 lines and no function over 60 lines outside the
tests — a module owns one idea and a function does one thing. Import cycles are tests/test_imports.py's, strict typing
tests/test_typecheck.py's."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOPS = ("green_agent", "ues_pool", "services", "scenarios")
MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 60


def sources() -> list[Path]:
    return sorted(p for top in TOPS for p in (ROOT / top).rglob("*.py") if "__pycache__" not in p.parts)


def test_no_module_is_over_600_lines():
    long = {str(p.relative_to(ROOT)): n for p in sources() if (n := len(p.read_text().splitlines())) > MAX_MODULE_LINES}
    assert not long, long


def test_no_function_is_over_60_lines():
    long = {}
    for path in sources():
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long[f"{path.relative_to(ROOT)}:{node.lineno} {node.name}"] = lines
    assert not long, long
