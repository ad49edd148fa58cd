"""What a part library does with held-out wordings (``scenario_kit.wording``): check each against the part it words,
and print a pack's skeleton holding a part's public phrasings to rewrite.

A wording is checked when the library is built, so a broken one stops the green at start naming its pack, part and
kind: the part and kind must exist; a template may use only fields the public phrasings of its kind use, and must
carry every field all of them carry (the facts the task is read from); and drawing the part in ``CHECK_WORLDS``
worlds (at least the first, at most the second) must fill every phrasing and draw every kind it words.
"""

from __future__ import annotations

import inspect
import string
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

from green_agent.scenario_kit.day import slice_of
from green_agent.scenario_kit.part import Pack, Part
from green_agent.scenario_kit.phrasing import Phrasing, reworded
from green_agent.scenario_kit.slices import ALONE, DAY
from green_agent.scenario_kit.wording import Wording
from green_agent.scenario_kit.wording_code import Code
from green_agent.scenario_spec import ScenarioError

__all__ = ["CHECK_WORLDS", "KindEntry", "as_template", "check_wordings", "pack_file", "skeleton", "template_fields",
           "underlying", "written_at"]

# Worlds each reworded part is drawn in when the library is built: every phrasing filled in the first, and on until
# every kind worded has come up — as every public part's kinds do within 200 worlds (tests/green/test_part_census.py).
CHECK_WORLDS = (48, 200)


def template_fields(template: str) -> set[str]:
    """The fields a ``str.format`` template uses (``{a.b}``, ``{c[0]}`` and ``{d:>3}`` use a, c, d); ValueError when it
    is no template."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def _check_fields(wording: Wording, key: str, part: Part) -> None:
    public = part.phrasebook.kinds
    for kind, phrasings in wording.kinds.items():
        where = f"{wording.source}: WORDING[{key!r}][{kind!r}]"
        if kind not in public:
            raise ScenarioError(f"{where}: part {key!r} has no kind {kind!r} (its kinds: {', '.join(sorted(public))})")
        if kind in part.phrasebook.positional and len(phrasings) != len(public[kind]):
            raise ScenarioError(f"{where}: a world picks this kind's phrasings by position: give {len(public[kind])} "
                                f"phrasings, in the public order (got {len(phrasings)})")
        templates = [template_fields(p) for p in public[kind] if isinstance(p, str)]
        if not templates:
            continue  # the public kind is written by functions: the draws below check the fields
        allowed, carried = set.union(*templates), set.intersection(*templates)
        for n, phrasing in enumerate(phrasings):
            if not isinstance(phrasing, str):
                continue
            try:
                used = template_fields(phrasing)
            except ValueError as exc:
                raise ScenarioError(f"{where}[{n}]: not a template: {exc}") from None
            if used - allowed:
                raise ScenarioError(f"{where}[{n}]: unknown field {', '.join(sorted(used - allowed))} (this kind's "
                                    f"fields: {', '.join(sorted(allowed)) or 'none'})")
            if carried - used:
                raise ScenarioError(f"{where}[{n}]: leaves out {', '.join(sorted(carried - used))}, which every public "
                                    f"phrasing of this kind carries")


def _check_draws(wording: Wording, key: str, part: Part) -> None:
    shape = DAY if DAY in part.shapes else ALONE
    drawn: set[str] = set()
    least, most = CHECK_WORLDS
    for seed in range(most):
        if seed >= least and drawn >= set(wording.kinds):
            break
        try:
            with reworded(wording.kinds) as used:
                slice_of(seed, "wording-check", part, shape)
        except Exception as exc:  # a pack is outside input: whatever its phrasings raise names the pack
            raise ScenarioError(f"{wording.source}: WORDING[{key!r}]: drawing world {seed} failed: "
                                f"{type(exc).__name__}: {exc}") from None
        drawn |= used
    never = sorted(set(wording.kinds) - drawn)
    if never:
        raise ScenarioError(f"{wording.source}: WORDING[{key!r}]: part {key!r} never draws {', '.join(never)} through "
                            f"its phrasebook in {most} worlds, so a wording of it would change nothing")


def check_wordings(library: Pack) -> None:
    """Refuse, naming the pack, part and kind, a wording ``library`` cannot draw: see the module's docstring."""
    for key, wording in sorted(library.wordings.items()):
        part = library.parts.get(key)
        if part is None:
            raise ScenarioError(f"{wording.source}: WORDING names part {key!r}, which no pack holds (parts: "
                                f"{', '.join(sorted(library.parts))})")
        _check_fields(wording, key, part)
        _check_draws(wording, key, part)


def underlying(phrasing: Callable[..., str]) -> Callable[..., str]:
    """The function that writes a phrasing: itself, or for a phrasing made by a factory (phishing_guard's ``say``
    around a text function) the function it calls."""
    return next((c.cell_contents for c in getattr(phrasing, "__closure__", None) or ()
                 if inspect.isfunction(c.cell_contents)), phrasing)


def written_at(phrasings: Sequence[Phrasing]) -> str:
    """Where a kind's functions are defined ("scenarios/parts/_travel_phrases.py: _offer_relative, _offer_plain"), for
    the one who words the kind by hand; the file relative to the working folder when it lies beneath it."""
    places: dict[str, list[str]] = {}
    for phrasing in phrasings:
        if callable(phrasing):
            phrasing = underlying(phrasing)
            try:
                path = Path(inspect.getsourcefile(phrasing) or "?")
            except TypeError:
                continue
            shown = path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path
            places.setdefault(str(shown), []).append(getattr(phrasing, "__name__", "?"))
    return "; ".join(f"{path}: {', '.join(dict.fromkeys(names))}" for path, names in places.items())


def as_template(phrasing: Phrasing) -> str | None:
    """A phrasing as a template: itself, or a function called with each field as ``{field}`` (None when that fails:
    a function that computes with its fields)."""
    if isinstance(phrasing, str):
        return phrasing
    try:
        names = [p.name for p in inspect.signature(phrasing).parameters.values()
                 if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
        text = phrasing(**{name: f"{{{name}}}" for name in names})
        # A function that reshapes a field ("{what}".title()) leaves a field it was never given.
        return text if isinstance(text, str) and template_fields(text) <= set(names) else None
    except Exception:  # a function of its fields' values (a list, a time): no template to show
        return None


class KindEntry(NamedTuple):
    """One kind in a wording pack's file: its phrasings (None: a comment alone, the kind left out) and a comment."""

    kind: str
    comment: str
    phrasings: tuple[str, ...] | None


def pack_file(doc: str, pack: str, parts: Mapping[str, Sequence[KindEntry]]) -> str:
    """A wording pack's ``__init__.py``: ``doc`` as its docstring, ``PACK = pack``, and ``WORDING`` of ``parts``
    (part key → its kinds' entries)."""
    lines = [f'"""{doc}"""', "", f"PACK = {pack!r}", "", "WORDING = {"]
    for key, entries in parts.items():
        lines.append(f"    {key!r}: {{")
        for entry in entries:
            if entry.phrasings is None:
                lines.append(f"        # {entry.kind!r}: {entry.comment}")
                continue
            lines += [f"        # {entry.comment}", f"        {entry.kind!r}: ("]
            # Code (a drafted phrasing written as a lambda) goes in as code, in parentheses; a template as a string.
            lines += [f"            ({t})," if isinstance(t, Code) else f"            {t!r}," for t in entry.phrasings]
            lines.append("        ),")
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines) + "\n"


def skeleton(parts: Mapping[str, Part], pack: str = "heldout-words") -> str:
    """A wording pack's ``__init__.py`` for ``parts`` (key → part), holding their public phrasings as templates to
    rewrite: a leaderboard's starting point (``green-agent scenarios wording``). A kind written by functions that
    compute with their fields is listed in a comment, with its fields, and left out."""
    entries: dict[str, list[KindEntry]] = {}
    for key, part in parts.items():
        entries[key] = []
        for kind, phrasings in part.phrasebook.kinds.items():
            templates = [as_template(p) for p in phrasings]
            if any(t is None for t in templates):
                entries[key].append(KindEntry(kind, "written by functions of their fields; not listed (the public "
                                                    f"ones: {written_at(phrasings)})", None))
                continue
            kept = tuple(t for t in templates if t is not None)
            fields = sorted(set().union(*(template_fields(t) for t in kept)))
            entries[key].append(KindEntry(
                kind, f"{len(kept)} public phrasings; fields: {', '.join(fields) or 'none'}"
                + ("; positional: keep their number and order, each position means what the public one does"
                   if kind in part.phrasebook.positional else ""), kept))
    return pack_file(f'Held-out wording of {", ".join(parts)}: rewrite every phrasing in words of your own (docs/'
                     f'authoring-parts.md, "Held-out wording"). Keep this file out of every public repository.',
                     pack, entries)
