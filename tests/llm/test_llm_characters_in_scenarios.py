"""LLM characters in the real scenarios: a model playing the people words every reply its own way, and the graders
must still know what each reply stands for. The oracle plays, through a real green over A2A, the scenarios whose
graders read what characters said — the classic `clarification_loop` (the user's answer), `meeting_scheduling` (a
decline, titled "Declined: …") and `travel_reschedule` (the operator's offer and confirmations), and days of the
`travel` and `clarification` parts — with every character played by an LLM faked through litellm's own mechanism
(a registered custom provider) that restates the script's reply behind a greeting of its own. Before session 32 the
oracle failed each of these (the graders looked for the scripted words; the LLM path dropped the scripted subject).
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from green_agent.characters.llm import REPLY_TOKENS, reply_tokens
from green_agent.selftest import assess_via_green, practice_green
from tests.llm.test_llm_roles import Call, FakeProvider, installed, llm_settings

pytestmark = pytest.mark.asyncio(loop_scope="module")

ROOT = Path(__file__).resolve().parents[2]
# The script's reply as the character prompt gives it ("what you say, in substance: "…"; your RSVP: …").
SCRIPT = re.compile(r'what you say, in substance: "(.*)"(?:; your RSVP: (\w+))?\. Use your own words', re.S)
GREETING = "Hello again, and thanks for getting in touch."


def restating(call: Call) -> dict[str, Any]:
    """A character who says what the script says, in a frame of its own: never the script's exact words."""
    system = call.system
    if "stay silent unless" in system:
        return {"reply": False, "body": "", "rsvp": None}
    if (found := SCRIPT.search(system)) is None:
        rsvp = re.search(r"your RSVP: (\w+)", system)
        return {"reply": rsvp is not None, "body": "", "rsvp": rsvp.group(1) if rsvp else None}
    return {"reply": True, "body": f"{GREETING} {found.group(1)}", "rsvp": found.group(2)}


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def green(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[tuple[str, str, FakeProvider]]:
    settings = llm_settings(tmp_path_factory.mktemp("characters"), scenarios_dir=ROOT / "scenarios",
                            judge_model=None)
    with installed(FakeProvider(answer=restating)) as provider:
        async with practice_green(settings, ("oracle",)) as (url, purples):
            yield url, purples["oracle"], provider


@pytest.mark.parametrize(("scenario", "config"), [
    ("clarification_loop", {"seed": 101}),
    ("meeting_scheduling", {"seed": 101}),
    ("travel_reschedule", {"seed": 101}),
    ("workday", {"seed": 101, "attacks": "none", "parts": ["travel"]}),
    ("workday", {"seed": 101, "attacks": "none", "parts": ["clarification"]}),
], ids=["clarification_loop", "meeting_scheduling", "travel_reschedule", "day-travel", "day-clarification"])
async def test_the_oracle_passes_when_llm_characters_word_the_replies(green, scenario, config):
    url, oracle, provider = green
    before = len(provider.character_calls)
    rows = [r for r in await assess_via_green(url, oracle, [scenario], {"character_mode": "llm", **config})
            if r["row_type"] == "trial"]
    assert len(rows) == 1
    row = rows[0]
    short = [(c["criterion_id"], c["explanation"]) for c in row["criteria_results"] if c["status"] != "scored"
             or c["score"] < c["max_score"]]
    assert row["passed"] and row["percentage"] == 100.0, short
    assert row["provenance"]["character_mode"] == "llm"
    # The characters really were the model's, and it never fell back to the script.
    assert len(provider.character_calls) > before
    assert not [w for w in row["warnings"] if "fell back to the scripted reply" in w], row["warnings"]


def test_a_long_script_gets_room_to_be_said():
    """A short reply keeps the usual bound; a train operator's seat listing (about 1 200 characters) gets room for all
    of it, or the model's reply would be cut off."""
    assert reply_tokens(None) == reply_tokens("See you at 5") == REPLY_TOKENS
    assert reply_tokens("x" * 1200) * 3 > 1200
