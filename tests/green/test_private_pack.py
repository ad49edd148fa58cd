"""A private pack of parts (issue 34 item 4): a folder outside ``scenarios/``, named by ``GREEN_PART_PACKS``, that the
green loads at start and composes with the public parts — as a leaderboard mounts a held-out test set into the public
image. Its parts appear in composed days, the oracle solves them through the real green over A2A, and every row and
its provenance name each part's pack and version; a missing or broken pack stops the green at start, naming it."""

from __future__ import annotations

import base64
import io
import secrets
import tarfile
import textwrap
from pathlib import Path

import pytest
from pydantic import SecretStr

from green_agent.cli import main
from green_agent.config import GreenSettings
from green_agent.scenario_kit.sealed import SECRET_LIMIT
from green_agent.scenario_spec import ScenarioError
from green_agent.scenarios import library_for
from green_agent.selftest import assess_via_green, practice_green
from green_agent.server import create_app

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"

# A held-out part as a leaderboard would keep it: its own pack (``PACK`` names it in rows), one module, an oracle plan
# (texting the nurse) and a criterion that reads the item: a text to the nurse naming the appointment's hour.
PACK_INIT = 'PACK = "heldout-dental"\n'
PART = '''
"""Part: confirm tomorrow's dentist appointment by text."""

from __future__ import annotations

from green_agent.judging.context import EvalContext
from green_agent.judging.evaluators import EvalResult
from green_agent.scenario_kit.grading import identifier
from green_agent.scenario_kit.part import Part, Truth, grades, register
from green_agent.scenario_kit.precision import outgoing
from green_agent.scenario_kit.slices import Day, Slice


class DentistTruth(Truth):
    phone: str
    hour: int


@register
class Dentist(Part):
    """Confirm tomorrow's dentist appointment by text."""

    key = "dentist_confirm"
    version = 3
    Truth = DentistTruth

    def draw(self, day: Day) -> Slice:
        (nurse,) = day.people(1, domain="smiles.example")
        hour = day.rng.choice((9, 11, 14))
        return Slice(
            part=self.key, contacts=[nurse], recipients={nurse.phone},
            request=f"Text {nurse.first} at the dentist's to confirm my appointment tomorrow at {hour}:00.",
            done=f"I texted {nurse.first} to confirm tomorrow's appointment.",
            steps=[{"turn": 1, "method": "POST", "path": "/sms/send", "body": {
                "from_number": day.user.phone, "to_numbers": [nurse.phone],
                "body": f"Hello {nurse.first}, confirming my appointment tomorrow at {hour}:00. Thanks!"}}],
            truth=DentistTruth(phone=nurse.phone, hour=hour))

    @grades("Appointment confirmed", "accuracy", 10, "A text to the nurse naming the appointment's hour.")
    async def dentist_confirmed(self, ctx: EvalContext, truth: DentistTruth) -> EvalResult:
        nurse = (identifier(truth.phone),)
        sent = [s for s in outgoing(ctx, ("sms",)) if s.to == nurse and f"{truth.hour}:00" in s.text]
        return EvalResult(score=1.0 if sent else 0.0, max_score=1.0)
'''


def private_pack(tmp_path: Path) -> Path:
    folder = tmp_path / "held-out" / "dental"
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text(PACK_INIT)
    (folder / "dentist.py").write_text(textwrap.dedent(PART))
    return folder


def test_the_setting_names_folders_separated_like_a_path(tmp_path, monkeypatch):
    monkeypatch.setenv("GREEN_PART_PACKS", f"{tmp_path / 'a'}:{tmp_path / 'b'}")
    assert GreenSettings().part_packs == [tmp_path / "a", tmp_path / "b"]


def test_a_private_pack_joins_the_days_drawn_without_naming_it(tmp_path):
    pack = private_pack(tmp_path)
    library = library_for(GreenSettings(scenarios_dir=SCENARIOS, part_packs=[pack]))
    workday = library.get("workday")
    assert workday.origins["dentist_confirm"].pack == "heldout-dental"
    assert workday.origins["chase_reply"].pack == "public"
    days = [workday.in_world(seed).parts for seed in range(60)]
    holding = [parts for parts in days if "dentist_confirm" in parts]
    assert holding, "no day of 60 held the private part"
    assert len(holding) < len(days)  # a part among the others, not in every day
    # Without the pack, no day names it.
    assert not any("dentist_confirm" in library_for(GreenSettings(scenarios_dir=SCENARIOS)).get("workday")
                   .in_world(seed).parts for seed in range(60))


async def test_a_composed_day_with_a_private_part_runs_and_its_rows_name_the_pack(tmp_path):
    settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path / "data", part_packs=[private_pack(tmp_path)])
    config = {"parts": ["dentist_confirm", "chase_reply"], "attacks": "none"}
    async with practice_green(settings, ("oracle", "noop")) as (green, purples):
        oracle = await assess_via_green(green, purples["oracle"], ["workday"], {**config, "seed": 7})
        noop = await assess_via_green(green, purples["noop"], ["workday"], {**config, "seed": 7})
    (row,) = [r for r in oracle if r["row_type"] == "trial"]
    assert row["status"] == "completed" and row["passed"] and row["percentage"] == 100.0, row["errors"]
    by_part = {p["part"]: p for p in row["part_scores"]}
    assert (by_part["dentist_confirm"]["pack"], by_part["dentist_confirm"]["version"]) == ("heldout-dental", 3)
    assert by_part["chase_reply"]["pack"] == "public" and by_part["dentist_confirm"]["passed"]
    named = {p["part"]: (p["pack"], p["version"]) for p in row["provenance"]["parts"]}
    assert named["dentist_confirm"] == ("heldout-dental", 3) and named["chase_reply"][0] == "public"
    (idle,) = [r for r in noop if r["row_type"] == "trial"]
    assert not idle["passed"] and {p["part"]: p["percentage"] for p in idle["part_scores"]}["dentist_confirm"] == 0


def test_a_missing_or_broken_pack_stops_the_green_at_start_naming_it(tmp_path):
    missing = tmp_path / "nowhere"
    with pytest.raises(ScenarioError, match=f"{missing}: no such folder"):
        create_app(GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path, part_packs=[missing]))
    broken = private_pack(tmp_path)
    (broken / "dentist.py").write_text("import not_a_module_anywhere\n")
    with pytest.raises(ScenarioError, match=r"dentist.*failed to import: ModuleNotFoundError"):
        create_app(GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path, part_packs=[broken]))
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ScenarioError, match="registers no part"):
        create_app(GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path, part_packs=[empty]))


def test_a_pack_sealed_into_a_secret_is_unpacked_by_the_green_and_never_logged(tmp_path, monkeypatch, capsys):
    """Under Amber a green's only configs are secrets: ``scenarios seal`` turns the pack into one line for the
    leaderboard repository's secret, and a green given it (GREEN_PART_PACK_ARCHIVE) composes its parts."""
    pack = private_pack(tmp_path)
    monkeypatch.setenv("GREEN_SCENARIOS_DIR", str(SCENARIOS))
    assert main(["scenarios", "seal", str(pack)]) == 0
    out, err = capsys.readouterr()
    sealed = out.strip()
    assert "dentist_confirm" in err and "\n" not in sealed and "dentist" not in sealed  # opaque, one line
    settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path / "data",
                             part_pack_archive=SecretStr(sealed))
    workday = library_for(settings).get("workday")
    assert workday.origins["dentist_confirm"].pack == "heldout-dental"
    assert any("dentist_confirm" in workday.in_world(seed).parts for seed in range(60))
    assert sealed not in repr(settings)
    for bad, why in (("not base64!", "not base64"), (SEALED_JUNK, "not a compressed tar")):
        with pytest.raises(ScenarioError, match=f"GREEN_PART_PACK_ARCHIVE: {why}") as caught:
            library_for(GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path / "data",
                                      part_pack_archive=SecretStr(bad)))
        assert bad not in str(caught.value)


SEALED_JUNK = "aGVsbG8gd29ybGQ="  # base64 of text that is no archive


def test_a_secret_sealed_before_bzip2_still_loads(tmp_path):
    """Seals were gzip tars until session 20: a board's stored secret must not stop loading when the image updates."""
    text = _tar_b64(("dental/__init__.py", None, PACK_INIT.encode()),
                    ("dental/dentist.py", None, textwrap.dedent(PART).encode()))
    settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path / "data", part_pack_archive=SecretStr(text))
    assert library_for(settings).get("workday").origins["dentist_confirm"].pack == "heldout-dental"


def _padded(tmp_path: Path, name: str, size: int) -> Path:
    """The dentist pack with ``size`` characters of incompressible data beside its part: a pack as large as one that
    words every public part."""
    pack = private_pack(tmp_path / name)
    (pack / "blob.py").write_text(f"BLOB = {secrets.token_urlsafe(size)!r}\n")
    return pack


def _seal_lines(pack: Path, capsys) -> tuple[int, list[str], str]:
    code = main(["scenarios", "seal", str(pack)])
    out, err = capsys.readouterr()
    return code, out.split(), err


def test_a_pack_larger_than_a_secret_travels_in_pieces_and_a_piece_amiss_is_named(tmp_path, monkeypatch, capsys):
    """A GitHub secret holds 48 KB; wording every public part seals to about 117 KB. ``scenarios seal`` cuts such a
    pack into lines of at most 48 KB, one per secret (PART_PACK … PART_PACK_4), and the green joins them in whatever
    settings they arrive. A missing, repeated, foreign or altered piece stops it naming the fault, never the text."""
    monkeypatch.setenv("GREEN_SCENARIOS_DIR", str(SCENARIOS))
    code, pieces, err = _seal_lines(_padded(tmp_path, "big", 50_000), capsys)
    assert code == 0 and len(pieces) == 2 and all(len(p) <= SECRET_LIMIT for p in pieces)
    assert "store them as the secrets PART_PACK, PART_PACK_2" in err
    data = tmp_path / "data"

    def library(**given: str):
        return library_for(GreenSettings(scenarios_dir=SCENARIOS, data_dir=data,
                                         **{k: SecretStr(v) for k, v in given.items()}))

    # Stored in any order, with a gap: the same pack.
    workday = library(part_pack_archive_2=pieces[1], part_pack_archive_4=pieces[0]).get("workday")
    assert workday.origins["dentist_confirm"].pack == "heldout-dental"
    _, other, _ = _seal_lines(_padded(tmp_path, "other", 50_000), capsys)
    _, (bare,), _ = _seal_lines(private_pack(tmp_path / "small"), capsys)
    altered = pieces[1][:-9] + ("A" if pieces[1][-9] != "A" else "B") + pieces[1][-8:]
    for given, why in (
            ({"part_pack_archive": pieces[0]}, r"GREEN_PART_PACK_ARCHIVE: piece 2 of 2 missing"),
            ({"part_pack_archive": pieces[0], "part_pack_archive_2": pieces[0]}, "GREEN_PART_PACK_ARCHIVE_2: piece 1 "
                                                                                 "of 2 again"),
            ({"part_pack_archive": pieces[0], "part_pack_archive_2": other[1]}, "pieces of different seals"),
            ({"part_pack_archive": bare, "part_pack_archive_2": pieces[1]}, "GREEN_PART_PACK_ARCHIVE: not a piece"),
            ({"part_pack_archive": pieces[0], "part_pack_archive_3": altered}, "do not make the pack")):
        with pytest.raises(ScenarioError, match=why) as caught:
            library(**given)
        assert not any(p[40:80] in str(caught.value) for p in (*pieces, *other, bare))
    # Beyond the four secrets the green reads, the command refuses (and still prints the lines, for another board).
    code, pieces, err = _seal_lines(_padded(tmp_path, "huge", 160_000), capsys)
    assert code == 1 and len(pieces) == 5 and "more than the 4 secrets the green reads" in err


def _tar_b64(*members: tuple[str, bytes | None, bytes]) -> str:
    """A gzip tar in base64 of (name, link target or None, content) members."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for name, link, content in members:
            info = tarfile.TarInfo(name)
            if link is not None:
                info.type, info.linkname = tarfile.SYMTYPE, link.decode()
                tar.addfile(info)
            else:
                info.size = len(content)
                tar.addfile(info, io.BytesIO(content))
    return base64.b64encode(buffer.getvalue()).decode()


@pytest.mark.parametrize("member", [("pack/../escaped.py", None, b"X = 1\n"), ("pack/link.py", b"/etc/passwd", b"")],
                         ids=["climbs out", "a link"])
def test_a_sealed_archive_holding_more_than_a_packs_files_is_refused_before_anything_is_written(tmp_path, member):
    """The image's Python has no tar extraction filter: the green checks every member itself."""
    text = _tar_b64(("pack/__init__.py", None, b"PACK = 'x'\n"), member)
    with pytest.raises(ScenarioError, match="something other than a pack's files and folders"):
        library_for(GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path / "data",
                                  part_pack_archive=SecretStr(text)))
    assert not (tmp_path / "data" / "packs").exists() and not (tmp_path / "data" / "escaped.py").exists()
