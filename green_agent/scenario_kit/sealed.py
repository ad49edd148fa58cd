"""A private pack carried as secrets: one folder of parts as a base64 bzip2 tar (``seal``), unpacked by the green at
start (``unseal``). Under Amber a green's only configs are secrets of the leaderboard repository, so a maintainer
keeps a held-out pack there (``GREEN_PART_PACK_ARCHIVE``) and the public image composes it with the public parts —
no private image, no private service. A pack larger than one secret is cut into pieces, one secret each
(``GREEN_PART_PACK_ARCHIVE``, ``_2`` … ``_4``), each headed ``ppk:<i>/<n>:<digest>:`` so the green can name a piece
that is missing, repeated or from another pack. The text is a secret: it is never logged, and its errors never
quote it."""

from __future__ import annotations

import base64
import binascii
import hashlib
import io
import re
import tarfile
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

from green_agent.scenario_spec import ScenarioError

__all__ = ["PIECES", "SECRET_LIMIT", "piece_names", "seal", "unseal"]

# A GitHub Actions secret holds at most 48 KB: the leaderboard repository's secrets are where Amber's configs come from.
SECRET_LIMIT = 48 * 1024
# The secrets one pack may span (the shipped manifests' PART_PACK … PART_PACK_4): every part of the seven test
# packs' wording together seals to about 135 KB (bzip2; 174 KB it was as gzip).
PIECES = 4
_WHERE = "GREEN_PART_PACK_ARCHIVE"
_HEAD = re.compile(r"ppk:(\d+)/(\d+):([0-9a-f]{12}):")
_HEAD_SIZE = len("ppk:1/4:0123456789ab:")


def piece_names() -> tuple[str, ...]:
    """The settings that carry the pieces, in order: GREEN_PART_PACK_ARCHIVE, then _2 … _PIECES."""
    return (_WHERE, *(f"{_WHERE}_{i}" for i in range(2, PIECES + 1)))


def seal(folder: Path) -> list[str]:
    """The pack ``folder`` (its ``.py`` files, subpackages included) as base64 lines, one per secret: a bzip2 tar whose
    one top-level folder is the pack (bzip2 because wording is repetitive text it packs about a quarter smaller than
    gzip, and every secret counts). A pack that fits one secret is one bare line; a larger one is cut into pieces of
    at most ``SECRET_LIMIT`` characters, each headed with its place and the whole's digest."""
    folder = Path(folder).resolve()
    if not (folder / "__init__.py").is_file() and not any(folder.glob("*.py")):
        raise ScenarioError(f"{folder}: not a pack of parts (no .py module)")
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:bz2", format=tarfile.PAX_FORMAT) as tar:
        for path in sorted(folder.rglob("*.py")):
            if "__pycache__" not in path.parts:
                info = tar.gettarinfo(str(path), arcname=f"{folder.name}/{path.relative_to(folder)}")
                info.mtime, info.uid, info.gid, info.uname, info.gname, info.mode = 0, 0, 0, "", "", 0o600
                with path.open("rb") as handle:
                    tar.addfile(info, handle)
    raw = buffer.getvalue()
    text = base64.b64encode(raw).decode()
    if len(text) <= SECRET_LIMIT:
        return [text]
    size = SECRET_LIMIT - _HEAD_SIZE
    chunks = [text[i:i + size] for i in range(0, len(text), size)]
    digest = hashlib.sha256(raw).hexdigest()[:12]
    return [f"ppk:{i}/{len(chunks)}:{digest}:{chunk}" for i, chunk in enumerate(chunks, 1)]


def _joined(pieces: Mapping[str, str]) -> tuple[str, str | None]:
    """The base64 text the pieces (setting name → text) make, in their headers' order, and the digest they claim (None
    for one bare line); a ScenarioError names the setting at fault."""
    if len(pieces) == 1 and not _HEAD.match(next(iter(pieces.values()))):
        return next(iter(pieces.values())), None
    found: dict[int, str] = {}
    digests: set[str] = set()
    counts: set[int] = set()
    for name, piece in pieces.items():
        head = _HEAD.match(piece)
        if head is None:
            raise ScenarioError(f"{name}: not a piece of a sealed pack (the pack is in several secrets, and this one "
                                "has no piece header; seal the folder again)")
        index, count, digest = int(head.group(1)), int(head.group(2)), head.group(3)
        if not 1 <= index <= count:
            raise ScenarioError(f"{name}: a piece header naming piece {index} of {count}")
        if index in found:
            raise ScenarioError(f"{name}: piece {index} of {count} again")
        found[index] = piece[head.end():]
        digests.add(digest)
        counts.add(count)
    if len(digests) > 1 or len(counts) > 1:
        raise ScenarioError(f"{', '.join(pieces)}: pieces of different seals (seal the folder again and store every "
                            "piece)")
    count = counts.pop()
    missing = [str(i) for i in range(1, count + 1) if i not in found]
    if missing:
        raise ScenarioError(f"{', '.join(pieces)}: piece {', '.join(missing)} of {count} missing (store every "
                            f"line `green-agent scenarios seal` printed, in {', '.join(piece_names()[:count])})")
    return "".join(found[i] for i in range(1, count + 1)), digests.pop()


def _plain(tar: tarfile.TarFile) -> list[tarfile.TarInfo]:
    """The archive's members, each a file or folder inside the pack: a link, a device, an absolute path or one
    climbing out with ``..`` is refused."""
    members = tar.getmembers()
    for member in members:
        path = PurePosixPath(member.name)
        if not (member.isfile() or member.isdir()) or path.is_absolute() or ".." in path.parts:
            raise ScenarioError(f"{_WHERE}: the archive holds something other than a pack's files and folders")
    return members


def unseal(pieces: Mapping[str, str], into: Path) -> Path:
    """The pack ``pieces`` carry (setting name → text: one bare line, or every piece of a cut one in any of the
    settings), unpacked once under ``into`` (a folder only this process's user can read); its folder. A ScenarioError
    says what is wrong without quoting the secret."""
    given = {name: text.strip() for name, text in pieces.items() if text.strip()}
    if not given:
        raise ScenarioError(f"{_WHERE}: empty")
    text, digest = _joined(given)
    try:
        raw = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise ScenarioError(f"{_WHERE}: not base64 (make it with `green-agent scenarios seal FOLDER`)") from None
    if digest is not None and hashlib.sha256(raw).hexdigest()[:12] != digest:
        raise ScenarioError(f"{', '.join(given)}: the pieces do not make the pack they were cut from (a piece changed)")
    target = Path(into) / hashlib.sha256(raw).hexdigest()[:16]
    try:
        with tarfile.open(fileobj=io.BytesIO(raw), mode="r:*") as tar:  # gzip: packs sealed before bzip2
            tops = {Path(m.name).parts[0] for m in tar.getmembers() if m.name}
            if len(tops) != 1:
                raise ScenarioError(f"{_WHERE}: the archive must hold one folder (a pack), not {len(tops)}")
            members = _plain(tar)
            if not target.is_dir():
                target.mkdir(parents=True, mode=0o700)
                # The image's Python (Debian's 3.11.2) predates extraction filters: _plain checked every member.
                safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
                tar.extractall(target, members=members, **safe)  # type: ignore[arg-type]
    except (tarfile.TarError, OSError, EOFError) as exc:
        raise ScenarioError(f"{_WHERE}: not a compressed tar of a pack ({type(exc).__name__})") from None
    return target / tops.pop()
