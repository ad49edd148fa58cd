"""Reading a process's ``-X importtime`` report (its stderr): which packages it loaded."""

from __future__ import annotations


def packages_loaded(report: str) -> set[str]:
    """The top-level packages the report shows loaded. A package counts once the report names one of its submodules:
    a package is loaded with its submodules, while an import refused at once (``sys.modules`` holding None for it)
    is named alone."""
    names = {line.rsplit("|", 1)[1].strip() for line in report.splitlines() if line.startswith("import time:")}
    return {name.partition(".")[0] for name in names if "." in name}
