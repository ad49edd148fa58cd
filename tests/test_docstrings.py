"""Every public class and function a module exports (its ``__all__``) says what it is: the reference pages are
written from these docstrings (issue 36 item 5). The count is printed, so the share documented is a figure."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

PACKAGES = ("green_agent", "ues_pool", "services")


def exported() -> list[tuple[str, object]]:
    """(qualified name, object) of every class and function named in a module's ``__all__`` and defined there."""
    out = []
    for package in PACKAGES:
        root = importlib.import_module(package)
        for info in pkgutil.walk_packages(root.__path__, prefix=f"{package}."):
            module = importlib.import_module(info.name)
            for name in getattr(module, "__all__", ()):
                obj = getattr(module, name, None)
                if (inspect.isclass(obj) or inspect.isfunction(obj)) and obj.__module__ == module.__name__:
                    out.append((f"{module.__name__}.{name}", obj))
    return out


def test_every_exported_class_and_function_has_a_docstring():
    names = exported()
    # ``__doc__`` itself, not inspect.getdoc: a class without a docstring would show its base class's.
    undocumented = [name for name, obj in names if not (obj.__doc__ or "").strip()]
    print(f"{len(names) - len(undocumented)} of {len(names)} exported classes and functions documented")
    assert len(names) > 250
    assert not undocumented, undocumented
