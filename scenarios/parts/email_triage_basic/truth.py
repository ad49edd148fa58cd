"""What email_triage_basic's graders grade against, drawn with the world: the reporting slots, each substantive
item's hour, urgency and substance facts, the people and who may be named in each hour, the noise, and every
email's text (what a summary copies from them is not its own words)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from green_agent.scenario_kit.slices import Truth

__all__ = ["Facts", "Item", "Named", "NoiseMail", "TriageTruth"]


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Facts(_Frozen):
    """An item's substance: ask keywords, and the clock times (ISO) or amounts it names, minus whatever a "sender:
    subject" line naming its sender shows."""

    kw: list[str]
    times: list[str]
    amounts: list[str]
    # Clock times (HH:MM) the email names that are none of its substance (a follow-up on another day, a time in
    # passing): an entry naming one gives the wrong time and reports nothing.
    decoys: list[str] = []
    # What the email names as *not* needed from the user (the other ask of its pool, ``letters``): an entry naming it
    # gives the wrong ask and reports nothing.
    not_asked: list[str] = []


class Item(_Frozen):
    """A substantive email: who sent it (a ``people`` id), when, the slot it is due in, whether it is urgent."""

    id: str
    sender: str
    at: str
    slot: int
    urgent: bool
    thread: str
    facts: Facts


class Named(_Frozen):
    """A correspondent: full name, and every name a summary may call them by (first, last, spelling variants, an
    outside sender's organisation)."""

    name: str
    names: list[str]


class NoiseMail(_Frozen):
    """A newsletter, promotion or notification: the slot it arrives in and the words that name it."""

    id: str
    slot: int
    keywords: list[str]


class TriageTruth(Truth):
    """Slot j starts at ``slots[j]`` and lasts ``step_minutes``; ``items`` in arrival order; ``allowed[j]``: the
    people a summary of slot j may name (who wrote in that hour, and whom that hour's mail names)."""

    slots: list[str]
    step_minutes: int
    people: dict[str, Named]
    items: list[Item]
    allowed: list[list[str]]
    noise: list[NoiseMail]
    texts: list[str]
    shape: str = ""  # how many of the six flex requests are urgent: "few" (0-2), "half" (3), "most" (4-6)
