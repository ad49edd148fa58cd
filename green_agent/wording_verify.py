"""A drafted wording proved by the oracle through the real green (``scenarios wording --draft MODEL --verify N``).

A phrasing can pass every check of the text (``scenario_kit.wording_draft``) and still break its task: it may drop
a step the task turns on — Tony's offer with its ask for the address taken out names every slot, yet nobody is asked
for the address and the oracle, which gives it once asked, never books. What proves a wording is
the oracle: each worded part, drawn in ``N`` worlds with the drafted words, played by the oracle purple through a real
green, must score 100 % and pass. A part that fails is searched for the kinds that break it, by halves (a green
with only those kinds drafted fails, or not); they keep their public words, with the world that showed it.
"""

from __future__ import annotations

import tempfile
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from green_agent.config import GreenSettings
from green_agent.scenario_kit.part import Part
from green_agent.scenario_kit.slices import DAY
from green_agent.scenario_kit.wording_draft import KindDraft, drafted_pack
from green_agent.scenarios import ScenarioLibrary
from green_agent.selftest import assess_via_green, practice_green

__all__ = ["verified"]

Job = tuple[str, dict[str, Any]]  # a scenario and the assessment's config


def _jobs(library: ScenarioLibrary, key: str, seeds: Sequence[int]) -> list[Job]:
    """Worlds holding part ``key``: days of a family that composes it, holding it alone, or the classic that draws it
    alone."""
    day_part = DAY in library.pack().parts[key].shapes
    for sid in library.ids():
        family = library.get(sid).spec.family
        if family is None:
            continue
        if family.composable and day_part and (family.parts is None or key in family.parts):
            return [(sid, {"seed": s, "parts": [key], "attacks": "none"}) for s in seeds]
        if not family.composable and key in library.get(sid).parts:
            return [(sid, {"seed": s}) for s in seeds]
    return []


async def _failures(settings: GreenSettings, text: str, jobs: Mapping[str, list[Job]]) -> dict[str, str]:
    """Part → why the oracle failed a world of it with the pack ``text`` (parts it passed everywhere are absent)."""
    with tempfile.TemporaryDirectory(prefix="drafted-") as tmp:
        folder = Path(tmp) / "drafted"
        folder.mkdir()
        (folder / "__init__.py").write_text(text)
        local = settings.model_copy(update={"part_packs": [folder], "data_dir": Path(tmp) / "data"})
        out: dict[str, str] = {}
        async with practice_green(local, ("oracle",)) as (green, purples):
            for key, todo in jobs.items():
                for sid, config in todo:
                    rows = [r for r in await assess_via_green(green, purples["oracle"], [sid], config)
                            if r["row_type"] == "trial"]
                    bad = next((r for r in rows if not (r["passed"] and r["percentage"] == 100.0)), None)
                    if bad is not None:
                        lost = [f"{c['criterion_id']}: {c['explanation'][:120]}" for c in bad["criteria_results"]
                                if c["status"] == "scored" and c["score"] != c["max_score"]]
                        out[key] = (f"the oracle scored {bad['percentage']:g} % in {sid} at seed {config['seed']} "
                                    f"({'; '.join(lost[:2]) or ', '.join(bad['errors'][:2])})")
                        break
        return out


async def _culprits(kinds: list[str], why: str, fails: Callable[[list[str]], Awaitable[str | None]]) -> dict[str, str]:
    """Kind → why, for the kinds among ``kinds`` (which fail together, ``why``) that fail without the others, found
    by halves; kinds that fail only together are all returned."""
    if len(kinds) == 1:
        return {kinds[0]: why}
    found: dict[str, str] = {}
    for half in (kinds[:len(kinds) // 2], kinds[len(kinds) // 2:]):
        if (reason := await fails(half)) is not None:
            found |= await _culprits(half, reason, fails)
    return found or dict.fromkeys(kinds, f"{why} (only beside each other)")


async def verified(settings: GreenSettings, library: ScenarioLibrary, parts: Mapping[str, Part],
                   drafts: Sequence[KindDraft], model: str, pack: str, seeds: Sequence[int],
                   progress: Callable[[str], None] = lambda line: None) -> list[KindDraft]:
    """``drafts`` with the drafted kinds that make the oracle fail a world of ``seeds`` left out, each with the
    failure that showed it (see the module's docstring); ``progress`` hears each step."""
    out = list(drafts)
    worded = {d.part for d in out if d.drafted}
    jobs = {key: found for key in worded if (found := _jobs(library, key, seeds))}
    if not jobs:
        return out
    failing = await _failures(settings, drafted_pack(parts, out, model, pack), jobs)
    progress(f"the oracle passed {len(jobs) - len(failing)} of {len(jobs)} worded parts in seeds "
             f"{', '.join(map(str, seeds))}" + "".join(f"; {key}: {why}" for key, why in failing.items()))
    for key, why in failing.items():
        mine = [d for d in out if d.part == key]

        async def fails(kinds: list[str], key: str = key, mine: list[KindDraft] = mine) -> str | None:
            """Why the oracle fails part ``key`` with only ``kinds`` drafted (None: it passes)."""
            only = [d if d.kind in kinds or not d.drafted else replace(d, left_out="-", phrasings=[]) for d in mine]
            return (await _failures(settings, drafted_pack({key: parts[key]}, only, model, pack),
                                    {key: jobs[key]})).get(key)

        for kind, reason in (await _culprits([d.kind for d in mine if d.drafted], why, fails)).items():
            progress(f"{key} / {kind}: left out, {reason}")
            out = [replace(d, phrasings=[], left_out=f"the oracle fails with it: {reason}")
                   if (d.part, d.kind) == (key, kind) else d for d in out]
    # What the search kept is proved whole: a part the oracle still fails keeps its public words throughout.
    again = {key: jobs[key] for key in failing if any(d.part == key and d.drafted for d in out)}
    for key, why in (await _failures(settings, drafted_pack(parts, out, model, pack), again) if again else {}).items():
        progress(f"{key}: every kind left out, {why}")
        out = [replace(d, phrasings=[], left_out=f"the oracle fails with the part's drafted words: {why}")
               if d.part == key and d.drafted else d for d in out]
    return out
