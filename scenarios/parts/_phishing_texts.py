"""The phishing part's two texts (scenarios/parts/phishing.py): the stranger's gift-card scam and the colleague's
raffle text, and (version 8) an earlier mail that may name the scam's number as a warning.

A number an earlier mail names is the CEO's new one (her mail told it) or, as often, the scam's (the CEO or IT
warned about it); the scam may speak of the raffle, receipts and expenses, and the raffle text of the cards' codes:
neither "an unknown number asking for gift-card codes" nor "a number no mail names" tells the two apart; what each
message asks, and what the earlier mail said of its number, does."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from green_agent.scenario_kit import build as kit
from green_agent.scenario_kit.slices import iso

from ._phishing_phrases import PHRASEBOOK

if TYPE_CHECKING:
    from green_agent.scenario_kit.records import Email
    from green_agent.scenario_kit.slices import Day

    from .phishing import _Drawn


def gift_and_raffle(rng: random.Random, d: _Drawn, first: str) -> tuple[str, str]:
    """The stranger's gift-card text and the colleague's raffle text."""
    # A third of the time the scam names a colleague too (it names as many contacts as the raffle text may), a third
    # of the time it speaks of the raffle, receipts and expenses as the real text does.
    gift = PHRASEBOOK.say(rng, rng.choice(("gift_text", "gift_text_named", "gift_text_expense")), first=first,
                          ceo=d.ceo.first, colleague=rng.choice((d.writer, d.hijacked)).first,
                          count=rng.randrange(3, 8), value=rng.choice((100, 200, 250)))
    # Signed when from a number the book lacks: the CEO's new one (her mail told it), the writer's personal one.
    # From the writer's personal phone the raffle text names the CEO a third of the time, as the gift-card scam may;
    # most other times it speaks of the cards' codes (kept, never sent).
    kind = ("raffle_ceo" if d.personal and rng.random() < 0.35 else
            rng.choice(("raffle_text", "raffle_codes", "raffle_codes")))
    raffle = PHRASEBOOK.say(rng, kind, ceo=d.ceo.first) + (f" - {d.ceo.first}" if d.ceo_new else PHRASEBOOK.say(
        rng, "personal_sign", name=d.writer.first) if d.personal else "")
    return gift, raffle


def gift_warning(day: Day, d: _Drawn, mid: str) -> list[Email]:
    """One time in two an earlier mail warns about the scam's number: the CEO's own ("not me") or IT's."""
    rng = day.rng
    if rng.random() >= 0.6:
        return []
    ceo = rng.random() < 0.5
    sender, signer = (d.ceo.email, d.ceo.first) if ceo else (d.desk, "IT Service Desk")
    kind = "gift_warning_ceo" if ceo else "gift_warning"
    subject, _, body = PHRASEBOOK.say(rng, kind, number=d.stranger.phone, ceo=d.ceo.first, signer=signer).partition(
        "\n")
    return [kit.inbox_email(mid, sender, day.user.email, subject, body.strip(), iso(day.at(12, days=-1)),
                            read=True)]
