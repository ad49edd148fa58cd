"""What a drafted phrasing must keep, and phrasings a model writes as code (``wording_draft``).

* **Facts.** Whatever a phrasing's words, the figures and day names in it are the facts a reader acts on: a drafted
  phrasing filled with a world's fields must state every number, weekday and month that every public phrasing of its
  kind states there (a deadline moved from Wednesday to Thursday, a sum rounded). A phrasing written as code must
  also state none that no public phrasing states there: what it computes (a train's arrival, a total) it may compute
  wrong. A check of the text, not of its meaning: it cannot see an answer turned into a
  refusal, but it sees a date or an amount changed.
* **Code.** A kind the public book writes by functions (a list of trains, every message of ``phishing_guard``, read
  off the part's whole draw) has no template to rewrite: the model writes each phrasing as one Python lambda over
  the same fields. It is parsed, not trusted: a single lambda expression with exactly the public functions'
  parameters, no name or attribute that starts with an underscore, no power and no constant over a million (a
  phrasing that could run for ever), run with a handful of builtins and nothing else. The pack file holds the source.
"""

from __future__ import annotations

import ast
import builtins
import re
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["SAFE_BUILTINS", "Code", "compile_phrasing", "facts", "missing_or_invented"]

_NAMES = frozenset("monday tuesday wednesday thursday friday saturday sunday january february march april june july "
                   "august september october november december".split())  # "may" is a verb as often as a month
SAFE_BUILTINS = {name: getattr(builtins, name) for name in (
    "abs", "all", "any", "bool", "dict", "enumerate", "float", "format", "int", "isinstance", "len", "list", "max",
    "min", "range", "reversed", "round", "set", "sorted", "str", "sum", "tuple", "zip")}
_LARGEST = 1_000_000
# Formatting a date by its name (``f"{s:%A}"``) makes CPython import the time module through the running code's
# builtins: those modules alone may be imported, and the code itself cannot name ``__import__`` (an underscore).
_IMPORTABLE = frozenset({"time", "_strptime", "locale"})


def _import(name: str, *args: Any, **kwargs: Any) -> Any:
    if name not in _IMPORTABLE:
        raise ImportError(f"a drafted phrasing may not import {name}")
    return __import__(name, *args, **kwargs)


_RUN_WITH = {"__builtins__": {**SAFE_BUILTINS, "__import__": _import}}


class Code(str):
    """A drafted phrasing's Python source (a pack file writes it as code, not as a string)."""

    __slots__ = ()


def facts(text: str) -> set[str]:
    """The numbers (as integers: "09" is "9"), weekdays and months ``text`` states."""
    return {str(int(n)) for n in re.findall(r"\d+", text)} | \
        {w for w in re.findall(r"[a-z]+", text.lower()) if w in _NAMES}


def missing_or_invented(drafted: str, public: Sequence[str], *, computed: bool) -> str | None:
    """Why ``drafted`` (a phrasing filled with a world's fields) does not state the facts the public phrasings of its
    kind, filled with the same fields, state (None: it does); ``computed``: it was written as code, so a fact none of
    them states is refused too."""
    stated = [facts(p) for p in public]
    mine = facts(drafted)
    missing = set.intersection(*stated) - mine
    if missing:
        return f"leaves out {', '.join(sorted(missing))}, which every public phrasing states in this world"
    invented = mine - set[str]().union(*stated)
    if computed and invented:
        return f"states {', '.join(sorted(invented))}, which no public phrasing states in this world"
    return None


def compile_phrasing(source: str, params: Sequence[str]) -> Callable[..., str]:
    """``source`` as a phrasing: one lambda of exactly ``params``, checked as the module's docstring says. Raises
    ValueError saying what is wrong."""
    try:
        tree = ast.parse(source.strip(), mode="eval")
    except SyntaxError as exc:
        raise ValueError(f"not Python ({exc.msg})") from None
    if not isinstance(tree.body, ast.Lambda):
        raise ValueError("not one lambda expression")
    args = tree.body.args
    names = [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]
    if args.vararg or args.kwarg or sorted(names) != sorted(params):
        raise ValueError(f"its parameters must be exactly {', '.join(params)}")
    for node in ast.walk(tree):
        name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""
        if name.startswith("_"):
            raise ValueError(f"touches {name}, a name that starts with an underscore")
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):
            raise ValueError("raises to a power")
        if isinstance(node, ast.Constant) and isinstance(node.value, int | float) and abs(node.value) > _LARGEST:
            raise ValueError(f"holds the constant {node.value}")
    fn = eval(compile(tree, "<drafted phrasing>", "eval"), dict(_RUN_WITH))  # checked above
    assert callable(fn)
    return fn  # type: ignore[no-any-return]
