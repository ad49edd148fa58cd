"""A private pack carried as a secret: one folder of parts as a base64 gzip tar (``seal``), unpacked by the green at
start (``unseal``). Under Amber a green's only configs are secrets of the leaderboard repository, so a maintainer
keeps a held-out pack in one (``GREEN_PART_PACK_ARCHIVE``) and the public image composes it with the public parts —
no private image, no private service. The text is a secret: it is never logged, and its errors never quote it."""

from __future__ import annotations

import base64
import binascii
import hashlib
import io
import tarfile
from pathlib import Path

from green_agent.scenario_spec import ScenarioError

__all__ = ["SECRET_LIMIT", "seal", "unseal"]

# A GitHub Actions secret holds at most 48 KB: the leaderboard repository's secrets are where Amber's configs come from.
SECRET_LIMIT = 48 * 1024
_WHERE = "GREEN_PART_PACK_ARCHIVE"


def seal(folder: Path) -> str:
    """The pack ``folder`` (its ``.py`` files, subpackages included) as one line of base64: a gzip tar whose one
    top-level folder is the pack."""
    folder = Path(folder).resolve()
    if not (folder / "__init__.py").is_file() and not any(folder.glob("*.py")):
        raise ScenarioError(f"{folder}: not a pack of parts (no .py module)")
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz", format=tarfile.PAX_FORMAT) as tar:
        for path in sorted(folder.rglob("*.py")):
            if "__pycache__" not in path.parts:
                info = tar.gettarinfo(str(path), arcname=f"{folder.name}/{path.relative_to(folder)}")
                info.mtime, info.uid, info.gid, info.uname, info.gname, info.mode = 0, 0, 0, "", "", 0o600
                with path.open("rb") as handle:
                    tar.addfile(info, handle)
    return base64.b64encode(buffer.getvalue()).decode()


def unseal(text: str, into: Path) -> Path:
    """The pack ``text`` carries, unpacked once under ``into`` (a folder only this process's user can read); its
    folder. A ScenarioError says what is wrong without quoting the secret."""
    try:
        raw = base64.b64decode(text.strip(), validate=True)
    except (binascii.Error, ValueError):
        raise ScenarioError(f"{_WHERE}: not base64 (make it with `green-agent scenarios seal FOLDER`)") from None
    target = Path(into) / hashlib.sha256(raw).hexdigest()[:16]
    try:
        with tarfile.open(fileobj=io.BytesIO(raw), mode="r:gz") as tar:
            tops = {Path(m.name).parts[0] for m in tar.getmembers() if m.name}
            if len(tops) != 1:
                raise ScenarioError(f"{_WHERE}: the archive must hold one folder (a pack), not {len(tops)}")
            if not target.is_dir():
                target.mkdir(parents=True, mode=0o700)
                tar.extractall(target, filter="data")  # no absolute paths, links out or devices
    except (tarfile.TarError, OSError, EOFError) as exc:
        raise ScenarioError(f"{_WHERE}: not a gzip tar of a pack ({type(exc).__name__})") from None
    return target / tops.pop()
