"""The API reference's block: a mkdocstrings ``:::`` directive for every module that declares ``__all__``."""

from __future__ import annotations

import importlib
import pkgutil

PACKAGES = ("green_agent", "ues_pool", "services")


def public_modules(package: str) -> list[str]:
    """The modules of ``package`` (itself included) that declare ``__all__``: the names other packages import."""
    root = importlib.import_module(package)
    names = [package, *(info.name for info in pkgutil.walk_packages(root.__path__, prefix=f"{package}."))]
    return sorted(n for n in names if hasattr(importlib.import_module(n), "__all__"))


def api_block(argument: str) -> str:
    """``api PACKAGE``: a heading and a ``:::`` directive per public module of the package."""
    return "\n\n".join(f"### `{name}`\n\n::: {name}\n    options:\n      show_root_heading: false"
                       for name in public_modules(argument))
