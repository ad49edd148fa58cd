"""What a world of email_triage_basic draws, from the part's own stream: who is who (``names``) and when mail
arrives, which flex items are urgent, which are written alarmed, deadlines and amounts (``draw_params``).

* **names**: the user, the thirteen correspondents and the colleague they mention, the user's company, the packaging
  supplier, the grocery customer, the audit firm, the warehouse and the cold store, the invoice number and the
  user's phone — renamed consistently in addresses, subjects, bodies, signatures, characters, prompt and
  description;
* **hours**: which reporting hour each of the 27 substantive items lands in (a reply, and a message that mentions
  another, in a later hour than what it follows; three items an hour), and the minute of every email — drawn
  independently of urgency, and balanced so that as many urgent items arrive after a routine item of their hour as
  before one (arrival order says nothing about urgency);
* **urgency**: which of the six flex items are urgent, with every hour holding at least one urgent and one routine
  item;
* **tone**: which substantive items are written in an alarmed tone, drawn apart from urgency and balanced, so alarm
  words rank nothing;
* deadlines and other clock times (drawn offsets from the report time), and amounts.

``TEMPLATE`` and ``TEMPLATE_NAMES`` are the templates' own day, as written (``mail``'s ``at0`` times, ``cast``'s
people): the published world 0, which the part builds for seed 0 instead of drawing it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from green_agent.scenario_kit.world import fresh_people, shuffled

from . import cast
from .letters import ASKS, letter, public_body
from .mail import (
    AFTER,
    DRAWN_ALARMED,
    DRAWN_FOLLOW_UP,
    DRAWN_OFFER,
    FLEX_IDS,
    GAP,
    ITEMS,
    LATEST,
    NOISE,
    TEMPLATES,
    alarm_words,
)

DAY = "2026-04-14"
T0 = datetime.fromisoformat(f"{DAY}T08:00:00+00:00")  # the first summary; the day starts here
END = datetime.fromisoformat(f"{DAY}T17:00:00+00:00")
REPORT_SLOTS = 9  # summaries at 08:00 (overnight mail), 09:00, ..., 16:00
STEP = timedelta(hours=1)
PER_SLOT = 3  # substantive items per reporting hour


def at(hhmm: str) -> datetime:
    """The moment ``hhmm`` of the day."""
    return datetime.fromisoformat(f"{DAY}T{hhmm}:00+00:00")


def window_of(moment: datetime) -> int:
    """The reporting window (= slot index) of mail that arrives at ``moment``: 0 for mail before 08:00, else the
    slot that starts at the first top of the hour after it."""
    if moment <= T0:
        return 0
    return -(-(moment - T0) // STEP)


def report_time(moment: datetime) -> datetime:
    """When mail that arrives at ``moment`` is reported."""
    return T0 + window_of(moment) * STEP


@dataclass(frozen=True)
class Params:
    """What a world draws besides names: when each email arrives, which flex items are urgent, which items are
    alarmed, the minutes from a report time to each deadline, and the amounts."""

    arrivals: dict[str, datetime]
    urgent: dict[str, bool]  # flex item id → urgent?
    alarmed: dict[str, bool] = field(default_factory=dict)  # substantive item id → written in an alarmed tone?
    offsets: dict[str, int] = field(default_factory=dict)  # minutes; see ``world.moments``
    due: dict[str, int] = field(default_factory=dict)  # urgent flex item id → minutes from its report time
    fee: int = 4500
    rent: int = 650
    invoice: int = 18420
    pct: int = 6
    po: str = "88213"
    lease_cost: int = 38000
    # Urgent items also close with a follow-up on another day ("I'll check back by 11:00 on Friday"), as every
    # routine one does: that sentence then marks no category. World 0 (published before) keeps it off.
    follow_up: bool = False
    # Drawn worlds: per substantive item, which phrasing of ``mail.DRAWN_*`` sets its tone and its follow-up, and the
    # other day that follow-up names (world 0 keeps the templates' own, chosen by item number).
    tones: dict[str, tuple[int, int, str]] = field(default_factory=dict)
    # Drawn worlds: per substantive item, which phrasing of ``mail.DRAWN_ASIDE`` opens it and how many minutes before
    # the item's arrival the clock time it names lies (world 0 has none).
    asides: dict[str, tuple[int, int]] = field(default_factory=dict)
    # Drawn worlds: per substantive item, its words (``letters``): which phrasing of its body, of its subject and of
    # the "which" sentence, and which ask of its pool it needs and which other it names as not needed (world 0 keeps
    # the templates' own words).
    letters: dict[str, tuple[int, int, int, int, int]] = field(default_factory=dict)

    def is_urgent(self, item: str) -> bool:
        """Whether substantive item ``item`` is urgent in this world."""
        return self.urgent[item] if item in self.urgent else ITEMS[item].urgency == "urgent"


# World 0 (published in version 3, kept since): the templates' hours, urgency, tone, deadlines and amounts.
TEMPLATE = Params(
    arrivals={t.id: at(t.at0) for t in TEMPLATES},
    urgent={"tri-s02": False, "tri-s15": False, "tri-s18": False, "tri-s19": False, "tri-s20": False,
            "tri-s26": True},
    offsets={"board_lead": 60, "wms_down": 17, "wms_up": 12, "wms_trucks": 120, "wms_backlog": 120, "esc": 120,
             "call": 30, "d1": 60, "d2": 60, "truck_due": 180},
    due={"tri-s26": 60},
    alarmed={"tri-s01": True, "tri-s02": False, "tri-s03": True, "tri-s04": True, "tri-s05": True, "tri-s06": True,
             "tri-s07": False, "tri-s08": True, "tri-s09": False, "tri-s10": False, "tri-s11": False,
             "tri-s12": False, "tri-s13": True, "tri-s14": False, "tri-s15": True, "tri-s16": False,
             "tri-s17": True, "tri-s18": False, "tri-s19": False, "tri-s20": False, "tri-s21": False,
             "tri-s22": False, "tri-s23": False, "tri-s24": False, "tri-s25": False, "tri-s26": True,
             "tri-s27": True},
)


# ------------------------------------------------------------------------------------------------ names
@dataclass(frozen=True)
class Names:
    """A world's renaming of the templates' cast: ``replacements`` (templates' words → this world's, for
    ``world.rewrite``) and ``people`` (person id → first, last, address in this world)."""

    replacements: dict[str, str]
    people: dict[str, tuple[str, str, str]]


TEMPLATE_NAMES = Names({}, dict(cast.PEOPLE))  # world 0's cast: the templates' own, renamed to nothing


def names(rng: random.Random) -> Names:
    """Who is who in a world drawn from ``rng``: every person, organisation and site of the templates renamed."""
    orgs = [(old, rng.choice(options)) for old, options in ((cast.COMPANY, cast.COMPANIES),
                                                            (cast.SUPPLIER, cast.SUPPLIERS),
                                                            (cast.CUSTOMER, cast.CUSTOMERS),
                                                            (cast.AUDITOR, cast.AUDITORS))]
    domains = {old[2]: new[2] for old, new in orgs}
    drawn = fresh_people(rng, len(cast.PEOPLE), avoid=cast.HIS_NAMES)
    repl: dict[str, str] = {}
    people: dict[str, tuple[str, str, str]] = {}
    for (pid, (first, last, address)), (new_first, new_last) in zip(cast.PEOPLE.items(), drawn, strict=True):
        local, domain = address.split("@", 1)
        # A person behind a role address (billing@…) keeps the role; everyone else is first.last@.
        role = local != f"{first.lower()}.{last.lower()}".replace("á", "a")
        new_address = f"{local if role else f'{new_first.lower()}.{new_last.lower()}'}@{domains[domain]}"
        people[pid] = (new_first, new_last, new_address)
        repl.update({f"{first} {last}": f"{new_first} {new_last}", first: new_first, last: new_last,
                     address: new_address})
        repl.update({variant: new_first for variant in cast.VARIANTS.get(first, ())})
    for old, new in orgs:
        repl.update({old[0]: new[0], old[1]: new[1], old[2]: new[2]})
    supplier = orgs[1][1][0]
    repl[cast.JONAH] = rng.choice(cast.HIS_NAMES)
    repl[cast.WAREHOUSE] = rng.choice(cast.WAREHOUSES)
    repl[cast.COLD_STORE] = rng.choice(cast.COLD_STORES)
    repl[cast.INVOICE] = "".join(w[0] for w in supplier.split()) + f"-{rng.randrange(1000, 9999)}"
    repl[cast.USER_PHONE] = f"+1555010{rng.randrange(1000, 9999)}"
    return Names(repl, people)


# ------------------------------------------------------------------------------------------------ time
def _height(item: str) -> int:
    """How many reporting hours ``item`` and the chain of items that must follow it need."""
    after = [i for i, before in AFTER.items() if item in before]
    return 1 + max((GAP.get(i, 1) - 1 + _height(i) for i in after), default=0)


_HEIGHT = {i: _height(i) for i in ITEMS}
_NOISE_WINDOW = {i: window_of(at(n.at0)) for i, n in NOISE.items()}


def _windows(rng: random.Random) -> dict[str, int] | None:
    """Three substantive items per reporting hour, each after everything it follows; None on a dead end."""
    placed: dict[str, int] = {}
    for w in range(REPORT_SLOTS):
        ready = [i for i in ITEMS if i not in placed
                 and all(placed.get(p, REPORT_SLOTS) <= w - GAP.get(i, 1) for p in AFTER.get(i, ()))]
        must = [i for i in ready if w + _HEIGHT[i] >= REPORT_SLOTS or LATEST.get(i, REPORT_SLOTS) <= w]
        if len(must) > PER_SLOT or len(ready) < PER_SLOT:
            return None
        for i in must + rng.sample([i for i in ready if i not in must], PER_SLOT - len(must)):
            placed[i] = w
    return placed


def _urgency(rng: random.Random, windows: dict[str, int]) -> dict[str, bool] | None:
    """Urgency of the flex items such that every hour has an urgent and a routine item; None when impossible."""
    fixed = {i: t.urgency == "urgent" for i, t in ITEMS.items() if i not in FLEX_IDS}
    for _ in range(100):
        flex = {i: rng.random() < 0.5 for i in FLEX_IDS}
        every = {**fixed, **flex}
        kinds = [{every[i] for i in windows if windows[i] == w} for w in range(REPORT_SLOTS)]
        if all(k == {True, False} for k in kinds):
            return flex
    return None


def _in_order_pairs(order: list[str], urgent: dict[str, bool]) -> tuple[int, int]:
    """(urgent-before-routine, routine-before-urgent) pairs of one hour's arrival order."""
    first = later = 0
    for a, x in enumerate(order):
        for y in order[a + 1:]:
            if urgent[x] != urgent[y]:
                first, later = (first + 1, later) if urgent[x] else (first, later + 1)
    return first, later


def _arrivals(rng: random.Random, windows: dict[str, int], urgent: dict[str, bool]) -> dict[str, datetime]:
    """A minute for every email, never on the hour; urgency and arrival order independent, and balanced."""
    where = {**windows, **_NOISE_WINDOW}
    while True:
        arrivals: dict[str, datetime] = {}
        first = later = 0
        for w in range(REPORT_SLOTS):
            ids = shuffled(rng, sorted(i for i in where if where[i] == w))
            if w == 0:  # overnight: 05:02 … 07:57
                offsets = [m for m in range(2, 178) if 2 <= m % 60 <= 57]
                start = T0 - timedelta(hours=3)
            else:
                offsets = list(range(2, 58))
                start = T0 + (w - 1) * STEP
            minutes = sorted(rng.sample(offsets, len(ids)))
            arrivals.update({i: start + timedelta(minutes=m) for i, m in zip(ids, minutes, strict=True)})
            a, b = _in_order_pairs([i for i in ids if i in windows], urgent)
            first, later = first + a, later + b
        if abs(first - later) <= 2:
            return arrivals


def _loudness(item: str, urgent: bool, alarmed: bool, phrasing: int, drawn: tuple[int, int, int, int, int]) -> int:
    """How many alarm words (``mail.ALARM_WORDS``) item ``item`` carries in the public words: its drawn body's,
    plus its alarm sentence's when ``alarmed``."""
    extra = DRAWN_ALARMED[phrasing % len(DRAWN_ALARMED)] if alarmed else ""
    return alarm_words(f"{public_body(item, urgent, drawn)} {extra}")


_BY_CLOCK = re.compile(r"\b(?:by|before|at)\s+(?:\{\w+\}|\d{1,2}:\d\d)", re.I)


def _pressing(item: str, urgent: bool, follow: int, drawn: tuple[int, int, int, int, int]) -> int:
    """How many "by / before / at <clock time>" item ``item`` carries in the public words: its drawn body's and its
    follow-up's (and a routine item's offer, ``world.drawn_tone``)."""
    words = [public_body(item, urgent, drawn), DRAWN_FOLLOW_UP[follow % len(DRAWN_FOLLOW_UP)]]
    if not urgent:
        words.append(DRAWN_OFFER[(follow // 7) % len(DRAWN_OFFER)])
    return sum(len(_BY_CLOCK.findall(w)) for w in words)


def _even(windows: dict[str, int], urgent: dict[str, bool], weight: Callable[[str], int]) -> bool:
    """Whether, among the urgent/routine pairs of an hour, as many have the urgent item weigh more as the routine
    one (±1): a sort by that weight then ranks nothing."""
    ahead = behind = 0
    for w in range(REPORT_SLOTS):
        here = [i for i in windows if windows[i] == w]
        for u in (i for i in here if urgent[i]):
            for r in (i for i in here if not urgent[i]):
                ahead += weight(u) > weight(r)
                behind += weight(r) > weight(u)
    return abs(ahead - behind) <= 1


def tones(rng: random.Random, windows: dict[str, int], urgent: dict[str, bool],
          phrasings: dict[str, tuple[int, int, str]],
          words: dict[str, tuple[int, int, int, int, int]]) -> dict[str, bool]:
    """Which substantive items are written in an alarmed tone, drawn apart from urgency and balanced: among the
    urgent/routine pairs of an hour, as many have the urgent item louder (more alarm words, its text's and its alarm
    sentence's, ``phrasings``) as the routine one (±1), so a sort by alarm words nets nothing."""
    while True:
        alarmed = {i: rng.random() < 0.5 for i in windows}
        loud = {i: _loudness(i, urgent[i], alarmed[i], phrasings[i][0], words[i]) for i in windows}
        if _even(windows, urgent, loud.__getitem__):
            return alarmed


def draw_params(rng: random.Random) -> Params:
    """Hours, urgency, tone, deadlines and amounts of a world, from ``rng``."""
    while True:
        windows = _windows(rng)
        flex = _urgency(rng, windows) if windows else None
        if windows and flex is not None:
            break
    urgent = {i: t.urgency == "urgent" for i, t in ITEMS.items()} | flex
    arrivals = _arrivals(rng, windows, urgent)
    words = _letters(rng, urgent)
    phrasings = _tones(rng)
    while not _even(windows, urgent,
                    {i: _pressing(i, urgent[i], phrasings[i][1], words[i]) for i in windows}.__getitem__):
        phrasings = _tones(rng)
    return Params(
        arrivals=arrivals, urgent=flex, alarmed=tones(rng, windows, urgent, phrasings, words), letters=words,
        offsets={"board_lead": rng.choice((60, 90, 120)), "wms_down": rng.randrange(10, 26),
                 "wms_up": rng.randrange(5, 16), "wms_trucks": rng.choice((120, 150, 180)),
                 "wms_backlog": rng.choice((90, 120)), "esc": rng.choice((90, 120)), "call": rng.choice((30, 45)),
                 "d1": rng.choice((60, 90)), "d2": 60, "truck_due": rng.choice((120, 180))},
        due={i: rng.choice((60, 90, 120)) for i in FLEX_IDS if flex[i]},
        fee=rng.choice((2800, 3400, 3900, 5200, 6100)), rent=rng.choice((550, 600, 700, 780)),
        invoice=rng.randrange(9000, 30000, 10), pct=rng.choice((5, 7, 8, 9)), po=str(rng.randrange(40000, 99999)),
        follow_up=True, tones=phrasings, asides=_asides(rng))


def _letters(rng: random.Random, urgent: dict[str, bool]) -> dict[str, tuple[int, int, int, int, int]]:
    """Per substantive item: the phrasing of its body, subject and "which" sentence (drawn round whatever number a
    wording pack has), and two different asks of its pool: the one it needs, and the other it says it does not."""
    out = {}
    for i in ITEMS:
        ask, other = rng.sample(range(len(ASKS[letter(i, urgent[i]).pool])), 2)
        out[i] = (rng.randrange(60), rng.randrange(60), rng.randrange(60), ask, other)
    return out


def _asides(rng: random.Random) -> dict[str, tuple[int, int]]:
    """Per substantive item: the aside phrasing and how long before the item's arrival its clock time lies."""
    return {i: (rng.randrange(60), rng.randrange(15, 125, 5)) for i in ITEMS}


def _tones(rng: random.Random) -> dict[str, tuple[int, int, str]]:
    """Per substantive item: the tone phrasing, the follow-up phrasing, and the other day the follow-up names."""
    days = ("tomorrow", "on Thursday", "on Friday", "next Monday", "next week")
    return {i: (rng.randrange(60), rng.randrange(60), rng.choice(days)) for i in ITEMS}
