"""How a meeting_scheduling world other than world 0 is drawn: ``draw_params(rng, seed)``.

Drawn per world: the company, the user, the three invitees and the user's manager (names, addresses, phone); the
meeting's title; each invitee's standing rule ("not before 10:30", a weekday out, "must finish by 16:00" - who holds
which, the times, each rule held by one of them) and which of them is stated only in an older email; everybody's busy
times, built so that exactly three slots work for all, the later two on two days (and each rule and each person's
calendar is the only thing that rules out some other slot); the user's own calendar; which invitee declines the first
invitation, the customer call that landed on that slot and the agenda item they ask for, another customer (and another
topic) they name but want left off the agenda, and which of the two later slots' days the decline rules out (either, as
often: the meeting's final slot is the chronologically second valid one in half the worlds). How people word it
(``texts``, from the world's voice) is drawn apart: one or two of the three availability answers give the week's free
windows instead of its busy times, half the answers carry a clock time that is no rule (something past), and half the
worlds hold an older note from another invitee naming a valid slot's weekday as open - so a time range, a stray time
or a weekday in an older note tells nothing until it is read. World 0 is the published one (``world0``).
"""

from __future__ import annotations

import random
from datetime import datetime
from typing import Any

from green_agent.scenario_kit.records import CalendarEvent
from green_agent.scenario_kit.world import Person, fresh_people, shuffled

from .params import DAY_NAMES, IDS, MANAGER_ID, USER_ID, Draw, budget, event, standups
from .slots import MEETING_DAYS, Rule, at, hm
from .world0 import world0

COMPANIES = (("Lumenfield", "lumenfield.example"), ("Corvid Systems", "corvid.example"),
             ("Tallgrass", "tallgrass.example"), ("Meridian Works", "meridianworks.example"),
             ("Quillon", "quillon.example"), ("Harbourline", "harbourline.example"),
             ("Ferncastle", "ferncastle.example"), ("Oakridge Labs", "oakridgelabs.example"))
# (title, how the decliner calls it, message-id slug, agenda before the decline)
MEETINGS = (("Q3 roadmap review", "roadmap review", "roadmap", "Q3 roadmap priorities, staffing, open risks"),
            ("Pricing strategy review", "pricing review", "pricing", "price points, discount policy, next steps"),
            ("H2 planning session", "planning session", "planning", "H2 goals, budget, open risks"),
            ("Launch readiness review", "launch review", "launch", "launch checklist, support readiness, risks"),
            ("Platform strategy review", "strategy review", "platform", "platform bets, staffing, timeline"))
CUSTOMERS = ("Halcyon", "Bluefin", "Kestrel", "Pinecrest", "Solstice", "Marlowe", "Ardent", "Larkspur")
TOPICS = (("renewal", "their CFO"), ("escalation", "their CTO"), ("expansion deal", "their COO"),
          ("contract review", "their general counsel"))
PLACES = ("Leeds", "Rotterdam", "Lyon", "Glasgow", "Porto", "Munich")
DECLINER_ROLES = ("Head of customer success", "Key account director", "Customer partnerships lead")
OTHER_ROLES = ("Operations lead", "Engineering manager", "Finance partner", "Design lead", "Data science lead",
               "Marketing lead")
TRAITS = ("brief, friendly", "organised, calm", "thoughtful, direct", "cheerful, always busy")
REASONS = {"not_before": ("school drop-off", "I do the school run", "my train only gets in late"),
           "end_by": ("childcare", "school pick-up", "a standing physio appointment"),
           "days_out": ("long weekend", "a day of leave", "school holidays", "moving house")}
CLIENTS = (("Acme Foods", "acmefoods.example"), ("Globex Retail", "globexretail.example"),
           ("Umbra Travel", "umbratravel.example"), ("Vantage Health", "vantagehealth.example"))
# The user's own events: (slug, title, who organises/attends, extra fields, only for lunch-time starts)
EVENT_KINDS: tuple[tuple[str, str, str, dict[str, str], bool], ...] = (
    ("pipeline", "Pipeline review", "colleague", {"description": "Weekly look at the sales pipeline with {colleague}."},
     False),
    ("customer", "Customer call: {client}", "client", {"location": "Teams"}, False),
    ("1on1", "1:1 {user} / {manager}", "manager", {}, False),
    ("hiring", "Hiring panel: Senior PM", "talent", {"location": "Room 4.02"}, False),
    ("lunchlearn", "Lunch & learn: pricing experiments", "solo", {"location": "Kitchen area"}, True),
    ("vendor", "Vendor demo: Stackly", "vendor", {}, False),
    ("lunch", "Lunch with Mum", "solo", {"location": "Dishoom, King's Cross"}, True),
    ("retro", "Sprint retro", "solo", {"location": "Room 3.01"}, False),
    ("boardprep", "Board deck prep", "solo", {"description": "Focus time for the board deck."}, False),
    ("interview", "Interview: Staff engineer", "talent", {"location": "Room 2.14"}, False),
    ("design", "Design critique", "colleague", {"location": "Room 3.02"}, False),
    ("budget", "Budget review", "manager", {}, False),
    ("offsite", "Offsite planning", "colleague", {"description": "Agenda and venue for the team offsite."}, False),
    ("dentist", "Dentist", "solo", {"location": "Harley Street"}, False),
)
Piece = tuple[int, int, int, str]  # (weekday, start minute, end minute, who is busy)
Minutes = tuple[int, int, int]  # (weekday, start minute, end minute)
Week = tuple[dict[str, dict[str, Any]], list[Piece], list[int], dict[str, str], list[CalendarEvent]]


def _merge(spans: list[Minutes]) -> list[Minutes]:
    """(weekday, start, end) spans, sorted, with touching or overlapping ones joined."""
    out: list[Minutes] = []
    for day, a, b in sorted(spans):
        if out and out[-1][0] == day and a <= out[-1][2]:
            out[-1] = (day, out[-1][1], max(b, out[-1][2]))
        else:
            out.append((day, a, b))
    return out


def _tile(rng: random.Random, span: Minutes, allowed: list[str], nb: int, late: str, pieces: list[Piece]) -> None:
    """Cover ``span`` with busy blocks of 30-120 minutes, each held by one of ``allowed`` (the user twice as likely),
    never the same person twice in a row, never ``late`` (the not-before person) before nb."""
    day, t, b = span
    previous = None
    while t < b:
        length = min(rng.choice((30, 60, 60, 90, 120)), b - t)
        owners = [o for o in allowed if o != previous and not (o == late and t < nb)]
        owner = rng.choice(owners + ([USER_ID] if USER_ID in owners else []))
        pieces.append((day, t, t + length, owner))
        previous, t = owner, t + length


def _rules(rng: random.Random) -> tuple[dict[str, dict[str, Any]], dict[str, str], int, int]:
    """The invitees' rules (as plain dicts), who holds which main rule, and the not-before and end-by minutes."""
    late, away, early = shuffled(rng, IDS)  # not-before, a weekday out, must finish by
    nb, eb = rng.choice((630, 660)), rng.choice((930, 960))
    rules: dict[str, dict[str, Any]] = {late: {"not_before": hm(nb)}, away: {"days_out": [rng.choice(MEETING_DAYS)]},
                                        early: {"end_by": hm(eb)}}
    return rules, {"not_before": late, "days_out": away, "end_by": early}, nb, eb


def _timeline(rng: random.Random) -> tuple[dict[str, dict[str, Any]], list[Piece], list[int], dict[str, str]]:
    """Rules, busy blocks and the three free slots (as 5-minute cells: weekday * 10 000 + minute) meant to be the only
    valid ones, and who holds which main rule. The caller checks the arithmetic and redraws when it misses."""
    rules, main, nb, eb = _rules(rng)
    late = main["not_before"]
    out = {d: [w for w, r in rules.items() if d in r.get("days_out", [])] for d in MEETING_DAYS}
    available = [d for d in MEETING_DAYS if not out[d]]  # three days
    # Either a slot on each of them, or none on the first and two on the second (the first invitation's and one of
    # the later two): then the first day's free hours that only the not-before or the finish-by rule rule out come
    # before any valid slot, so a rule left unread changes the first choice.
    double = available[1] if rng.random() < 0.5 else 0
    slot_days = available[1:] if double else available
    morning = rng.choice(available[:2] if double else available)  # 10:00-11:00 free but for the not-before rule
    pieces: list[Piece] = []
    slots = []
    for day in MEETING_DAYS:
        allowed = [USER_ID, *[i for i in IDS if i not in out[day]]]
        first = 660 if day == morning else 600
        if day in slot_days or out[day]:  # free hours: valid slots, or only the day-out rule against one
            lo = max(nb, first + 30) if day == morning else nb
            s = rng.randrange(lo, eb - (150 if day == double else 60) + 1, 30)
            starts = [s, rng.randrange(s + 90, eb - 60 + 1, 30)] if day == double else [s]
            if day in slot_days:
                slots += [day * 10_000 + x for x in starts]
            for a, b in zip([first, *[x + 60 for x in starts]], [*starts, eb], strict=True):
                _tile(rng, (day, a, b), allowed, nb, late, pieces)
        else:
            _tile(rng, (day, first, eb), allowed, nb, late, pieces)
        for who in IDS:  # some early meetings (before the standup ends), as real calendars have
            if who != late and who not in out[day] and rng.random() < 0.2:
                pieces.append((day, 540, 600, who))
    return rules, pieces, slots, main


def _arithmetic(busy: dict[str, list[Minutes]], rules: dict[str, dict[str, Any]]) -> tuple[list[int], bool]:
    """The valid starts (cells as ``_timeline`` writes them, on the 5-minute grid ``slots.valid_starts`` uses, in
    integer minutes for speed) and whether every rule and every person's calendar is, somewhere, the only thing that
    rules a slot out."""
    taken = {who: {(d, m) for d, a, b in spans for m in range(a, b, 5)} for who, spans in busy.items()}
    limits = {who: (int(r.get("not_before", "00:00")[:2]) * 60 + int(r.get("not_before", "00:00")[3:]),
                    int(r.get("end_by", "23:59")[:2]) * 60 + int(r.get("end_by", "23:59")[3:]),
                    set(r.get("days_out", []))) for who, r in rules.items()}
    needed = {f"rule:{w}" for w in rules} | {f"busy:{w}" for w in busy}
    valid = []
    for day in MEETING_DAYS:
        for m in range(540, 1020, 5):
            broken = [] if m + 60 <= 1020 else ["window"]
            broken += [f"rule:{w}" for w, (nb, eb, out) in limits.items() if day in out or m < nb or m + 60 > eb]
            broken += [f"busy:{w}" for w, cells in taken.items()
                       if any((day, t) in cells for t in range(m, m + 60, 5))]
            if not broken:
                valid.append(day * 10_000 + m)
            elif len(broken) == 1:
                needed.discard(broken[0])
    return valid, not needed


def _user_events(rng: random.Random, spans: list[Minutes], user: Person, manager: Person, colleague: Person,
                 client: tuple[str, Person], domain: str) -> list[CalendarEvent] | None:
    """The user's week: the shared events and one drawn event per busy span (None when the kinds run out)."""
    kinds = shuffled(rng, EVENT_KINDS)
    events = [*standups(user.email), budget(user, manager)]
    client_name, contact = client
    me = (user.email, user.name, "accepted")
    hosts = {"colleague": (user.email, [(colleague.email, colleague.name, "accepted")]),
             "client": (contact.email, [(contact.email, contact.name, "accepted"), me]),
             "manager": (manager.email, [(manager.email, manager.name, "accepted"), me]),
             "talent": (f"talent@{domain}", [(f"talent@{domain}", "Talent team", "accepted"), me]),
             "vendor": ("sales@stackly.example", [("sales@stackly.example", "Stackly", "accepted"), me])}
    for day, a, b in spans:
        lunch_time = 690 <= a <= 780
        pick = next((k for k in kinds if lunch_time or not k[4]), None)
        if pick is None:
            return None
        kinds.remove(pick)
        slug, title, who, extra, _ = pick
        title = title.format(client=client_name, user=user.first, manager=manager.first)
        fields = {k: v.format(colleague=colleague.first) for k, v in extra.items()}
        organizer, attendees = hosts.get(who, (user.email, []))
        events.append(event(f"ev-{slug}-{DAY_NAMES[9 + day - 1]}", title, at(day, a).isoformat(),
                            at(day, b).isoformat(), organizer=organizer, attendees=attendees, **fields))
    return events


def _cells(cells: list[int]) -> list[datetime]:
    """The moments of ``_timeline``'s cells."""
    return [at(c // 10_000, c % 10_000) for c in cells]


def _week(rng: random.Random, people: tuple[Person, Person, Person], client: tuple[str, Person],
          domain: str) -> Week:
    """A week whose arithmetic holds (exactly the three planned slots, every constraint telling somewhere) and the
    user's events for it; a draw that misses is drawn again."""
    user, manager, colleague = people
    while True:
        rules, pieces, slots, main = _timeline(rng)
        busy = {who: _merge([(d, a, b) for d, a, b, o in pieces if o == who]) for who in (USER_ID, *IDS)}
        standup = [(d, 570, 600) for d in MEETING_DAYS]
        valid, telling = _arithmetic({**busy, USER_ID: busy[USER_ID] + standup}, rules)
        if valid != slots or not telling or any(len(busy[i]) < 2 for i in IDS):
            continue
        events = _user_events(rng, busy[USER_ID], user, manager, colleague, client, domain)
        if events is not None:
            return rules, [(d, a, b, w) for w, spans in busy.items() for d, a, b in spans], slots, main, events


def _drawn(rng: random.Random) -> Draw:
    company, domain = rng.choice(COMPANIES)
    names = fresh_people(rng, 7, avoid=("Stackly",))

    def mk(cid: str, n: tuple[str, str], dom: str) -> Person:
        return Person(n[0], n[1], email=f"{n[0]}.{n[1]}@{dom}".lower(), key=cid)

    user, manager = mk(USER_ID, names[0], domain), mk(MANAGER_ID, names[1], domain)
    invitees = [mk(cid, n, domain) for cid, n in zip(IDS, names[2:5], strict=True)]
    colleague = mk("colleague", names[5], domain)
    client_name, client_domain = rng.choice(CLIENTS)
    contact = mk("client", names[6], client_domain)
    title, short, slug, agenda = rng.choice(MEETINGS)
    customer = rng.choice(CUSTOMERS)
    topic, blocker = rng.choice(TOPICS)
    decliner = rng.choice(IDS)
    decoy = rng.choice([c for c in CUSTOMERS if c != customer])
    decoy_topic = rng.choice([t for t, _ in TOPICS if t != topic])
    rules, pieces, slots, main, events = _week(rng, (user, manager, colleague), (client_name, contact), domain)
    out_day = rng.choice(slots[1:]) // 10_000  # the decline rules out the day of one of the two later slots
    # The decline names one more weekday, left as it was: the final slot's, so both later slots' days are named and
    # "avoid every day the decline names" leaves nothing to pick.
    free_day = next(c // 10_000 for c in slots[1:] if c // 10_000 != out_day)
    hidden = rng.choice(IDS)
    reasons = {w: {k: rng.choice(REASONS[k]) for k in r} for w, r in rules.items()}
    roles = {}
    for p in invitees:
        role = rng.choice(DECLINER_ROLES) if p.key == decliner else rng.choice(OTHER_ROLES)
        trait = "warm, precise, always juggling customer calls" if p.key == decliner else rng.choice(TRAITS)
        roles[p.key] = f"{role}; {trait}."
    user = Person(user.first, user.last, phone=f"+4477009001{rng.randrange(10, 100)}", email=user.email, key=USER_ID)
    return Draw(company=company, domain=domain, user=user, manager=manager, invitees=invitees, title=title,
                short=short, slug=slug, agenda=agenda, customer=customer, topic=topic, blocker=blocker,
                decliner=decliner, rules={w: Rule.model_validate(r) for w, r in rules.items()}, main=main,
                hidden=hidden, place=rng.choice(PLACES), reasons=reasons,
                busy={i: [(at(d, a), at(d, b)) for d, a, b, w in pieces if w == i] for i in IDS},
                events=events, roles=roles, valid=_cells(slots), voice=rng.randrange(1, 2**31), decoy=decoy,
                decoy_topic=decoy_topic, out_day=out_day,
                free_day=free_day)


def draw_params(rng: random.Random, seed: int) -> Draw:
    """World ``seed``: the published world 0 for seed 0, any other drawn from ``rng`` (the part's own stream)."""
    return world0() if seed == 0 else _drawn(rng)
