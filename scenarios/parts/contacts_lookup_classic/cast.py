"""Who and what a contacts_lookup world holds, drawn from the part's stream: ``Params`` and ``draw_params``.

The user (a project architect) asks the assistant to tell three people that tomorrow's site visit has moved to a new
time and place: some by text, some by email. The prompt names them (first name and company, sometimes the full
name); their numbers and addresses are only in the address book. A fourth person is added later by the user's
project manager, in an email that arrives mid-morning. One of the four cannot make the new time and says so.

Traps (``TRAPS``): world 0 has all three; every other world has ``old_number`` among the prompt's three and one
or both of the others (version 7):

* ``namesake`` — another contact shares a target's first name (at an unrelated company), with a recent SMS thread;
* ``old_number`` — one of a target's phone entries is an old number the contact's notes say is no longer in use, and
  an old SMS thread with that number sits on the phone (beyond world 0 it is listed first or last, and the current
  number was texted recently too in most worlds: neither the order nor an SMS history tells it, ``_vary_book``);
* ``personal_email`` — one of a target's email entries is a personal address (the prompt says to use work
  addresses), and an old personal email from that address sits in the inbox (beyond world 0 the labels say nothing
  of work or home and the order is drawn: the address's domain tells it).

Beyond world 0, the old and new times come from one pool (the afternoon is no mark of the new one), the new place
from a venue and a street drawn through the phrasebook (no short list holds it), the reason a decliner gives is a
phrasebook kind that confirmations may name too (a plan that fell through), and the visit's calendar title and the
project manager's first mail are worded through the phrasebook.

Beyond world 0 (version 6) a colleague at one of the four's firms (``bystander``) is named the way the four are, as
someone NOT to tell: in the request (in brackets inside the list of those to text or email, or last) and in the project
manager's mail (before the addition or after it), each aside carrying words of coming or of refusal as the addition
does; written to, they are a stray like any entry. Some out-of-use-number notes name both numbers, with words of old
and new beside each (a new phone given up, an old number gone back to).

World 0 is the one published before the classic became a part: ``draw_params(rng, 0)`` with the old generator's
stream (``SEED0_STREAM``) makes the same calls it made, with its pins (all three traps, the first firm, project and
place), so its people, case, times, traps and oracle plan stay. Every other world draws from the part's own stream.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta

from green_agent.scenario_kit.slices import CompositionError
from green_agent.scenario_kit.world import FIRST_NAMES, LAST_NAMES, Person, fresh_people, shuffled

from . import texts
from .texts import EMAIL, TEXT, TRAPS

START = datetime(2026, 4, 14, 8, 30, tzinfo=UTC)  # Tuesday
END = datetime(2026, 4, 14, 14, 30, tzinfo=UTC)
TOMORROW = datetime(2026, 4, 15, tzinfo=UTC)
TURN = timedelta(hours=1)
VISIT_LENGTH = timedelta(minutes=90)
EMAIL_LABELS = ("email", "other", "", "main", "email 2")  # labels that say nothing of work or home
SEED0_STREAM = "contacts_lookup"  # the classic's scenario id: the old generator drew world 0 from draw(0, this)


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
    reply: str = ""  # how they answer the news (texts.BOOK's confirm or decline, filled but for {slot})

    @property
    def identifier(self) -> str:
        return self.phone if self.channel == TEXT else self.email


@dataclass
class Params:
    """One world's draw: everything the world, its people, the oracle and the truth are made of."""

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
    # Which phrasing of each kind the world words its messages in (texts.BOOK's request, addition, old_number_note):
    # world 0's are the first of each.
    wording: dict[str, int] = field(default_factory=lambda: {"request": 0, "addition": 0, "old_number_note": 0})
    # The address book's form (``_vary_book``; world 0: the old number first with no recent text from the new one,
    # the personal address first, labelled home and work).
    old_number_last: bool = False
    recent_thread: bool = False
    personal_email_last: bool = False
    email_labels: tuple[str, str] = ("home", "work")  # (the personal address's label, the work address's)
    # A colleague at one of the four's firms whom the request and the project manager name as NOT to be told
    # (``_bystander``; none in world 0), and whether the manager's word on them comes before the addition.
    bystander: Person | None = None
    aside_first: bool = False
    bystander_full: bool = False  # named by full name and firm, else by first name and firm
    aside_at: str = "end"  # where the request's word on them sits: in brackets after the texted or emailed, or last

    @property
    def traps(self) -> list[str]:
        return [t.trap for t in self.targets if t.trap]

    @property
    def prompt_targets(self) -> list[Target]:
        return self.targets[:3]

    @property
    def added(self) -> Target:
        return self.targets[3]


def slug(text: str) -> str:
    """``text`` lower-cased, letters and digits only (ids and domains)."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


def contact_id(person: Person) -> str:
    """The address-book id of ``person``."""
    return f"contact-{slug(person.first)}-{slug(person.last)}"


def _domain(company: str) -> str:
    return f"{slug(company.split()[0])}.example"


def _phone(rng: random.Random, taken: set[str]) -> str:
    while True:
        number = f"+1555{rng.randrange(100_0000, 999_9999)}"
        if number not in taken:
            taken.add(number)
            return number


def _assign_traps(rng: random.Random, seed: int) -> tuple[list[str | None], list[str]]:
    """(trap of p1..p4, channel of p1..p4). Old numbers are texted and personal addresses emailed; the prompt's three
    are reached both ways (at least one text, one email). World 0 has all three traps; every other world an
    out-of-use number among the prompt's three (version 7), beside one or both of the others, and in half of them the
    person added later has one too: a world with none had no choice only its notes decide, and a script that reads
    names and domains passed it."""
    others = [k for k in TRAPS if k != "old_number"]
    kinds = list(TRAPS) if seed == 0 else ["old_number", *rng.sample(others, rng.choice((1, 2)))]
    while True:
        traps: list[str | None] = [*kinds[:3], *[None] * (3 - len(kinds[:3]))]
        traps = shuffled(rng, traps)
        spare = [k for k in TRAPS if k not in kinds]
        if seed != 0 and rng.random() < 0.5:  # the person added later changed numbers too (version 7)
            traps.append("old_number")
        else:
            traps.append(spare[0] if spare and rng.random() < 0.5 else None)
        channels = [TEXT if trap == "old_number" else EMAIL if trap == "personal_email" else rng.choice((TEXT, EMAIL))
                    for trap in traps]
        if {TEXT, EMAIL} <= set(channels[:3]):
            return traps, channels


def _team(rng: random.Random, seed: int, names: list[tuple[str, str]], taken: set[str]) -> list[Target]:
    """The four people to tell (``names`` theirs), with their traps, channels and who declines."""
    traps, channels = _assign_traps(rng, seed)
    roles = rng.sample(texts.ROLES, 4)
    decliner = rng.randrange(4)
    targets = []
    for i, (trap, channel, (role, companies), (first, last)) in enumerate(zip(traps, channels, roles, names,
                                                                               strict=True)):
        company = rng.choice(companies)
        t = Target(first, last, _phone(rng, taken), f"{first.lower()}.{last.lower()}@{_domain(company)}", company,
                   role, key=f"p{i + 1}", channel=channel, trap=trap, declines=i == decliner,
                   reason=(rng.choice(texts.DECLINE_REASONS[:3]) if seed == 0 else
                           texts.BOOK.nth("reason", texts.BOOK.index(rng, "reason"))),
                   full_name_in_prompt=trap != "namesake" and rng.random() < 0.6)
        if trap == "old_number":
            t = replace(t, old_phone=_phone(rng, taken))
        if trap == "personal_email":
            t = replace(t, personal_email=f"{first.lower()}{last[0].lower()}{rng.randrange(10, 99)}@mailbox.example")
        targets.append(t)
    return targets


def _namesake(rng: random.Random, targets: list[Target], last: str,
              taken: set[str]) -> tuple[Person | None, str | None, str]:
    """(the contact sharing a target's first name, that target's key, what they are to the user), when drawn."""
    twin = next((t for t in targets if t.trap == "namesake"), None)
    if twin is None:
        return None, None, ""
    company, note = rng.choice(texts.NAMESAKE_COMPANIES)
    person = Person(twin.first, last, _phone(rng, taken), f"{twin.first.lower()}@{_domain(company)}", company)
    return person, twin.key, note


def _names(rng: random.Random, seed: int) -> list[tuple[str, str]]:
    """(first, last) of the user, the project manager, the four to tell, the namesake's last name and the fillers.
    World 0 samples them as the old generator did (twelve first and thirteen last names, paired by position)."""
    if seed == 0:
        firsts, lasts = rng.sample(FIRST_NAMES, 12), rng.sample(LAST_NAMES, 13)
        return list(zip(firsts, lasts[:12], strict=True))
    return fresh_people(rng, 13)


def draw_params(rng: random.Random, seed: int) -> Params:
    """The parameters of world ``seed`` from ``rng``: the part's own stream, or for world 0 (the published one) the
    old generator's (``SEED0_STREAM``), with world 0's pins: all three traps, the first firm, project and place."""
    taken: set[str] = set()
    names = _names(rng, seed)
    firm = texts.FIRMS[0] if seed == 0 else rng.choice(texts.FIRMS)
    (uf, ul), (pf, pl) = names[0], names[1]
    user = Person(uf, ul, _phone(rng, taken), f"{uf.lower()}.{ul.lower()}@{_domain(firm)}", firm, "project architect")
    pm = Person(pf, pl, _phone(rng, taken), f"{pf.lower()}.{pl.lower()}@{_domain(firm)}", firm, "project manager")
    targets = _team(rng, seed, names[2:6], taken)
    namesake, namesake_of, note = _namesake(rng, targets, names[6][1], taken)
    fillers = []
    for (first, last), (role, company) in zip(names[7:10], rng.sample(texts.FILLERS, 3), strict=True):
        last = ul if role == "Mum" else last
        fillers.append(Person(first, last, _phone(rng, taken), f"{first.lower()}.{last.lower()}@mailbox.example",
                              company, role))
    project, old_place = texts.PROJECTS[0] if seed == 0 else rng.choice(texts.PROJECTS)
    venue, address, marks = texts.PLACES[0] if seed == 0 else _place(rng)
    if seed == 0:
        (old_h, old_m), (new_h, new_m) = rng.choice(texts.OLD_TIMES), rng.choice(texts.NEW_TIMES)
    else:  # one pool for both: the morning or the afternoon says nothing of which is the new time
        (old_h, old_m), (new_h, new_m) = rng.sample([*texts.OLD_TIMES, *texts.NEW_TIMES], 2)
    p = Params(user=user, firm=firm, pm=pm, targets=targets, namesake=namesake, namesake_of=namesake_of,
               namesake_note=note, fillers=fillers, project=project, old_place=old_place, venue=venue,
               venue_address=address, place_marks=marks, old_time=TOMORROW.replace(hour=old_h, minute=old_m),
               new_time=TOMORROW.replace(hour=new_h, minute=new_m),
               pm_email_at=START + timedelta(minutes=rng.randrange(70, 141, 5)))
    people = [*targets, *fillers, pm, *([namesake] if namesake else [])]
    p.contact_order = shuffled(rng, [contact_id(person) for person in people])
    for i, t in enumerate(targets):  # drawn last, so that the rest of each world is what it was before replies varied
        targets[i] = replace(t, reply=_reply(rng, seed, p, t))
    if seed != 0:  # world 0 keeps its published words and its address book's form
        p.wording = {kind: texts.BOOK.index(rng, kind) for kind in ("request", "addition", "old_number_note",
                                                                      "recent_text", "visit_title",
                                                                      "pm_visit_subject", "pm_visit")}
        _vary_book(rng, p)
        _bystander(rng, p, names[10], taken)
        if p.added.trap == "old_number":  # its note worded apart from the first one's
            p.wording["old_number_note_added"] = texts.BOOK.index(rng, "old_number_note")
    check(p, seed)
    return p


def _place(rng: random.Random) -> tuple[str, str, tuple[str, ...]]:
    """(venue, address, the words that name it in a message): a venue and a street drawn through the phrasebook (a
    pack may replace them), so no short list holds the new place."""
    venue = texts.BOOK.nth("venue", texts.BOOK.index(rng, "venue"))
    street = texts.BOOK.nth("venue_street", texts.BOOK.index(rng, "venue_street"))
    return venue, f"{rng.randrange(2, 99)} {street}", (venue, street)


def _vary_book(rng: random.Random, p: Params) -> None:
    """Beyond world 0, what no field of an entry may tell: the out-of-use number listed after the current one or
    before it, the current number texted recently too (so an SMS history marks neither), and the labels of the work
    and personal addresses drawn from one pool (so only the address itself says which is the work one)."""
    p.old_number_last = rng.random() < 0.5
    p.recent_thread = rng.random() < 0.8
    p.personal_email_last = rng.random() < 0.5
    p.email_labels = (rng.choice(EMAIL_LABELS), rng.choice(EMAIL_LABELS))


def _bystander(rng: random.Random, p: Params, name: tuple[str, str], taken: set[str]) -> None:
    """Beyond world 0, a colleague of one of the four (same firm, another role) named as the four are named, beside
    them, as someone not to tell: in an aside of the request and in the project manager's mail, before the addition
    or after it. A script taking every name of the request, or the manager's first name, writes to them."""
    first, last = name
    host = rng.choice(p.targets)
    role = rng.choice([r for r, _ in texts.ROLES if r != host.role])
    email = f"{first.lower()}.{last.lower()}@{_domain(str(host.company))}"
    p.bystander = Person(first, last, _phone(rng, taken), email, host.company, role, key="bystander")
    p.aside_first = rng.random() < 0.5
    p.bystander_full = rng.random() < 0.6
    p.aside_at = rng.choice(("texted", "emailed", "end"))
    p.contact_order.insert(rng.randrange(len(p.contact_order) + 1), contact_id(p.bystander))
    p.wording.update({kind: texts.BOOK.index(rng, kind) for kind in ("request_aside", "addition_aside")})


def _reply(rng: random.Random, seed: int, p: Params, t: Target) -> str:
    """How ``t`` answers the news: a confirmation or a decline, filled but for {slot} (the scripted character writes
    the new time). World 0 keeps its published replies: it draws among the first few of each kind."""
    kind = "decline" if t.declines else "confirm"
    if seed == 0:
        first = texts.DECLINES_AT_0 if t.declines else texts.CONFIRMS_AT_0
        n = rng.randrange(min(first, len(texts.BOOK.phrasings(kind))))
    else:
        n = texts.BOOK.index(rng, kind)
    return texts.BOOK.nth(kind, n, u=p.user.first, f=t.first, venue=p.venue, addr=p.venue_address, reason=t.reason,
                          slot="{slot}")


def check(p: Params, seed: int) -> None:
    """The draw is a fair task: distinct people and identifiers, every trap where it belongs (a CompositionError
    says which rule a draw broke)."""
    idents = [x for t in p.targets for x in (t.phone, t.email, t.old_phone, t.personal_email) if x]
    idents += [x for q in (p.user, p.pm, *p.fillers, *([p.namesake] if p.namesake else []),
                                        *([p.bystander] if p.bystander else [])) for x in (q.phone, q.email)]
    rules = {
        "identifiers must be unique": len(idents) == len(set(idents)),
        "targets need distinct first names": len({t.first for t in p.targets}) == 4,
        "the addition must leave time to tell them and hear back": p.pm_email_at < END - 3 * TURN,
        "every world has two traps or more": len(p.traps) >= 2,
        "world 0 has all three traps": seed != 0 or sorted(p.traps) == sorted(TRAPS),
        "old numbers are texted, personal addresses emailed": all(
            (t.trap != "old_number" or t.channel == TEXT) and (t.trap != "personal_email" or t.channel == EMAIL)
            for t in p.targets),
        "one of the four declines": sum(t.declines for t in p.targets) == 1,
        "each answer leaves the new time to its character": all("{slot}" in t.reply for t in p.targets),
    }
    broken = [rule for rule, holds in rules.items() if not holds]
    if broken:
        raise CompositionError(f"contacts_lookup draw: {'; '.join(broken)}")
