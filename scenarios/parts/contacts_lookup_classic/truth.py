"""What the contacts_lookup graders grade against: the part's typed ``Truth``, drawn with the world."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from green_agent.scenario_kit.slices import Truth

from .cast import Params
from .texts import EMAIL, TEXT
from .world import VISIT_ID


class Teammate(Truth):
    """One of the four people to tell: ``identifier`` is their current one on the asked ``channel``; ``current`` both
    their current number and work address; ``wrong`` the out-of-use number or personal address they have (if any)."""

    id: str  # the character id: p1..p3 (the prompt's), p4 (added by the project manager)
    name: str
    first: str
    last: str
    company: str
    channel: Literal["sms", "email"]
    identifier: str
    current: tuple[str, ...]
    wrong: tuple[str, ...]
    trap: str | None
    added: bool
    answer: Literal["confirm", "decline"]


class Someone(Truth):
    """Someone else the world knows (the project manager, an address-book entry), by character or entry id."""

    id: str
    name: str
    first: str
    last: str
    phone: str
    email: str


class Namesake(Someone):
    """The contact who shares a teammate's first name; ``of`` is that teammate's id."""

    of: str


class ContactsLookupTruth(Truth):
    """The world's people and the move: the graders' only source of world facts."""

    user_email: str
    user_phone: str
    pm: Someone
    project: str
    old_time: datetime
    new_time: datetime
    venue: str
    address: str
    place_marks: tuple[str, ...]
    pm_email_at: datetime
    visit_event_id: str
    targets: tuple[Teammate, ...]
    namesake: Namesake | None
    fillers: tuple[Someone, ...]
    traps: tuple[str, ...]
    allowed: tuple[str, ...]  # every identifier the task may write to: the four's current ones and the PM's

    def team(self, added: bool | None = None) -> list[Teammate]:
        """The four people to tell; only the prompt's (``added=False``) or the one added later (``True``)."""
        return [t for t in self.targets if added is None or t.added == added]


def drawn_truth(p: Params) -> ContactsLookupTruth:
    """The truth of the world ``p`` draws."""
    targets = tuple(Teammate(
        id=t.key, name=t.name, first=t.first, last=t.last, company=str(t.company), channel=TEXT if t.channel == TEXT
        else EMAIL, identifier=t.identifier, current=(t.phone, t.email),
        wrong=tuple(x for x in (t.old_phone, t.personal_email) if x), trap=t.trap, added=t is p.added,
        answer="decline" if t.declines else "confirm") for t in p.targets)
    namesake = None if p.namesake is None or p.namesake_of is None else Namesake(
        id="namesake", name=p.namesake.name, first=p.namesake.first, last=p.namesake.last, phone=p.namesake.phone,
        email=p.namesake.email, of=p.namesake_of)
    pm = Someone(id="pm", name=p.pm.name, first=p.pm.first, last=p.pm.last, phone=p.pm.phone, email=p.pm.email)
    fillers = tuple(Someone(id=f"filler{i}", name=f.name, first=f.first, last=f.last, phone=f.phone, email=f.email)
                    for i, f in enumerate(p.fillers, 1))
    if p.bystander is not None:  # the colleague named as not to tell: written to, a stray like any entry
        b = p.bystander
        fillers += (Someone(id="bystander", name=b.name, first=b.first, last=b.last, phone=b.phone, email=b.email),)
    return ContactsLookupTruth(
        user_email=p.user.email, user_phone=p.user.phone, pm=pm, project=p.project, old_time=p.old_time,
        new_time=p.new_time, venue=p.venue, address=p.venue_address, place_marks=p.place_marks,
        pm_email_at=p.pm_email_at, visit_event_id=VISIT_ID, targets=targets, namesake=namesake, fillers=fillers,
        traps=tuple(sorted(p.traps)), allowed=(*(x for t in p.targets for x in (t.phone, t.email)), p.pm.phone,
                                               p.pm.email))
