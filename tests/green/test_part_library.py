"""The part library (issue 33 items 1 and 3): parts are registered typed classes loaded from packs, a duplicate key or
grader is refused naming both, and each part draws from a stream of its own — adding a part to the library, or bumping
one part's version, changes no other part's content in any world."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from green_agent.protocol import Composition
from green_agent.scenario_kit.day import CompositionError, compose
from green_agent.scenario_kit.family import family_generator
from green_agent.scenario_kit.part import Pack, load_pack
from green_agent.scenario_kit.publish import write_world
from green_agent.scenario_spec import ScenarioError, World
from green_agent.scenarios import ScenarioLibrary, load_scenario, part_library, read_spec

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
LIBRARY = ScenarioLibrary(SCENARIOS).pack()
SEEDS = range(50)

# A part as a contributor would add it: its own module in a pack of its own, drawing people and calendar time (so it
# can clash with the library's parts) and grading with one criterion.
NEW_PART = '''
"""Part: confirm tomorrow's dentist appointment by text."""

from __future__ import annotations

from green_agent.judging.context import EvalContext
from green_agent.judging.evaluators import EvalResult
from green_agent.scenario_kit.day import Day, Slice
from green_agent.scenario_kit.part import Part, Truth, grades, register
from green_agent.scenario_kit.precision import outgoing


class DentistTruth(Truth):
    phone: str


@register
class Dentist(Part):
    """Confirm tomorrow's dentist appointment by text."""

    key = "dentist_confirm"
    version = VERSION
    Truth = DentistTruth

    def draw(self, day: Day) -> Slice:
        (nurse,) = day.people(1, domain="smiles.example")
        hour = day.rng.choice((9, 11, 14))
        day.claim(day.at(hour, days=1), day.at(hour + 1, days=1), self.key)
        return Slice(part=self.key, request=f"Text {nurse.first} at the dentist's to confirm tomorrow at {hour}:00.",
                     contacts=[nurse], recipients={nurse.phone}, truth=DentistTruth(phone=nurse.phone))

    @grades("Appointment confirmed", "accuracy", 10, "A text to the dentist's nurse.")
    async def dentist_confirmed(self, ctx: EvalContext, truth: DentistTruth) -> EvalResult:
        sent = [s for s in outgoing(ctx, ("sms",)) if truth.phone in s.to]
        return EvalResult(score=1.0 if sent else 0.0, max_score=1.0)
'''


def pack_with(tmp_path: Path, name: str, source: str, *, version: int = 1) -> Path:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "dentist.py").write_text(textwrap.dedent(source).replace("VERSION", str(version)))
    return folder


def contents(world: World) -> dict[str, Any]:
    """Each part's content in a world: its truth, the sentence of the user's request and the criteria it brings."""
    asks = [line.split(". ", 1)[1] for line in world.spec["user_prompt"].splitlines() if line[:1].isdigit()]
    return {key: (world.truth["parts"][key], asks[n], [c for c in world.spec["criteria"] if c.get("part") == key])
            for n, key in enumerate(world.parts)}


def day(seed: int, library: Pack) -> World:
    return compose(seed, "workday", library, description="A day.")


def test_a_part_added_in_a_pack_of_its_own_changes_no_other_part_in_any_world(tmp_path):
    bigger = LIBRARY.merged(load_pack(pack_with(tmp_path, "extra", NEW_PART)))
    assert "dentist_confirm" in bigger.parts and "dentist_confirmed" in bigger.evaluators
    held, compared = 0, 0
    for seed in SEEDS:
        before, after = contents(day(seed, LIBRARY)), contents(day(seed, bigger))
        held += "dentist_confirm" in after
        for key in before.keys() & after.keys():
            assert before[key] == after[key], (seed, key)
            compared += 1
    # The new part is drawn in some worlds (it displaced a part there, or one it clashes with), and every part the two
    # libraries' worlds share was compared.
    assert 0 < held < len(SEEDS) and compared > 3 * len(SEEDS)


def test_a_version_bump_changes_that_part_alone(tmp_path):
    one = LIBRARY.merged(load_pack(pack_with(tmp_path, "v1", NEW_PART, version=1)))
    two = LIBRARY.merged(load_pack(pack_with(tmp_path, "v2", NEW_PART, version=2)))
    changed = 0
    for seed in SEEDS:
        a, b = day(seed, one), day(seed, two)
        assert a.parts == b.parts or "dentist_confirm" in (*a.parts, *b.parts)
        x, y = contents(a), contents(b)
        for key in (x.keys() & y.keys()) - {"dentist_confirm"}:
            assert x[key] == y[key], (seed, key)
        changed += "dentist_confirm" in x and "dentist_confirm" in y and x["dentist_confirm"] != y["dentist_confirm"]
    assert changed  # the bumped part itself was redrawn


def test_a_second_part_of_one_key_or_one_grader_is_refused_naming_both(tmp_path):
    copy = pack_with(tmp_path, "copy", NEW_PART)
    with pytest.raises(ScenarioError, match=r"part key 'dentist_confirm' of dentist\.Dentist is also the key of "
                                            r"dentist\.Dentist"):
        load_pack(pack_with(tmp_path, "extra", NEW_PART)).merged(load_pack(copy))
    renamed = NEW_PART.replace('key = "dentist_confirm"', 'key = "triage"')
    with pytest.raises(ScenarioError, match=r"part key 'triage' of dentist\.Dentist is also the key of "
                                            r"triage\.Triage"):
        LIBRARY.merged(load_pack(pack_with(tmp_path, "clash", renamed)))
    stolen = NEW_PART.replace("def dentist_confirmed", "def meeting_booked").replace(
        'key = "dentist_confirm"', 'key = "dentist_other"')
    with pytest.raises(ScenarioError, match=r"grader 'meeting_booked' of dentist\.Dentist is also a grader of "
                                            r"scheduling\.Scheduling"):
        LIBRARY.merged(load_pack(pack_with(tmp_path, "stolen", stolen)))


def test_a_pack_whose_module_fails_names_the_file(tmp_path):
    broken = pack_with(tmp_path, "broken", NEW_PART.replace("class DentistTruth", "class DentistTruth(Missing):\n"
                                                                                  "    pass\n\n\nclass Unused"))
    with pytest.raises(ScenarioError, match=r"broken/dentist: failed to import: NameError"):
        load_pack(broken)


def test_an_installed_pack_is_found_by_its_entry_point(tmp_path, monkeypatch):
    """A private pack installed as a package (entry point group ``ues_green.parts``) joins the library."""
    site = tmp_path / "site"
    package = site / "private_parts"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "dentist.py").write_text(textwrap.dedent(NEW_PART).replace("VERSION", "1"))
    info = site / "private_parts-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: private-parts\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[ues_green.parts]\nprivate = private_parts\n")
    monkeypatch.syspath_prepend(str(site))
    try:
        library = part_library(SCENARIOS)
        assert "dentist_confirm" in library.parts and set(LIBRARY.parts) < set(library.parts)
    finally:
        for name in [n for n in sys.modules if n.startswith("private_parts")]:
            del sys.modules[name]


def test_a_family_without_its_parts_names_the_missing_part(tmp_path):
    folder = tmp_path / "named"
    folder.mkdir()
    for name in ("initial_state.json", "solution.json"):
        (folder / name).write_text((SCENARIOS / "workday" / name).read_text())
    spec = json.loads((SCENARIOS / "workday" / "scenario.json").read_text())
    spec.update(scenario_id="named", family={"parts": ["triage", "no_such_part"]})
    (folder / "scenario.json").write_text(json.dumps(spec))
    with pytest.raises(ScenarioError, match="named: no part 'no_such_part' in the part library"):
        load_scenario(folder, LIBRARY)


ALONE_PART = NEW_PART.replace('''    def draw(self, day: Day) -> Slice:''', '''    shapes = ("day", "alone")

    def draw(self, day: Day) -> Slice:
        if day.shape == "alone":
            piece = self.draw(replace(day, shape="day"))
            piece.frame = Frame(user=day.user, start=day.start, end=day.end + timedelta(days=1), max_turns=3,
                                prompt=f"Hi, one thing today: {piece.request}", description="The dentist, alone.")
            return piece''').replace("from green_agent.scenario_kit.day import Day, Slice",
                                    "from dataclasses import replace\nfrom datetime import timedelta\n\n"
                                    "from green_agent.scenario_kit.slices import Day, Frame, Slice")


def test_a_part_drawn_alone_is_a_whole_world_with_its_own_frame(tmp_path):
    """A classic scenario is a named composition of one part drawn alone: its frame and criteria are the world's."""
    library = LIBRARY.merged(load_pack(pack_with(tmp_path, "alone", ALONE_PART)))
    folder = tmp_path / "dentist"
    folder.mkdir()
    spec = json.loads((SCENARIOS / "workday" / "scenario.json").read_text())
    spec.update(scenario_id="dentist", family={"parts": ["dentist_confirm"], "alone": True})
    (folder / "scenario.json").write_text(json.dumps(spec))
    for name in ("initial_state.json", "solution.json"):
        (folder / name).write_text((SCENARIOS / "workday" / name).read_text())
    write_world(folder, family_generator(read_spec(folder), library)(0))
    scenario = load_scenario(folder, library)
    assert scenario.spec.user_prompt.startswith("Hi, one thing today: Text ") and scenario.spec.max_turns == 3
    assert [c.criterion_id for c in scenario.spec.criteria] == ["dentist_confirmed"]
    assert set(scenario.evaluators) == {"dentist_confirmed"} and scenario.parts == ("dentist_confirm",)
    # A request cannot recompose it, and a part without the shape is refused by name.
    with pytest.raises(ScenarioError, match="has no parts or attacks to choose"):
        scenario.in_world(1, Composition(parts=("triage",)))
    spec.update(family={"parts": ["triage"], "alone": True})
    (folder / "scenario.json").write_text(json.dumps(spec))
    with pytest.raises(CompositionError, match="part 'triage' is not drawn alone"):
        family_generator(read_spec(folder), library)(0)
