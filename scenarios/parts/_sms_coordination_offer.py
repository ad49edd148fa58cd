"""The tradesperson of the sms_coordination part (scenarios/parts/sms_coordination.py): his offer of windows, how
he points at the one he withdraws, and his scripted replies."""

from __future__ import annotations

import random
from datetime import datetime

from green_agent.scenario_kit.facts import clock12
from green_agent.scenario_kit.records import CharacterRecord
from green_agent.scenario_kit.slices import iso
from green_agent.scenario_kit.world import Person

from ._sms_coordination_parking import KEYS
from ._sms_coordination_phrases import PHRASES

ORDINALS = ("first", "second", "third", "fourth", "fifth")
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _taken_ref(rng: random.Random, slots: list[datetime], taken: datetime) -> str:
    """How the tradesperson points at the window he withdraws: its place in his list, or its day and half when
    that names it alone, or its day and hour."""
    half = "morning" if taken.hour < 12 else "afternoon"
    same = [s for s in slots if s.date() == taken.date() and (s.hour < 12) == (taken.hour < 12)]
    refs = [f"the {ORDINALS[slots.index(taken)]} one", f"the {ORDINALS[slots.index(taken)]} slot"]
    if len(same) == 1:
        refs += [f"the {taken:%A} {half} one", f"{taken:%A} {half}"]
    refs.append(f"{taken:%A} at {clock12(taken)}")
    that_day = sorted(s for s in slots if s.date() == taken.date())
    if len(that_day) == 1:
        refs += [f"the {taken:%A} one", f"whatever I said for {taken:%A}"]
    elif len(that_day) == 2:
        refs.append(f"the {'earlier' if that_day[0] == taken else 'later'} one on {taken:%A}")
    elif taken in (that_day[0], that_day[-1]):  # three or more that day: only the first and the last are named so
        refs.append(f"the {'earliest' if that_day[0] == taken else 'latest'} one on {taken:%A}")
    # v6: by its neighbour in his list, whose day and time then stand beside the words of the withdrawn one.
    at = slots.index(taken)
    if at > 0:
        refs.append(f"the one after {slots[at - 1]:%A} at {clock12(slots[at - 1])} in my list")
    if at < len(slots) - 1:
        refs.append(f"the slot I listed just before {slots[at + 1]:%A} at {clock12(slots[at + 1])}")
    if taken == min(slots):
        refs.append("the earliest one")
    if taken == max(slots):
        refs.append("the last one in the week")
    return rng.choice(refs)


def _offer(rng: random.Random, pro: Person, trade: str, slots: list[datetime],
           taken: datetime | None) -> tuple[CharacterRecord, str]:
    """The tradesperson: offers the windows when asked (withdrawing ``taken``), books a text naming exactly one of
    the others, asks back otherwise; and the offer's words."""
    ask = PHRASES.say(rng, "offer_ask")
    offer = PHRASES.say(rng, "offer", first=pro.first, slots=slots, ask=ask)
    if taken is not None:
        offer += " " + PHRASES.say(rng, "taken", ref=_taken_ref(rng, slots, taken))
    bookable = [s for s in slots if s != taken]
    offer = offer.replace("{trade}", trade)
    confirm = PHRASES.say(rng, "confirm", slot="{slot}", first=pro.first)
    return {"name": pro.name, "email": pro.email, "phone": pro.phone, "personality": f"Busy {trade}.",
            "scripted_replies": [
                {"id": "confirm", "match": {"modality": "sms", "after": "offer",
                                            "times_any": [iso(s) for s in bookable]},
                 "reply": {"body": confirm, "delay": "PT20M"}},
                # v7: a text about the parking alone (no weekday, so no window) is noted, not asked back about.
                {"match": {"modality": "sms", "after": "offer", "any_of": list(KEYS), "none_of": list(WEEKDAYS)},
                 "reply": {"body": PHRASES.say(rng, "parking_ack"), "delay": "PT20M"}},
                {"match": {"modality": "sms", "after": "offer"},
                 "reply": {"body": PHRASES.say(rng, "ask_back"), "delay": "PT20M"}},
                {"id": "offer", "match": {"modality": "sms", "any_of": [
                    "fix", "book", "visit", "come", "available", "slot", "slots", "when", "repair", "leak"]},
                 "reply": {"body": offer, "delay": "PT40M"}}]}, offer
