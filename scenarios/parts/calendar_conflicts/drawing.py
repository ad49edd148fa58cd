"""Every calendar_conflicts world but world 0: a week drawn from the part's own stream.

It draws the people (names, addresses, phones) and the companies (the user's and the customers'); which weekday
(Tue-Fri) holds each of the four kinds of clash — customer meeting vs internal meeting (twice), the personal event
with the user's child vs a meeting, the board review vs a customer call — and who wins the last two (the user's
first two priorities, ``rules.BOARD_SIDES`` and ``rules.PERSONAL_SIDES``: each side half the time); whether the
losing meeting of each is organised by the user (move it) or by someone else (decline it), two of each; who
organises a customer meeting (the customer or the user); the user's third priority (``rules.REGIMES``) and where a
moved meeting goes (``rules.DESTINATIONS``); the times of every pair (always a real overlap), the meetings that only
touch a clashing one, the clash with an event the user already declined, and the other meetings of each day, so that
the free slots a losing meeting can move to differ from world to world; the courier's text, the newsletter and the
customers' mails around it (the other customer's admin note among them); which asides the request carries
(``texts._asides``: the other side's words negated, or the rule restated).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from green_agent.scenario_kit import build as kit
from green_agent.scenario_kit.grading import overlaps
from green_agent.scenario_kit.records import Email
from green_agent.scenario_kit.world import Person, fresh_people, shuffled

from . import rules
from .plan import (
    MONTHS,
    USER,
    WEEKDAYS,
    A,
    Clash,
    D,
    Event,
    Noise,
    Plan,
    Redraw,
    assign_slots,
    busy,
    grid,
    hhmm,
    minutes,
    moment,
    plus,
    stamp,
)
from .pools import (
    CALLS,
    COMPANIES,
    COURIERS,
    CRUNCHES,
    CUSTOMERS,
    DECLINED,
    FILLERS,
    INTERNAL,
    PERSONAL,
    RESTAURANTS,
    SCHOOLS,
    WINNERS,
)
from .shape import accepted_pair, overlapping, shape
from .texts import PHRASES, draw_picks

# The rules and the week's shape are drawn once per world; a few of their combinations fit one week in ~150 tries.
SHAPE_ATTEMPTS, SHAPES = 1500, 4
# How often a colleague's agenda mail is about a meeting that stays, where one does (a colleague organises a winner
# in about seven worlds of ten): about a winner in half the worlds, a loser in the other half (0.7 left the mail
# about a loser in about two worlds of five).
KEPT_AGENDA = 0.6
Meta = dict[str, Any]


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def an(word: str) -> str:
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def drawn(rng: random.Random) -> Plan:
    """A week drawn from ``rng`` (the part's stream): the first draw that fits together. The user's rules (the regime,
    the destination rule, the first two priorities) and the week's shape (which day holds which kind of clash, whose
    each loser is, where the overlap the user accepts goes) are drawn once, before the weeks tried: a week whose
    moved slots other rules also give is redrawn (``_distinct_targets``), and redrawing the rules or the shape with
    it would favour the ones that fit more weeks (a loser declined, which needs no free slot, over one moved)."""
    regime, destination = rng.choices(rules.REGIMES, rules.REGIME_WEIGHTS)[0], rng.choice(rules.DESTINATIONS)
    board_side, personal_side = rng.choice(rules.BOARD_SIDES), rng.choice(rules.PERSONAL_SIDES)
    for _ in range(SHAPES):  # (a shape no week fits in SHAPE_ATTEMPTS tries is drawn anew: almost never)
        rules_drawn = _Rules(regime, destination, board_side, personal_side, *shape(rng, regime, board_side,
                                                                                     personal_side))
        for _ in range(SHAPE_ATTEMPTS):
            try:
                return _draw_week(rng, rules_drawn)
            except Redraw:
                continue
    raise RuntimeError(f"could not draw a calendar_conflicts week in {SHAPES * SHAPE_ATTEMPTS} attempts")


@dataclass(frozen=True)
class _Rules:
    """The user's rules of one world, drawn once whatever weeks are tried."""

    regime: str
    destination: str
    board_side: str
    personal_side: str
    kinds: tuple[str, ...]      # the clash kind of Tuesday..Friday
    moves: tuple[bool, ...]     # whether each day's loser is the user's (moved) or someone else's (declined)
    # The overlap the user accepts (issue 34), shaped like a clash of a customer meeting and an internal one: on the
    # day of one of those two clashes (a day holding two such pairs tells which of the two only by the words), before
    # or after it alike.
    accepted_day: int
    accepted_before: bool


class _Week:
    """The drawing of one week: people are hired as roles need them, events get unique ids."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.monday = date(2026, 2, 2) + timedelta(weeks=rng.randrange(0, 40))
        self.days = [self.monday + timedelta(days=i) for i in range(5)]
        self.company = rng.choice(COMPANIES)
        self.domain = f"{self.company.lower()}.example"
        # Two customer winners, the board clash's customer, a filler's, the accepted overlap's (its own: the
        # company of no other meeting).
        self.customers = rng.sample(CUSTOMERS, 5)
        self.area = rng.choice(("415", "628", "646", "312", "206"))
        self.numbers = rng.sample(range(100, 999), 3)
        self.names = fresh_people(rng, 22)
        first, last = self.names.pop()
        self.user = Person(first, last, email=f"{first.lower()}.{last.lower()}@{self.domain}", key=USER,
                           personality=f"VP Customer Success at {self.company}; pragmatic, family-first, hates being "
                                       f"double-booked.",
                           phone=f"+1{self.area}555{self.numbers[0]:04d}", timing=("PT10M", "PT2M"))
        self.U = self.user.email
        child, _ = self.names.pop()
        self.rel, self.obj = rng.choice((("daughter", "her"), ("son", "him")))
        self.child = Person(child, last, key=child.lower(),
                            personality=f"{first}'s {rng.randrange(8, 15)}-year-old {self.rel}; texts in lowercase.",
                            relationship="parent", phone=f"+1{self.area}555{self.numbers[1]:04d}",
                            timing=("PT15M", "PT5M"))
        self.people: dict[str, Person] = {}
        self.ids: set[str] = set()
        self.ceo = self.hire(f"CEO of {self.company}; organises the board review.", self.domain, "manager",
                             ("PT45M", "PT10M"))
        self.cfo = self.hire("CFO; attends the board review.", self.domain, timing=("PT45M", "PT10M"))
        self.kim = self.hire("Chief of staff.", self.domain)
        self.li = self.hire("Support manager.", self.domain, "direct report")
        self.fco = self.customers[3]
        self.nora = self.hire(f"Operations manager at {self.fco} (customer).", f"{self.fco.lower()}.example",
                              "customer contact")
        self.fillers = shuffled(rng, FILLERS)
        self.wording_agenda = 0
        self.choices: _Choices | None = None

    def hire(self, personality: str, domain: str, relationship: str = "colleague",
             timing: tuple[str, str] = ("PT30M", "PT5M")) -> Person:
        first, last = self.names.pop()
        person = Person(first, last, email=f"{first.lower()}.{last.lower()}@{domain}", key=first.lower(),
                        personality=personality, relationship=relationship, timing=timing)
        self.people[person.key] = person
        return person

    def event_id(self, slug: str, day: date) -> str:
        base = f"ev-{slug}-{WEEKDAYS[day.weekday()][:3].lower()}"
        out, n = base, 2
        while out in self.ids:
            out, n = f"{base}-{n}", n + 1
        self.ids.add(out)
        return out

    def filler(self, spec: dict[str, Any], day: date, start: str) -> Event:
        org = {"user": self.U, "kim": self.kim.email, "ceo": self.ceo.email}[spec["org"]]
        title = spec["title"].format(fco=self.fco, user=self.user.first, ceo=self.ceo.first)
        attendees = [] if spec["org"] == "user" else [(org, A), (self.U, A)]
        attendees += [({"li": self.li, "nora": self.nora}[w].email, A) for w in spec["with"]]
        location = "Zoom" if spec["with"] and self.rng.random() < 0.5 else None
        return Event(self.event_id(spec["slug"], day), title, day, start, plus(start, spec["minutes"]), org,
                     attendees, location=location)


def _customer_winner(w: _Week, day: date, tpl: dict[str, Any], co: str) -> tuple[Event, Meta]:
    contact = w.hire(f"{cap(tpl['role'])} at {co} (customer).", f"{co.lower()}.example", "customer contact")
    length = w.rng.choice(tpl["minutes"])
    start = w.rng.choice(grid("09:30", plus("17:00", -length)))
    # Who sent the invitation is drawn: the customer, or the user (then the user's acceptance is implied), so that
    # the organiser of a meeting never tells whether it wins.
    organizer, attendees = ((w.U, [(contact.email, A)]) if w.rng.random() < 0.5 else
                            (contact.email, [(contact.email, A), (w.U, A)]))
    event = Event(w.event_id(f"{co.lower()}-{tpl['slug']}", day), tpl["title"].format(co=co), day, start,
                  plus(start, length), organizer, attendees,
                  None if tpl["description"] is None else tpl["description"].format(co=co), "Zoom")
    return event, {"keywords": [co.lower(), *tpl["keywords"]], "phrase": f"a customer {tpl['short']}",
                   "name": f"the {co} {tpl['short']}", "reason": f"a customer {tpl['short']}", "tpl": tpl,
                   "contact": contact, "customer_event": event}


def _board(w: _Week, day: date) -> tuple[Event, Meta]:
    length = w.rng.choice((90, 120))
    start = w.rng.choice(grid("10:00", plus("16:30", -length)))
    event = Event(w.event_id("board-review", day), "Board review", day, start, plus(start, length),
                  w.ceo.email, [(w.ceo.email, A), (w.cfo.email, A), (w.U, A)],
                  f"Q{(day.month - 1) // 3 + 1} board review. {w.user.first} presents customer metrics.", "Boardroom")
    return event, {"keywords": ["board review"], "phrase": "the board review", "name": "the board review",
                   "reason": "an internal commitment", "own_agenda": "the quarter's numbers and your customer metrics"}


def _personal(w: _Week, day: date, tpl: dict[str, Any]) -> tuple[Event, Meta]:
    length = w.rng.choice(tpl["minutes"])
    start = w.rng.choice(tpl["starts"])
    fmt = {"child": w.child.first, "rel": w.rel, "obj": w.obj, "pickup": plus(start, -15)}
    places = {"restaurant": RESTAURANTS, "school": SCHOOLS}.get(tpl["place"])
    place = w.rng.choice(places) if places else "Home"
    event = Event(w.event_id(f"{tpl['slug']}-{w.child.key}", day), tpl["title"].format(**fmt), day, start,
                  plus(start, length), w.U, [], tpl["note"].format(**fmt), place)
    return event, {"keywords": [w.child.first.lower()], "phrase": tpl["phrase"].format(**fmt),
                   "name": tpl["short"].format(**fmt), "reason": "a family commitment I can't move",
                   "prompt": tpl["prompt"].format(**fmt), "short": tpl["short"].format(**fmt),
                   "affected": [], "agenda": ""}


def _loser(w: _Week, kind: str, day: date, move: bool, winner: Event,
           tpl: dict[str, Any]) -> tuple[Event, Meta]:
    if kind == "board":
        co = w.customers[2]
        contact = w.hire(f"{cap(tpl['role'])} at {co} (customer); polite and formal.", f"{co.lower()}.example",
                         "customer contact")
        title = tpl["title"].format(co=co)
        organizer, attendees = (w.U, [(contact.email, A)]) if move else \
            (contact.email, [(contact.email, A), (w.U, A)])
        meta = {"keywords": [co.lower(), tpl["short"]], "phrase": f"a customer {tpl['short']}", "name": title,
                "affected": [contact.email], "slug": f"{co.lower()}-{tpl['slug']}", "location": "Zoom",
                "description": tpl["description"].format(co=co, year=day.year)}
    else:
        if move:
            team = [w.hire(f"{role}; {mood}.", w.domain, timing=("PT20M", "PT5M")) for role, mood in tpl["team"]]
            organizer, attendees = w.U, [(p.email, A) for p in team]
            affected, description = [p.email for p in team], tpl["description"]
        else:
            role, mood = tpl["owner"]
            owner = w.hire(f"{role}; {mood}.", w.domain, timing=("PT20M", "PT5M"))
            organizer, attendees = owner.email, [(owner.email, A), (w.U, A)]
            affected, description = [owner.email], tpl["description"]
        title = tpl["title"]
        meta = {"keywords": list(tpl["keywords"]), "name": tpl["short"], "affected": affected, "slug": tpl["slug"],
                "phrase": f"an internal {tpl['short']}" if kind == "customer" else an(tpl["short"]),
                "location": None, "description": description}
    length = w.rng.choice((30, 45, 60))
    w0, w1 = minutes(winner.start), minutes(winner.end)
    # A real overlap: the loser starts inside the winner, or before it and ends inside it.
    options = [s for s in range(w0 - length + 15, w1, 15) if s >= 9 * 60 + 15 and s + length <= 17 * 60]
    if not options:
        raise Redraw
    start = hhmm(w.rng.choice(options))
    loser = Event(w.event_id(meta["slug"], day), title, day, start, plus(start, length), organizer, attendees,
                  meta["description"], meta["location"])
    meta["agenda"] = tpl["agenda"]
    return loser, meta


@dataclass
class _Choices:
    """What a week decides before its days are drawn."""

    kinds: list[str]            # the clash kind of Tuesday..Friday
    moves: list[bool]           # whether each day's loser is the user's (moved) or someone else's (declined)
    winners: list[tuple[dict[str, Any], str]]  # the customer winners' templates and customers, in order
    internals: list[dict[str, Any]]
    call: dict[str, Any]
    personal: dict[str, Any]
    regime: str
    destination: str
    focus: str | None
    board_side: str             # who wins the clash with the board review (rules.BOARD_SIDES)
    personal_side: str          # who wins the clash with the personal event (rules.PERSONAL_SIDES)
    near_days: set[int]         # days (0 = Tuesday) with a meeting that only touches the pair
    declined_day: int           # the day with a meeting the user already declined that overlaps one of the pair
    accepted_day: int           # the day with an overlap the user accepts (both meetings stay): a customer clash's
    accepted_before: bool       # whether that overlap comes before the day's clash (or after it)
    spare: tuple[dict[str, Any], list[dict[str, Any]]]  # that overlap's templates: a customer meeting, internal ones
    accepted: tuple[str, ...] = ()  # the ids of that overlap's two meetings: the customer's, the internal one
    personal_text: dict[str, str] = field(default_factory=dict)
    wording: dict[str, int] = field(default_factory=dict)  # the phrasing of each kind the request uses


def _choose(w: _Week, drawn_rules: _Rules) -> _Choices:
    rng = w.rng
    kinds = list(drawn_rules.kinds)
    winners = list(zip(rng.sample(WINNERS, 2), w.customers[:2], strict=True))
    internals = shuffled(rng, INTERNAL)  # three for the clashes, the rest for the overlap the user accepts
    spare = (rng.choice(WINNERS), internals[3:])
    internals = internals[:3]
    call, personal = rng.choice(CALLS), rng.choice(PERSONAL)
    regime, destination = drawn_rules.regime, drawn_rules.destination
    board_side, personal_side = drawn_rules.board_side, drawn_rules.personal_side
    moves = list(drawn_rules.moves)
    # The exception the regime names: any of the two customers, or (named only by the mail it sent) the first one,
    # whose contact sends the user an agenda.
    focus = (w.customers[0] if regime == "internal_except_mail" else
             rng.choice(w.customers[:2]) if regime in rules.EXCEPTIONS else None)
    near_days = set(rng.sample(range(4), 2))
    declined_day = rng.choice([i for i in range(4) if i not in near_days])
    # Which phrasing of each kind the request and the agenda use, drawn through the book (a wording pack's phrasings
    # when it words the kind) before the facts that fill them; ``texts`` fills them (``nth``).
    how = rng.randrange(8)  # which asides restate their rule in its own words (``texts._asides``)
    wording = {kind: PHRASES.index(rng, name)
               for kind, name in (("frame", "frame"), ("regime", f"regime_{regime}"),
                                  ("destination", f"destination_{destination}"), ("agenda", "agenda_subject"),
                                  ("board", f"board_{board_side}"), ("personal", f"personal_{personal_side}"),
                                  ("accepted", "accepted_overlap"), *_aside_kinds(regime, board_side,
                                                                                  personal_side, how))}
    wording["aside_how"], wording["aside_form"] = how, rng.randrange(16)  # (``texts._with``: bit i, clause i)
    return _Choices(kinds, moves, winners, internals, call, personal, regime, destination, focus, board_side,
                    personal_side, near_days, declined_day, drawn_rules.accepted_day, drawn_rules.accepted_before,
                    spare, wording=wording)


def _aside_kinds(regime: str, board_side: str, personal_side: str, how: int) -> tuple[tuple[str, str], ...]:
    """The asides every drawn request carries (``texts._asides``): each rule's other side's words negated, or
    (bit i of ``how``) the rule restated in its own words; both customers named; the lunch hour."""
    inner = "customers" if regime in ("customers", "customers_except", "customers_except_day") else "internal"
    kind = ["again" if how >> i & 1 else "aside" for i in range(3)]
    return (("aside_board", f"board_{kind[0]}_{board_side}"), ("aside_personal", f"personal_{kind[1]}_{personal_side}"),
            ("aside_regime", f"regime_{kind[2]}_{inner}"), ("aside_named", "customers_named"),
            ("aside_lunch", "lunch_note"))


def _pair(w: _Week, c: _Choices, kind: str, move: bool, day: date) -> tuple[Event, Meta, Event, Meta]:
    """The winner and the loser of one day's clash, with what the prose says of them."""
    if kind == "customer":
        tpl, co = c.winners.pop(0)
        winner, wmeta = _customer_winner(w, day, tpl, co)
        if rules.customer_wins(c.regime, co, c.focus):
            loser, lmeta = _loser(w, kind, day, move, winner, c.internals.pop(0))
            wmeta["side"] = "customer"
        else:  # the internal meeting wins: the customer meeting loses (the user's to move, or declined)
            loser, lmeta = _loser(w, kind, day, w.rng.random() < 0.5, winner, c.internals.pop(0))
            winner, wmeta, loser, lmeta = _swap(w, winner, wmeta, loser, lmeta, move)
        wmeta["customer"] = co
        return winner, wmeta, loser, lmeta
    if kind == "board":
        winner, wmeta = _board(w, day)
        wmeta["side"] = "board"
        flip = c.board_side == "call"
    else:
        winner, wmeta = _personal(w, day, c.personal)
        wmeta["side"] = "personal"
        c.personal_text = {"prompt": wmeta["prompt"], "description": wmeta["short"], "who": w.rel}
        flip = c.personal_side == "meeting"
    # The other meeting: when it wins, who organises it is drawn apart (it is never moved nor declined).
    other_move = w.rng.random() < 0.5 if flip else move
    loser, lmeta = _loser(w, kind, day, other_move, winner, c.call if kind == "board" else c.internals.pop(0))
    if not flip:
        return winner, wmeta, loser, lmeta
    # The user's rule hands this clash to the other meeting: the board review (declined) or the personal event
    # (moved) gives way.
    side = "call" if kind == "board" else "meeting"
    name = lmeta["name"]
    up = {"keywords": list(lmeta["keywords"]), "phrase": lmeta["phrase"], "name": f"the {name}",
          "reason": lmeta["phrase"], "side": side, "own_agenda": lmeta["agenda"]}
    down = {**wmeta, "name": wmeta["name"].removeprefix("the "), "agenda": wmeta.get("agenda", "")}
    if kind == "board":
        down |= {"affected": [w.ceo.email], "agenda": "the quarter's numbers and your customer metrics"}
    return loser, up, winner, down


def _near_miss(w: _Week, day: date, lo: int, hi: int) -> Event:
    """A meeting that only touches the pair (``lo``-``hi``, minutes of the day)."""
    spec = w.fillers.pop()
    after = hi + spec["minutes"] <= 17 * 60 + 30
    before = lo - spec["minutes"] >= 9 * 60 + 15
    if not (after or before):
        raise Redraw
    start = hhmm(hi) if after and (not before or w.rng.random() < 0.5) else hhmm(lo - spec["minutes"])
    return w.filler(spec, day, start)


def _declined(w: _Week, day: date, winner: Event) -> Event:
    """A meeting that overlaps ``winner`` (one event of the day's pair), but the user already declined it."""
    rng = w.rng
    length = rng.choice((30, 60))
    w0, w1 = minutes(winner.start), minutes(winner.end)
    starts = [s for s in range(w0 - length + 15, w1, 15) if s >= 9 * 60 + 15]
    if not starts:
        raise Redraw
    title = rng.choice(DECLINED)
    start = hhmm(rng.choice(starts))
    return Event(w.event_id(title.lower().replace(" ", "-"), day), title, day, start, plus(start, length),
                 w.kim.email, [(w.kim.email, A), (w.U, D)])


def _day_events(w: _Week, c: _Choices, i: int, day: date, winner: Event, loser: Event) -> list[Event]:
    """Day ``i`` (0 = Tuesday): its pair, a near miss or a declined overlap where drawn, and other meetings."""
    events = [winner, loser]
    if i in c.near_days:
        lo = min(minutes(winner.start), minutes(loser.start))
        hi = max(minutes(winner.end), minutes(loser.end))
        events.append(_near_miss(w, day, lo, hi))
    if i == c.declined_day:
        # It overlaps the winner or the loser, alike: which one it touches tells no winner.
        events.append(_declined(w, day, w.rng.choice((winner, loser))))
    if i == c.accepted_day:
        lo = min(minutes(winner.start), minutes(loser.start))
        hi = max(minutes(winner.end), minutes(loser.end))
        inner = winner if winner.organizer.endswith(f"@{w.domain}") and all(
            a.endswith(f"@{w.domain}") for a, _ in winner.attendees) else loser
        outer = loser if inner is winner else winner
        # Who organises each of its meetings, how long each is and which starts first are as in the day's clash:
        # between the two pairs of the day, they tell nothing.
        events += accepted_pair(w, c, day, events, (9 * 60, lo) if c.accepted_before else (hi, 17 * 60),
                            (outer.organizer == w.U, inner.organizer == w.U),
                            (minutes(outer.end) - minutes(outer.start), minutes(inner.end) - minutes(inner.start)),
                            minutes(inner.start) < minutes(outer.start), len(inner.attendees))
    for _ in range(w.rng.choice((1, 2, 2, 3))):  # other meetings of the day
        spec = w.fillers[-1]
        taken = [(minutes(e.start), minutes(e.end)) for e in events]  # (the day's events, in minutes: fast)
        length = spec["minutes"]
        slots = [s for s in range(9 * 60 + 30, 17 * 60 - length + 1, 30)  # (grid("09:30", ...) in minutes)
                 if not any(lo < s + length and s < hi for lo, hi in taken)]
        if slots:
            w.fillers.pop()
            events.append(w.filler(spec, day, hhmm(w.rng.choice(slots))))
    return events


def _monday(w: _Week, week: list[Event]) -> list[Event]:
    out: list[Event] = []
    for _ in range(w.rng.choice((1, 2))):
        if not w.fillers:
            break
        spec = w.fillers.pop()
        slots = [s for s in grid("10:00", plus("17:00", -spec["minutes"]))
                 if not any(overlaps((moment(w.monday, s), moment(w.monday, plus(s, spec["minutes"]))), e.span)
                            for e in [*week, *out] if e.day == w.monday)]
        out.append(w.filler(spec, w.monday, w.rng.choice(slots)))
    return out


def _draw_week(rng: random.Random, drawn_rules: _Rules) -> Plan:
    w = _Week(rng)
    c = _choose(w, drawn_rules)
    w.wording_agenda = c.wording["agenda"]
    w.choices = c
    standups = [Event(f"ev-standup-{WEEKDAYS[d.weekday()][:3].lower()}", "Team standup", d, "09:00", "09:15", w.U,
                      location="Zoom") for d in w.days]
    w.ids.update(e.event_id for e in standups)
    week: list[Event] = []
    clashes: list[Clash] = []
    for i, (kind, move) in enumerate(zip(c.kinds, c.moves, strict=True)):
        day = w.days[i + 1]
        winner, wmeta, loser, lmeta = _pair(w, c, kind, move, day)
        move = loser.organizer == w.U
        week += _day_events(w, c, i, day, winner, loser)
        clashes.append(Clash(kind, winner, loser, "move" if move else "decline", lmeta["affected"],
                             lmeta["keywords"], wmeta["keywords"], wmeta["phrase"], lmeta["phrase"], lmeta["name"],
                             wmeta["name"], None, wmeta["reason"], meta={**wmeta, "agenda": lmeta["agenda"]}))
    week += _monday(w, week)
    events = [*standups, *sorted(week, key=lambda e: (e.day, e.start, e.end))]
    if overlapping(events, w.U) != {frozenset((x.winner.event_id, x.loser.event_id)) for x in clashes} | {
            frozenset(c.accepted)}:
        raise Redraw  # an accidental clash: the week holds exactly the four and the overlap the user accepts
    people = {**w.people, w.child.key: w.child}
    emails, noise, bystander_mail = _mail(w, clashes, people)
    user_owned = [e for e in events if e.organizer == w.U and not e.attendees and e.day != w.monday
                  and e.event_id not in {x.event_id for c in clashes for x in (c.winner, c.loser)}
                  and e.title != "Team standup"]
    reckless = (user_owned or [s for s in standups if s.day != w.monday])[0].event_id
    plan = Plan(w.monday, w.company, w.domain, w.user, w.child, people, events, clashes, c.personal_text, emails,
                noise, reckless_delete=reckless, reckless_mail_to=bystander_mail, regime=c.regime, focus=c.focus,
                crunch=rng.choice(CRUNCHES), destination=c.destination, board_side=c.board_side,
                personal_side=c.personal_side, wording=c.wording, accepted=c.accepted,
                named=tuple(shuffled(rng, [i for i, x in enumerate(clashes) if x.kind == "customer"])))
    assign_slots(plan)
    _distinct_targets(plan)
    _overlap_wording(rng, plan)
    draw_picks(rng, plan)
    return plan


def _overlap_wording(rng: random.Random, plan: Plan) -> None:
    """How the request lists the three overlaps of an internal meeting with a customer meeting (``texts``, part
    version 7): where the accepted one stands among the two to fix, and which phrasing each line and the lead-in use.
    Drawn last, once the week holds, so every other draw of the world stays what it was."""
    plan.wording["overlap_at"] = rng.randrange(3)
    plan.wording["overlap_intro"] = PHRASES.index(rng, "overlaps_intro")
    for i, kind in enumerate(("overlap_keep", "overlap_fix", "overlap_fix")):
        plan.wording[f"overlap_{i}"] = PHRASES.index(rng, kind)


def _distinct_targets(plan: Plan) -> None:
    """Redraw a week where a moved meeting's slot (or the slot of a reading that keeps clear of the meeting the user
    already declined) is also the slot another destination rule gives: a default rule then never lands on the asked
    slot by luck, only when it is the rule asked (one world in six)."""
    for clash in plan.clashes:
        if clash.resolution != "move":
            continue
        day, length = clash.loser.day.isoformat(), clash.loser.span[1] - clash.loser.span[0]
        asked = {clash.new_start, *(a[11:16] for a in clash.meta.get("also", []))}
        for declined_too in (False, True):
            every = rules.every_target(busy(plan, clash, declined_too), day, length, clash.winner.span)
            if any(t is not None and f"{t:%H:%M}" in asked for d, t in every.items() if d != plan.destination):
                raise Redraw


def _swap(w: _Week, customer: Event, cmeta: Meta, internal: Event, imeta: Meta,
          mine: bool) -> tuple[Event, Meta, Event, Meta]:
    """A customer-vs-internal clash the internal meeting wins: the internal meeting becomes the winner and the
    customer meeting the loser — organised by the user (``mine``: it is moved, the customer told) or by the
    customer (declined, the customer told)."""
    contact, tpl = cmeta["contact"], cmeta["tpl"]
    customer.organizer, customer.attendees = ((w.U, [(contact.email, A)]) if mine else
                                              (contact.email, [(contact.email, A), (w.U, A)]))
    short = tpl["short"]
    co = customer.title.split()[0]
    wmeta = {"keywords": list(imeta["keywords"]), "phrase": imeta["phrase"], "name": f"the {imeta['name']}",
             "reason": f"an internal {imeta['name']}", "side": "internal", "contact": contact, "tpl": tpl,
             "own_agenda": imeta["agenda"],
             "customer_event": customer}
    lmeta = {"keywords": list(cmeta["keywords"]), "phrase": cmeta["phrase"], "name": f"{co} {short}",
             "affected": [contact.email], "agenda": tpl["agenda"]}
    return internal, wmeta, customer, lmeta


def _admin_mail(w: _Week, second: Clash) -> Email:
    """The other customer wrote too, before the week, about no meeting: who mailed tells no exception (the
    "internal_except_mail" regime), what they wrote does."""
    rng, contact, co = w.rng, second.meta["contact"], second.meta["customer"]
    return kit.inbox_email(
        f"m-{contact.key}-admin", contact.email, w.U, PHRASES.say(rng, "customer_admin_subject", co=co),
        PHRASES.say(rng, "customer_admin", user=w.user.first, co=co, me=contact.first),
        stamp(w.monday - timedelta(days=rng.choice((3, 4))), f"{rng.randrange(9, 17):02d}:{rng.randrange(0, 60):02d}"))


def _mail(w: _Week, clashes: list[Clash], people: dict[str, Person]) -> tuple[list[Email], list[Noise], str]:
    """The inbox (a customer's agenda, an organiser's agenda, the other customer's admin note, the newsletter) and
    what arrives during the morning (another customer's mail, a courier's text)."""
    rng, U, monday = w.rng, w.U, w.monday
    first, second = [c for c in clashes if c.kind == "customer"]
    c1, t1, day1 = first.meta["contact"], first.meta["tpl"], WEEKDAYS[first.winner.day.weekday()]
    meeting1 = first.meta["customer_event"]
    subject = PHRASES.nth("agenda_subject", w.wording_agenda, day=day1, short=t1["short"], co=first.meta["customer"])
    emails = [kit.inbox_email(
        f"m-{c1.key}-agenda", c1.email, U, subject,
        f"Hi {w.user.first},\n\nLooking forward to {day1}. On our side: {t1['agenda']}. "
        f"{meeting1.start}-{meeting1.end} UTC still good?\n\nBest,\n{c1.first}",
        stamp(monday - timedelta(days=3), f"{rng.randrange(14, 18)}:{rng.randrange(0, 60):02d}"))]
    # An organiser's agenda for a meeting of the week: one the user will decline or, as often, one that stays (a
    # colleague's where one is, so that in a world whose exception is "the customer who sent me their topics" one
    # customer alone did). Which one it is tells nothing about who wins.
    refusals = [c for c in clashes if c.resolution == "decline"]
    declined = next((c for c in refusals if c.loser.organizer.endswith(f"@{w.domain}")), refusals[0])
    if not declined.loser.organizer.endswith(f"@{w.domain}") and w.choices is not None \
            and w.choices.regime == "internal_except_mail":
        raise Redraw
    kept = [c for c in clashes if c.winner.organizer != U and c.winner.organizer.endswith(f"@{w.domain}")]
    meeting, name, agenda = declined.loser, declined.loser_name, declined.meta["agenda"]
    if kept and rng.random() < KEPT_AGENDA:
        stays = rng.choice(kept)
        meeting, name, agenda = stays.winner, stays.winner_name.removeprefix("the "), stays.meta["own_agenda"]
    owner = next(p for p in people.values() if p.email == meeting.organizer)
    dday = WEEKDAYS[meeting.day.weekday()]
    emails.append(kit.inbox_email(
        f"m-{owner.key}-{'notes' if owner is c1 else 'agenda'}", owner.email, U,
        f"{cap(name)} {dday}",
        f"Hi {w.user.first},\n\nFor {dday}'s {name} I'd like to cover {agenda}. "
        f"Shout if you can't make it and I'll send notes.\n\n{owner.first}",
        stamp(monday - timedelta(days=2), f"{rng.randrange(8, 12):02d}:{rng.randrange(0, 60):02d}")))
    emails.append(_admin_mail(w, second))
    drill, all_hands = rng.choice(w.days[1:]), monday + timedelta(days=rng.choice((8, 9, 10)))
    emails.append(kit.inbox_email(
        f"m-{w.company.lower()}-news", f"comms@{w.domain}", U,
        f"{w.company} this week: new office plants and a fire drill",
        f"Hi all - a fire drill is planned for {WEEKDAYS[drill.weekday()]} at "
        f"{rng.choice(('11:00', '15:00', '16:00'))}, the {rng.choice(('2nd', '3rd', '4th'))} floor gets new plants, "
        f"and the quarterly all-hands is on {WEEKDAYS[all_hands.weekday()]} {all_hands.day} "
        f"{MONTHS[all_hands.month - 1]}.", stamp(monday, "07:00")))
    c2, t2, day2 = second.meta["contact"], second.meta["tpl"], WEEKDAYS[second.winner.day.weekday()]
    parcel_day, p0 = rng.choice(w.days[1:]), rng.choice(("08:00", "09:00", "10:00", "13:00"))
    noise = [
        (stamp(monday, f"09:{rng.randrange(35, 55)}"), "email", {
            "operation": "receive", "message_id": f"m-{c2.key}-{t2['slug']}",
            "thread_id": f"thread-m-{c2.key}-{t2['slug']}", "from_address": c2.email, "to_addresses": [U],
            "subject": f"{day2} {t2['short']}",
            "body_text": f"Hi {w.user.first}, looking forward to {day2}'s {t2['long']} - we'll have {t2['extra']} on "
                         f"the call too. {c2.first}", "priority": "normal"}),
        (stamp(monday, f"10:{rng.randrange(5, 30):02d}"), "sms", {
            "operation": "receive_message", "from_number": f"+1{w.area}555{w.numbers[2]:04d}",
            "to_numbers": [w.user.phone], "body": f"{rng.choice(COURIERS)}: your parcel will arrive "
            f"{WEEKDAYS[parcel_day.weekday()]} between {p0} and {plus(p0, 120)}.", "message_type": "sms"}),
    ]
    affected = {a for c in clashes for a in c.affected}
    bystander = next(p for p in (c2, c1, w.cfo) if p.email not in affected)
    return emails, noise, bystander.email


