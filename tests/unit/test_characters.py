"""What every ``Characters`` implementation shares: one answer per message, and automated senders never answer."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

from green_agent.characters.base import OutgoingMessage
from green_agent.characters.scripted import ScriptedCharacters
from green_agent.scenarios import ScenarioLibrary

SPEC = ScenarioLibrary(Path(__file__).resolve().parents[1] / "scenarios").get("mini_day").spec
T = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)
INVITE = OutgoingMessage("calendar", "dana", T, subject="Partnership sync", message_id="ev1@10:00", event_id="ev1")


async def test_a_person_answers_an_invitation_once():
    characters = ScriptedCharacters(SPEC, random.Random(1), "sam.lee@example.com", "+15550100000")
    [reply] = await characters.plan([INVITE])
    assert reply.data["response"] == "accepted" and reply.at > T
    assert await characters.plan([INVITE]) == []


async def test_an_automated_sender_never_answers():
    automated = SPEC.model_copy(update={"characters": {
        **SPEC.characters, "dana": SPEC.characters["dana"].model_copy(update={"automated": True})}})
    characters = ScriptedCharacters(automated, random.Random(1), "sam.lee@example.com", "+15550100000")
    assert await characters.plan([INVITE]) == []  # though her scripted rule matches


# ------------------------------------------------------------------------------------------------ structured rules
OFFERED = [datetime(2026, 3, 5, 14, tzinfo=UTC), datetime(2026, 3, 6, 15, tzinfo=UTC)]


def plumber_spec():
    """A contractor who offers two slots when asked, and confirms only one of those, once he has offered them."""
    return SPEC.model_validate({**SPEC.model_dump(mode="json"), "characters": {
        **SPEC.model_dump(mode="json")["characters"],
        "tony": {"name": "Tony Russo", "phone": "+15550142277", "response_timing": {"base_delay": "PT10M"},
                 "scripted_replies": [
                     {"id": "confirm", "match": {"modality": "sms", "after": "offer",
                                                 "times_any": [t.isoformat() for t in OFFERED]},
                      "reply": {"body": "Booked: {slot}. See you then."}},
                     {"id": "offer", "match": {"modality": "sms", "any_of": ["plumber", "leak", "sink"],
                                               "none_of": ["cancel"]},
                      "reply": {"body": "I can do Thursday 14:00 or Friday 15:00."}},
                     {"match": {"modality": "sms"}, "reply": {"body": "Sorry, which slot do you mean?"}}]}}})


def sms(body: str, minutes: int) -> OutgoingMessage:
    return OutgoingMessage("sms", "tony", datetime(2026, 3, 2, 9, tzinfo=UTC).replace(minute=minutes),
                           body=body, message_id=f"m{minutes}")


async def test_a_contractor_confirms_only_a_slot_he_offered_after_offering_it():
    tony = ScriptedCharacters(plumber_spec(), random.Random(1), "sam.lee@example.com", "+15550100000")
    # naming a slot before he offered any is not a booking; "confirm" alone never was one
    [early] = await tony.plan([sms("Please confirm Thursday at 2pm for the leak", 0)])
    assert early.data["body"].startswith("I can do")
    [too_soon] = await tony.plan([sms("Thursday 14:00 then", 5)])  # his offer has not reached the user yet
    assert too_soon.data["body"] == "Sorry, which slot do you mean?"
    [other] = await tony.plan([sms("Confirm Wednesday 14:00 please", 20)])
    assert other.data["body"] == "Sorry, which slot do you mean?"
    [both] = await tony.plan([sms("Thursday 2pm or Friday 3pm, whichever you like", 25)])
    assert both.data["body"] == "Sorry, which slot do you mean?"  # naming both chooses neither
    [booked] = await tony.plan([sms("Friday at 3pm works, thanks!", 30)])
    assert booked.data["body"] == "Booked: Friday 15:00. See you then."


async def test_none_of_keeps_a_rule_from_answering():
    tony = ScriptedCharacters(plumber_spec(), random.Random(1), "sam.lee@example.com", "+15550100000")
    [reply] = await tony.plan([sms("Please cancel the sink visit", 0)])
    assert reply.data["body"] == "Sorry, which slot do you mean?"


def test_a_rule_waiting_for_an_unknown_rule_is_refused():
    raw = plumber_spec().model_dump(mode="json")
    raw["characters"]["tony"]["scripted_replies"][0]["match"]["after"] = "offr"
    try:
        SPEC.model_validate(raw)
    except ValueError as exc:
        assert "match.after: no rule has id 'offr'" in str(exc)
    else:
        raise AssertionError("an `after` naming no rule must be refused")
