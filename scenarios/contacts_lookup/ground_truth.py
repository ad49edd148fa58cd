"""The parameters of a contacts_lookup world and their draw from the world seed.

The user (a project architect) asks the assistant to tell three people that tomorrow's site visit has moved to a new
time and place: some by text, some by email. The prompt names them (first name and company, sometimes the full
name); their numbers and addresses are only in the address book. A fourth person is added later by the user's
project manager, in an email that arrives mid-morning. One of the four cannot make the new time and says so.

Traps (``TRAPS``), each present or not in a world (world 0 has all three, every world at least two):

* ``namesake`` — another contact shares a target's first name (at an unrelated company), with a recent SMS thread;
* ``old_number`` — a target's first phone entry is an old number the contact's notes say is no longer in use, and an
  old SMS thread with that number sits on the phone;
* ``personal_email`` — a target's first email entry is a personal address (the prompt says to use work addresses),
  and an old personal email from that address sits in the inbox.

``generator.py`` turns the parameters into the world, the characters, the oracle's plan and the ground truth.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta

from green_agent.scenario_kit.world import FIRST_NAMES, LAST_NAMES, Person, draw, shuffled

SCENARIO_ID = "contacts_lookup"
START = datetime(2026, 4, 14, 8, 30, tzinfo=UTC)  # Tuesday
END = datetime(2026, 4, 14, 14, 30, tzinfo=UTC)
TOMORROW = START.date() + timedelta(days=1)
TURN = timedelta(hours=1)
VISIT_LENGTH = timedelta(minutes=90)
TRAPS = ("namesake", "old_number", "personal_email")
TEXT, EMAIL = "sms", "email"

# (role, companies): the project team the targets are drawn from.
ROLES = (
    ("structural engineer", ("Bridgeline Engineering", "Keystone Structures", "Arcwell Engineers")),
    ("site manager", ("Castlegate Builders", "Northgate Construction", "Redbrick Contracting")),
    ("landscape architect", ("Greenway Landscapes", "Fernhill Landscape Studio", "Willowmere Design")),
    ("services engineer", ("Voltaic Services", "Brightwater Building Services", "Currentflow Engineering")),
    ("quantity surveyor", ("Ledgerwood Surveyors", "Tallyfield Cost Consultants", "Costwise Partners")),
)
# (company, what the namesake is to the user): unrelated to the project.
NAMESAKE_COMPANIES = (
    ("Blue Door Catering", "caters the studio's Friday lunches"),
    ("Sunnyside Dental", "is the receptionist at the user's dentist"),
    ("Maple Yoga Studio", "teaches the user's Thursday yoga class"),
    ("Oakridge Tennis Club", "runs the user's tennis club bookings"),
)
FIRMS = ("Northlight Architects", "Fieldstone Architects", "Atelier Rowan")
# (project, the old meeting place)
PROJECTS = (
    ("Pier Street library", "the Pier Street site gate"),
    ("Mill Lane school extension", "the main gate on Mill Lane"),
    ("Riverside community centre", "the Riverside Road entrance"),
    ("Orchard Court housing scheme", "the Orchard Court site cabin"),
)
# (venue, address, marks: words that name the place in a message)
PLACES = (
    ("Harbour Kitchen", "12 Quay Street", ("Harbour Kitchen", "Quay Street")),
    ("the Copper Kettle cafe", "48 Market Row", ("Copper Kettle", "Market Row")),
    ("Lindenfield Hall", "3 Station Road", ("Lindenfield Hall", "Lindenfield", "Station Road")),
    ("the Foundry meeting room", "27 Foundry Lane", ("Foundry meeting room", "Foundry Lane")),
)
OLD_TIMES = ((9, 0), (9, 30), (10, 0), (10, 30))
NEW_TIMES = ((13, 0), (13, 30), (14, 0), (14, 30), (15, 0), (15, 30), (16, 0))
DECLINE_REASONS = ("on another site all afternoon", "in a client workshop all afternoon",
                   "travelling back from a conference")
# How a reply says it cannot come (a reply with one of these is a decline, whatever else it says).
DECLINE_CUES = ("can't make", "can’t make", "cannot make", "can't do", "can’t do", "won't be able", "won’t be able",
                "won't make", "won’t make", "unable", "not able to", "not available", "unavailable", "can't come",
                "can’t come", "can't attend", "can’t attend", "can't be there", "can’t be there", "can't join",
                "can’t join", "is out for me", "have to miss", "sit this one out")
# How a person answers a message that gives the new time and place ({u} the user's first name, {f} theirs, {slot}
# the new time as they write it, {venue}/{addr} the new place, {reason} why a decliner cannot come). Drawn per person,
# so that the words do not give the answer away: some confirmations open with "no", "not" or "sorry", some declines
# hold none of the usual refusal words. Only reading the whole reply tells which it is.
CONFIRM_REPLIES = (
    "Thanks {u} - got it: {slot} at {addr}. See you there! {f}",
    "No problem at all - {slot} at {venue} works for me. See you there. {f}",
    "Not a problem, {u}: {slot} at {addr} is fine by me. {f}",
    "Sorry for the slow reply! {slot} at {venue} suits me - I'll be there. {f}",
)
DECLINE_REPLIES = (
    "Thanks for the heads-up, {u}. Unfortunately I can't make {slot} - I'm {reason}. Could you send me the notes "
    "afterwards? {f}",
    "Ah, {slot} is out for me, I'm afraid - I'll be {reason}. Could you send me the notes afterwards? {f}",
    "Thanks {u}. I'll have to miss this one: at {slot} I'll be {reason}. Notes afterwards would be great. {f}",
)
FILLERS = (  # (job title or note, company or None): address-book entries with nothing to do with the task
    ("Mum", None), ("Plumber", "Quickfix Plumbing"), ("Landlord", "Harbourside Lettings"),
    ("Interior designer", "Studio Lumen"), ("Accountant", "Pennywise Accounts"),
)


@dataclass(frozen=True)
class Target(Person):
    """Someone the assistant must tell: reached on ``channel`` at ``phone``/``email``; ``key`` (the character id) is
    p1, p2, p3 (the prompt's) or p4 (added later)."""

    channel: str = TEXT
    trap: str | None = None  # one of TRAPS
    old_phone: str = ""  # the number no longer in use (old_number)
    personal_email: str = ""  # (personal_email)
    declines: bool = False
    reason: str = ""
    full_name_in_prompt: bool = True
    contact_id: str = ""
    reply: str = ""  # how they answer the news (CONFIRM_REPLIES or DECLINE_REPLIES, unformatted)

    @property
    def identifier(self) -> str:
        return self.phone if self.channel == TEXT else self.email


@dataclass
class Params:
    seed: int
    user: Person
    firm: str
    pm: Person  # the project manager who emails the addition
    targets: list[Target]  # p1..p3 from the prompt, then p4 (added by the PM)
    namesake: Person | None  # shares a target's first name (namesake trap)
    namesake_of: str | None  # the target key
    namesake_note: str
    fillers: list[Person]
    project: str
    old_place: str
    venue: str
    venue_address: str
    place_marks: tuple[str, ...]
    old_time: datetime
    new_time: datetime
    pm_email_at: datetime
    contact_order: list[str] = field(default_factory=list)  # contact ids in address-book order

    @property
    def traps(self) -> list[str]:
        return [t.trap for t in self.targets if t.trap]

    @property
    def prompt_targets(self) -> list[Target]:
        return self.targets[:3]

    @property
    def added(self) -> Target:
        return self.targets[3]


def _slug(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _domain(company: str) -> str:
    return f"{_slug(company.split()[0])}.example"


class _Phones:
    def __init__(self, rng: random.Random) -> None:
        self.rng, self.taken = rng, set[str]()

    def __call__(self) -> str:
        while True:
            number = f"+1555{self.rng.randrange(100_0000, 999_9999)}"
            if number not in self.taken:
                self.taken.add(number)
                return number


def _assign_traps(rng: random.Random, seed: int) -> tuple[list[str | None], list[str]]:
    """(trap of p1..p4, channel of p1..p4). Old numbers are texted and personal addresses emailed; the prompt's three
    are reached both ways (at least one text, one email)."""
    kinds = list(TRAPS) if seed == 0 else rng.sample(TRAPS, rng.choice((2, 3)))
    while True:
        traps: list[str | None] = [*kinds[:3], *[None] * (3 - len(kinds[:3]))]
        traps = shuffled(rng, traps)
        spare = [k for k in TRAPS if k not in kinds]
        traps.append(spare[0] if spare and rng.random() < 0.5 else None)
        channels = []
        for trap in traps:
            if trap == "old_number":
                channels.append(TEXT)
            elif trap == "personal_email":
                channels.append(EMAIL)
            else:
                channels.append(rng.choice((TEXT, EMAIL)))
        if {TEXT, EMAIL} <= set(channels[:3]):
            return traps, channels


def draw_params(seed: int) -> Params:
    rng = draw(seed, SCENARIO_ID)
    phone = _Phones(rng)
    firsts = rng.sample(FIRST_NAMES, 12)
    lasts = rng.sample(LAST_NAMES, 13)
    firm = FIRMS[0] if seed == 0 else rng.choice(FIRMS)
    firm_domain = _domain(firm)
    user = Person(firsts[0], lasts[0], phone(), f"{firsts[0].lower()}.{lasts[0].lower()}@{firm_domain}", firm,
                  "project architect")
    pm = Person(firsts[1], lasts[1], phone(), f"{firsts[1].lower()}.{lasts[1].lower()}@{firm_domain}", firm,
                "project manager")
    traps, channels = _assign_traps(rng, seed)
    roles = rng.sample(ROLES, 4)
    decliner = rng.randrange(4)
    targets = []
    for i, (trap, channel, (role, companies)) in enumerate(zip(traps, channels, roles, strict=True)):
        first, last, company = firsts[2 + i], lasts[2 + i], rng.choice(companies)
        t = Target(first, last, phone(), f"{first.lower()}.{last.lower()}@{_domain(company)}", company, role,
                   key=f"p{i + 1}", channel=channel, trap=trap, declines=i == decliner,
                   reason=rng.choice(DECLINE_REASONS), full_name_in_prompt=trap != "namesake" and rng.random() < 0.6,
                   contact_id=f"contact-{_slug(first)}-{_slug(last)}")
        if trap == "old_number":
            t = replace(t, old_phone=phone())
        if trap == "personal_email":
            t = replace(t, personal_email=f"{first.lower()}{last[0].lower()}{rng.randrange(10, 99)}@mailbox.example")
        targets.append(t)
    namesake, namesake_of, note = None, None, ""
    twin = next((t for t in targets if t.trap == "namesake"), None)
    if twin is not None:
        company, note = rng.choice(NAMESAKE_COMPANIES)
        namesake = Person(twin.first, lasts[6], phone(), f"{twin.first.lower()}@{_domain(company)}", company)
        namesake_of = twin.key
    fillers = []
    for n, (role, filler_company) in enumerate(rng.sample(FILLERS, 3)):
        first, last = firsts[7 + n], (user.last if role == "Mum" else lasts[7 + n])
        fillers.append(Person(first, last, phone(), f"{first.lower()}.{last.lower()}@mailbox.example", filler_company,
                              role))
    project, old_place = PROJECTS[0] if seed == 0 else rng.choice(PROJECTS)
    venue, address, marks = PLACES[0] if seed == 0 else rng.choice(PLACES)
    old_h, old_m = rng.choice(OLD_TIMES)
    new_h, new_m = rng.choice(NEW_TIMES)
    day = datetime(TOMORROW.year, TOMORROW.month, TOMORROW.day, tzinfo=UTC)
    p = Params(seed=seed, user=user, firm=firm, pm=pm, targets=targets, namesake=namesake, namesake_of=namesake_of,
               namesake_note=note, fillers=fillers, project=project, old_place=old_place, venue=venue,
               venue_address=address, place_marks=marks, old_time=day.replace(hour=old_h, minute=old_m),
               new_time=day.replace(hour=new_h, minute=new_m),
               pm_email_at=START + timedelta(minutes=rng.randrange(70, 141, 5)))
    ids = [t.contact_id for t in targets] + [f"contact-{_slug(f.first)}-{_slug(f.last)}" for f in fillers]
    ids.append(f"contact-{_slug(pm.first)}-{_slug(pm.last)}")
    if namesake is not None:
        ids.append(f"contact-{_slug(namesake.first)}-{_slug(namesake.last)}")
    p.contact_order = shuffled(rng, ids)
    for i, t in enumerate(targets):  # drawn last, so that the rest of each world is what it was before replies varied
        targets[i] = replace(t, reply=rng.choice(DECLINE_REPLIES if t.declines else CONFIRM_REPLIES))
    check(p)
    return p


def check(p: Params) -> None:
    """The draw is a fair task: distinct people and identifiers, every trap where it belongs."""
    idents = [x for t in p.targets for x in (t.phone, t.email, t.old_phone, t.personal_email) if x]
    idents += [x for q in (p.user, p.pm, *p.fillers, *([p.namesake] if p.namesake else [])) for x in (q.phone, q.email)]
    assert len(idents) == len(set(idents)), "identifiers must be unique"
    assert len({t.first for t in p.targets}) == 4, "targets need distinct first names"
    assert p.pm_email_at < END - 3 * TURN, "the addition must leave time to tell them and hear back"
    assert len(p.traps) >= 2 and (p.seed != 0 or sorted(p.traps) == sorted(TRAPS))
    for t in p.targets:
        assert t.trap != "old_number" or t.channel == TEXT
        assert t.trap != "personal_email" or t.channel == EMAIL
    assert sum(t.declines for t in p.targets) == 1
    for t in p.targets:
        assert "{slot}" in t.reply and (t.reply in DECLINE_REPLIES) == t.declines
