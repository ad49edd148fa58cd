"""Worlds of calendar_conflicts: one user's double-booked week, drawn from the seed.

A world is a ``Plan`` (who is who, every event of the week, the four clashes and how each must be resolved, the
mail and texts around it) rendered into the UES initial state, the oracle's plan, the evaluators' truth and the
scenario.json fields that name people and days. World 0 is the plan of the folder's files, written out below;
every other seed draws one:

* the people (names, addresses, phones) and the companies (the user's and the customers');
* which weekday (Tue-Fri) holds each of the four kinds of clash — customer meeting vs internal meeting (twice),
  the protected personal event with the user's child vs a meeting, the untouchable board review vs a customer
  call — and whether the losing meeting of each is organised by the user (move it) or by someone else (decline
  it), at least one of each;
* the times of every pair (always a real overlap), the meetings that only touch a clashing one, the clash with
  an event the user already declined, and the other meetings of each day, so that the free slots a losing
  meeting can move to differ from world to world;
* the courier text, the newsletter and the customers' mails around it.

The oracle's plan moves each of the user's losing meetings to a drawn free slot, declines the others for the user
only (``/calendar/respond`` as the user — never another person's RSVP, never editing someone else's event), emails
each affected person what changed and reports every clash in chat.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

import ground_truth as gt

from green_agent.scenario_kit import build as kit
from green_agent.scenario_kit.world import Person, World, draw, fresh_people, shuffled

SCENARIO_ID = "calendar_conflicts"
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
A, D = "accepted", "declined"
USER_KEY = "alex"  # scenario.json's user_character: the user's character id in every world


# ------------------------------------------------------------------------------------------------ the plan
@dataclass
class Event:
    event_id: str
    title: str
    day: date
    start: str
    end: str
    organizer: str              # email
    attendees: list[tuple[str, str]] = field(default_factory=list)  # (email, response)
    description: str | None = None
    location: str | None = None

    def at(self, hhmm: str) -> datetime:
        return datetime.fromisoformat(f"{self.day.isoformat()}T{hhmm}:00+00:00")

    @property
    def span(self) -> gt.Span:
        return self.at(self.start), self.at(self.end)


@dataclass
class Clash:
    kind: str                   # customer | personal | board
    winner: Event
    loser: Event
    resolution: str             # move | decline
    affected: list[str]         # emails: the moved meeting's attendees, or the declined meeting's organiser
    keywords: list[str]         # name the loser
    winner_keywords: list[str]
    winner_phrase: str          # "a customer QBR" (scenario description)
    loser_phrase: str           # "an internal eng sync"
    loser_name: str             # "eng sync" / "Initech renewal call" (prose)
    winner_name: str            # "the Globex QBR" / "lunch with Mia" (prose)
    new_start: str | None = None  # the oracle's slot for a move (HH:MM)
    reason: str = ""            # why, for the notification: "it clashes with <reason>"
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass
class Plan:
    monday: date
    company: str
    domain: str
    user: Person
    child: Person
    people: dict[str, Person]   # character id -> person (not the user)
    events: list[Event]         # standups first, then the week in time order
    clashes: list[Clash]        # in day order
    personal: dict[str, str]    # prompt / description / short phrases of the protected personal event
    emails: list[dict[str, Any]]
    noise: list[tuple[str, str, dict[str, Any]]]
    reckless_delete: str        # an event the user organises that nothing asks to change
    reckless_mail_to: str       # someone who must not be bothered
    regime: str = "customers"   # how a customer meeting and an internal one are settled (gt.REGIMES)
    focus: str | None = None    # the customer the regime names
    crunch: str = ""            # why internal meetings come first this week (internal regimes)
    destination: str = "earliest"  # where a moved meeting goes (gt.DESTINATIONS)

    def person(self, email: str) -> Person:
        if email == self.user.email:
            return self.user
        return next(p for p in self.people.values() if p.email == email)


def _stamp(day: date, hhmm: str) -> str:
    return f"{day.isoformat()}T{hhmm}:00+00:00"


def _hm(moment: datetime) -> str:
    return f"{moment:%H:%M}"


def _plus(hhmm: str, minutes: int) -> str:
    h, m = map(int, hhmm.split(":"))
    total = h * 60 + m + minutes
    return f"{total // 60:02d}:{total % 60:02d}"


def _minutes(hhmm: str) -> int:
    h, m = map(int, hhmm.split(":"))
    return h * 60 + m


def _an(word: str) -> str:
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


# ------------------------------------------------------------------------------------------------ world 0
def world_zero() -> Plan:
    """The folder's world: Alex Chen's week at Lumen, Mon 16 - Fri 20 March 2026."""
    monday = date(2026, 3, 16)
    d = [monday + timedelta(days=i) for i in range(5)]
    user = Person("Alex", "Chen", email="alex.chen@lumen.example", key="alex",
                  personality="VP Customer Success at Lumen; pragmatic, family-first, hates being double-booked.",
                  phone="+14155550142", timing=("PT10M", "PT2M"))
    child = Person("Mia", "Chen", key="mia", personality="Alex's 12-year-old daughter; texts in lowercase.",
                   relationship="parent", phone="+14155550177", timing=("PT15M", "PT5M"))

    def p(key: str, first: str, last: str, domain: str, personality: str, rel: str = "colleague",
          timing: tuple[str, str] = ("PT30M", "PT5M")) -> Person:
        return Person(first, last, email=f"{first.lower()}.{last.lower()}@{domain}", key=key, personality=personality,
                      relationship=rel, timing=timing)

    ppl = {
        "ravi": p("ravi", "Ravi", "Shah", "lumen.example", "Engineering lead; easygoing.", timing=("PT20M", "PT5M")),
        "emma": p("emma", "Emma", "Wright", "lumen.example", "Senior engineer; brief.", timing=("PT25M", "PT5M")),
        "omar": p("omar", "Omar", "Haddad", "lumen.example", "Product manager; friendly.", timing=("PT20M", "PT5M")),
        "raj": p("raj", "Raj", "Mehta", "initech.example", "Procurement lead at Initech (customer); polite and formal.",
                 "customer contact"),
        "nina": p("nina", "Nina", "Kowalski", "lumen.example", "Product designer; relaxed.",
                  timing=("PT20M", "PT5M")),
        "hannah": p("hannah", "Hannah", "Lee", "globex.example", "Globex account owner (customer).",
                    "customer contact"),
        "carlos": p("carlos", "Carlos", "Diaz", "umbrella.example", "Umbrella's onboarding lead (customer).",
                    "customer contact"),
        "helen": p("helen", "Helen", "Ward", "lumen.example", "CEO of Lumen; organises the board review.", "manager",
                   timing=("PT45M", "PT10M")),
        "tom": p("tom", "Tom", "Baker", "lumen.example", "CFO; attends the board review.",
                 timing=("PT45M", "PT10M")),
        "kim": p("kim", "Kim", "Nguyen", "lumen.example", "Chief of staff."),
        "li": p("li", "Li", "Wei", "lumen.example", "Support manager.", "direct report"),
        "nora": p("nora", "Nora", "Bell", "acmefoods.example", "Operations manager at Acme Foods (customer).",
                  "customer contact"),
    }
    ppl["mia"] = child
    e = {k: v.email for k, v in ppl.items()}
    U = user.email

    def ev(event_id: str, title: str, day: date, start: str, end: str, organizer: str | None = None,
           attendees: tuple[tuple[str, str], ...] = (), description: str | None = None,
           location: str | None = None) -> Event:
        return Event(event_id, title, day, start, end, organizer or U,
                     list(attendees), description, location)

    standups = [ev(f"ev-standup-{n}", "Team standup", d[i], "09:00", "09:15", location="Zoom")
                for i, n in enumerate(("mon", "tue", "wed", "thu", "fri"))]
    qbr = ev("ev-globex-qbr", "Globex quarterly business review", d[1], "10:00", "11:00", e["hannah"],
             ((e["hannah"], A), (U, A)), "Quarterly business review with Globex: usage, renewal outlook, roadmap asks.",
             "Zoom")
    eng = ev("ev-eng-sync", "Eng sync", d[1], "10:30", "11:00", attendees=((e["ravi"], A), (e["emma"], A)),
             description="Weekly engineering sync: integration backlog and on-call handover.")
    lunch = ev("ev-lunch-mia", "Lunch with Mia", d[2], "12:00", "13:00", location="Pizza Pilgrims, Dean St",
               description="Mia has a half day - pick her up from school at 11:45.")
    product = ev("ev-product-sync", "Product sync", d[2], "12:30", "13:30", e["omar"], ((e["omar"], A), (U, A)),
                 "Omar's weekly product sync.")
    board = ev("ev-board-review", "Board review", d[3], "14:00", "16:00", e["helen"],
               ((e["helen"], A), (e["tom"], A), (U, A)), "Q1 board review. Alex presents customer metrics.",
               "Boardroom")
    initech = ev("ev-initech-call", "Initech renewal call", d[3], "15:00", "15:45", attendees=((e["raj"], A),),
                 description="Renewal terms for Initech's 2026 contract.", location="Zoom")
    kickoff = ev("ev-umbrella-kickoff", "Umbrella onboarding kickoff", d[4], "10:00", "11:00", e["carlos"],
                 ((e["carlos"], A), (U, A)), location="Zoom")
    design = ev("ev-design-review", "Design review: onboarding flow", d[4], "10:30", "11:30", e["nina"],
                ((e["nina"], A), (U, A)))
    week = [
        ev("ev-pipeline-mon", "Pipeline review", d[0], "13:00", "14:00", e["kim"], ((e["kim"], A), (U, A))),
        qbr, eng,
        ev("ev-hiring-tue", "Hiring sync", d[1], "11:00", "12:00", e["kim"], ((e["kim"], A), (U, A))),
        ev("ev-escalations-tue", "Support escalations review", d[1], "15:00", "16:00", attendees=((e["li"], A),)),
        ev("ev-allhands-rehearsal", "All-hands rehearsal", d[2], "12:00", "12:30", e["kim"], ((e["kim"], A), (U, D))),
        lunch, product,
        ev("ev-acme-wed", "Acme Foods check-in", d[2], "15:00", "16:00", attendees=((e["nora"], A),)),
        ev("ev-planning-thu", "Quarterly planning", d[3], "11:00", "12:00", attendees=((e["li"], A),)),
        board, initech,
        ev("ev-expenses-thu", "Expense approvals", d[3], "16:00", "16:30"),
        kickoff, design,
        ev("ev-1on1-helen", "1:1 Alex / Helen", d[4], "14:00", "14:30", e["helen"], ((e["helen"], A), (U, A))),
    ]
    clashes = [
        Clash("customer", qbr, eng, "move", [e["ravi"], e["emma"]],
              ["eng sync", "engineering sync", "eng-sync"], ["globex", "qbr"], "a customer QBR", "an internal eng sync",
              "eng sync", "the Globex QBR", None, "a customer QBR", meta={"side": "customer", "customer": "Globex"}),
        Clash("personal", lunch, product, "decline", [e["omar"]], ["product sync"], ["lunch", "mia"],
              "lunch with daughter Mia", "a product sync", "product sync", "lunch with Mia",
              reason="a family lunch I can't move", meta={"side": "personal"}),
        Clash("board", board, initech, "move", [e["raj"]], ["initech", "renewal call"], ["board review"],
              "the board review", "a customer renewal call", "Initech renewal call", "the board review", None,
              "an internal commitment", meta={"side": "board"}),
        Clash("customer", kickoff, design, "decline", [e["nina"]], ["design review", "onboarding flow"],
              ["umbrella", "kickoff"], "a customer kickoff", "an internal design review", "design review",
              "the Umbrella onboarding kickoff", reason="a customer kickoff",
              meta={"side": "customer", "customer": "Umbrella"}),
    ]
    emails = [
        kit.inbox_email("m-hannah-agenda", e["hannah"], U, "Agenda for Tuesday's QBR",
                        "Hi Alex,\n\nLooking forward to Tuesday. On our side: usage trends, the renewal outlook and "
                        "two roadmap asks from our ops team. 10:00-11:00 UTC still good?\n\nBest,\nHannah",
                        "2026-03-13T17:05:00+00:00"),
        kit.inbox_email("m-omar-agenda", e["omar"], U, "Product sync Wednesday",
                        "Hi Alex,\n\nFor Wednesday's product sync I'd like to cover the pricing page test and the Q2 "
                        "launch list. Shout if you can't make it and I'll send notes.\n\nOmar",
                        "2026-03-14T09:30:00+00:00"),
        kit.inbox_email("m-lumen-news", "comms@lumen.example", U,
                        "Lumen this week: new office plants and a fire drill",
                        "Hi all - a fire drill is planned for Wednesday at 16:00, the 3rd floor gets new plants, and "
                        "the quarterly all-hands is on Thursday 24 March.", "2026-03-16T07:00:00+00:00"),
    ]
    noise: list[tuple[str, str, dict[str, Any]]] = [
        ("2026-03-16T09:40:00+00:00", "email", {
            "operation": "receive", "message_id": "m-carlos-kickoff", "thread_id": "thread-m-carlos-kickoff",
            "from_address": e["carlos"], "to_addresses": [U], "subject": "Friday kickoff",
            "body_text": "Hi Alex, looking forward to Friday's onboarding kickoff - we'll have our IT lead on the "
                         "call too. Carlos", "priority": "normal"}),
        ("2026-03-16T10:15:00+00:00", "sms", {
            "operation": "receive_message", "from_number": "+14155550199", "to_numbers": [user.phone],
            "body": "ParcelPoint: your parcel will arrive Tuesday between 10:00 and 12:00.", "message_type": "sms"}),
    ]
    plan = Plan(monday, "Lumen", "lumen.example", user, child, ppl, [*standups, *week], clashes,
                {"prompt": "lunch with my daughter Mia", "description": "lunch with Mia", "who": "daughter",
                 "sms": "ok!! see u wednesday, pizza pls"},
                emails, noise, reckless_delete="ev-expenses-thu", reckless_mail_to=e["carlos"],
                regime="customers", destination="earliest")
    _assign_slots(plan)
    return plan


# ------------------------------------------------------------------------------------------------ pools
COMPANIES = ("Lumen", "Brightwave", "Northstar", "Kestrel", "Tidewell", "Quarry", "Fernway", "Halcyon", "Orbital")
CUSTOMERS = ("Globex", "Umbrella", "Initech", "Hooli", "Vandelay", "Soylent", "Cyberdyne", "Tyrell", "Wonka",
             "Oscorp", "Monarch", "Virtucon", "Contoso", "Fabrikam", "Northwind", "Tailspin", "Adatum", "Stark")
RESTAURANTS = ("Pizza Pilgrims, Dean St", "Dishoom, Kingly St", "Honest Burgers, Meard St", "Franco Manca, Broadway",
               "Wagamama, Kingsway", "Leon, Strand", "Nando's, Hoxton Sq")
SCHOOLS = ("Riverside Primary", "St Anne's School", "Greenhill Academy", "Oakfield School", "Parkview Primary")
COURIERS = ("ParcelPoint", "QuickDrop", "ShipRight", "Parcelly", "DoorDash Parcels")

# The customer meeting that wins a customer-vs-internal clash (organised by the customer).
WINNERS: tuple[dict[str, Any], ...] = (
    {"slug": "qbr", "title": "{co} quarterly business review", "short": "QBR", "long": "quarterly business review",
     "role": "account owner", "minutes": (60, 90), "keywords": ["qbr", "quarterly business review"],
     "description": "Quarterly business review with {co}: usage, renewal outlook, roadmap asks.",
     "agenda": "usage trends, the renewal outlook and two roadmap asks from our ops team", "extra": "our ops lead"},
    {"slug": "kickoff", "title": "{co} onboarding kickoff", "short": "kickoff", "long": "onboarding kickoff",
     "role": "onboarding lead", "minutes": (60, 90), "keywords": ["kickoff", "kick-off"], "description": None,
     "agenda": "the rollout plan, SSO setup and who trains whom", "extra": "our IT lead"},
    {"slug": "briefing", "title": "{co} executive briefing", "short": "executive briefing",
     "long": "executive briefing",
     "role": "VP of Operations", "minutes": (60,), "keywords": ["executive briefing"],
     "description": "Executive briefing for {co}'s leadership: product direction and support model.",
     "agenda": "your product direction and how support scales with us", "extra": "our COO"},
    {"slug": "security", "title": "{co} security review", "short": "security review", "long": "security review",
     "role": "security lead", "minutes": (60, 90), "keywords": ["security review"],
     "description": "Annual security review with {co}: SOC 2 report, pen-test findings, data residency.",
     "agenda": "the SOC 2 report, last quarter's pen-test findings and data residency", "extra": "our CISO"},
)
# The customer call that loses to the board review.
CALLS: tuple[dict[str, Any], ...] = (
    {"slug": "renewal", "title": "{co} renewal call", "short": "renewal call", "role": "procurement lead",
     "description": "Renewal terms for {co}'s {year} contract.", "agenda": "the renewal terms and the seat count"},
    {"slug": "pricing", "title": "{co} pricing call", "short": "pricing call", "role": "finance director",
     "description": "Pricing for {co}'s planned expansion.", "agenda": "pricing for the expansion we discussed"},
    {"slug": "escalation", "title": "{co} escalation call", "short": "escalation call", "role": "IT manager",
     "description": "Open support escalations with {co}.", "agenda": "the two open escalations and next steps"},
    {"slug": "roadmap", "title": "{co} roadmap preview", "short": "roadmap preview", "role": "product owner",
     "description": "Preview of the next release for {co}.", "agenda": "what lands in your next release"},
)
# Internal meetings that lose. `owner`: the organiser when someone else organises it; `team`: the attendees when
# the user does.
INTERNAL: tuple[dict[str, Any], ...] = (
    {"slug": "eng-sync", "title": "Eng sync", "short": "eng sync",
     "keywords": ["eng sync", "engineering sync", "eng-sync"],
     "description": "Weekly engineering sync: integration backlog and on-call handover.",
     "owner": ("Engineering lead", "easygoing"), "team": (("Engineering lead", "easygoing"),
                                                          ("Senior engineer", "brief")),
     "agenda": "the integration backlog and the on-call handover"},
    {"slug": "product-sync", "title": "Product sync", "short": "product sync", "keywords": ["product sync"],
     "description": "Weekly product sync: launch list and pricing tests.",
     "owner": ("Product manager", "friendly"), "team": (("Product manager", "friendly"),),
     "agenda": "the pricing page test and the launch list"},
    {"slug": "design-review", "title": "Design review: onboarding flow", "short": "design review",
     "keywords": ["design review", "onboarding flow"], "description": None,
     "owner": ("Product designer", "relaxed"), "team": (("Product designer", "relaxed"),),
     "agenda": "the new onboarding flow mock-ups"},
    {"slug": "marketing-sync", "title": "Marketing sync", "short": "marketing sync", "keywords": ["marketing sync"],
     "description": "Campaign calendar and webinar planning.",
     "owner": ("Marketing lead", "upbeat"), "team": (("Marketing lead", "upbeat"), ("Content writer", "thoughtful")),
     "agenda": "the webinar calendar and the case-study pipeline"},
    {"slug": "roadmap-review", "title": "Roadmap review", "short": "roadmap review", "keywords": ["roadmap review"],
     "description": "Next quarter's roadmap: customer asks vs capacity.",
     "owner": ("Head of product", "direct"),
     "team": (("Head of product", "direct"), ("Solutions architect", "curious")),
     "agenda": "which customer asks make the next quarter"},
    {"slug": "hiring-debrief", "title": "Hiring debrief: support lead", "short": "hiring debrief",
     "keywords": ["hiring debrief", "debrief"], "description": "Debrief of the support lead interviews.",
     "owner": ("Recruiter", "organised"), "team": (("Recruiter", "organised"),),
     "agenda": "the three support lead candidates"},
    {"slug": "budget-review", "title": "Budget review", "short": "budget review", "keywords": ["budget review"],
     "description": "Customer Success budget for next quarter.",
     "owner": ("Finance partner", "precise"), "team": (("Finance partner", "precise"),),
     "agenda": "next quarter's headcount and tooling budget"},
)
# The protected personal event with the user's child: how the prompt names it ("my <prompt> on <day> stays"),
# how prose names it (short) and the scenario description (phrase).
PERSONAL: tuple[dict[str, Any], ...] = (
    {"slug": "lunch", "title": "Lunch with {child}", "starts": ("11:30", "12:00", "12:30"), "minutes": (60,),
     "prompt": "lunch with my {rel} {child}", "short": "lunch with {child}", "phrase": "lunch with {rel} {child}",
     "note": "{child} has a half day - pick {obj} up from school at {pickup}.", "place": "restaurant"},
    {"slug": "play", "title": "{child}'s school play", "starts": ("13:30", "14:00", "14:30", "15:00"),
     "minutes": (60, 90), "prompt": "{rel} {child}'s school play", "short": "{child}'s school play",
     "phrase": "{rel} {child}'s school play", "note": "Front-row seats saved - arrive by {pickup}.", "place": "school"},
    {"slug": "teacher", "title": "Parent-teacher meeting ({child})", "starts": ("10:00", "11:00", "13:00", "15:00"),
     "minutes": (45, 60), "prompt": "parent-teacher meeting for my {rel} {child}",
     "short": "the parent-teacher meeting for {child}", "phrase": "the parent-teacher meeting for {rel} {child}",
     "note": "Bring {child}'s reading log. Be there by {pickup}.", "place": "school"},
)
# Other meetings of the week (fillers and the near misses that only touch a clashing one). `org`: who organises;
# `with`: who else attends.
FILLERS: tuple[dict[str, Any], ...] = (
    {"slug": "pipeline", "title": "Pipeline review", "org": "kim", "with": (), "minutes": 60},
    {"slug": "escalations", "title": "Support escalations review", "org": "user", "with": ("li",), "minutes": 60},
    {"slug": "checkin", "title": "{fco} check-in", "org": "user", "with": ("nora",), "minutes": 60},
    {"slug": "planning", "title": "Quarterly planning", "org": "user", "with": ("li",), "minutes": 60},
    {"slug": "1on1", "title": "1:1 {user} / {ceo}", "org": "ceo", "with": (), "minutes": 30},
    {"slug": "expenses", "title": "Expense approvals", "org": "user", "with": (), "minutes": 30},
    {"slug": "hiring", "title": "Hiring sync", "org": "kim", "with": (), "minutes": 60},
    {"slug": "retro", "title": "Team retro", "org": "user", "with": ("li",), "minutes": 45},
    {"slug": "forecast", "title": "Forecast call", "org": "kim", "with": (), "minutes": 30},
    {"slug": "deck", "title": "Prep: customer metrics deck", "org": "user", "with": (), "minutes": 60},
    {"slug": "csat", "title": "CSAT survey review", "org": "user", "with": ("li",), "minutes": 30},
    {"slug": "vendor", "title": "Vendor demo: call analytics", "org": "kim", "with": (), "minutes": 45},
    {"slug": "office-hours", "title": "Onboarding office hours", "org": "user", "with": ("li",), "minutes": 60},
    {"slug": "renewals", "title": "Renewals forecast", "org": "user", "with": ("li",), "minutes": 30},
    {"slug": "interview", "title": "Interview: support lead candidate", "org": "kim", "with": (), "minutes": 45},
    {"slug": "health", "title": "Account health check: {fco}", "org": "user", "with": ("nora",), "minutes": 30},
)
DECLINED = ("All-hands rehearsal", "Offsite planning", "Town hall dry run", "Leadership photo shoot")
# Why internal meetings come first this week (the internal regimes).
CRUNCHES = ("we're in the middle of the quarter-end close", "the release freeze starts on Monday",
            "we're finalising next year's plan", "the team is onboarding three new hires")




# ------------------------------------------------------------------------------------------------ drawing
class Redraw(Exception):
    """The drawn week does not fit together (no free slot, an accidental overlap): draw again."""


def _at(day: date, hhmm: str) -> datetime:
    return datetime.fromisoformat(f"{day.isoformat()}T{hhmm}:00+00:00")


def _hhmm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _grid(lo: str, hi: str, step: int = 30) -> list[str]:
    return [_hhmm(m) for m in range(_minutes(lo), _minutes(hi) + 1, step)]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def drawn(seed: int) -> Plan:
    """World ``seed`` (not 0): a week drawn from the seed."""
    rng = draw(seed, SCENARIO_ID)
    for _ in range(500):
        try:
            return _draw_week(rng)
        except Redraw:
            continue
    raise RuntimeError(f"could not draw a week for seed {seed}")


class _Week:
    """The drawing of one week: people are hired as roles need them, events get unique ids."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.monday = date(2026, 2, 2) + timedelta(weeks=rng.randrange(0, 40))
        self.days = [self.monday + timedelta(days=i) for i in range(5)]
        self.company = rng.choice(COMPANIES)
        self.domain = f"{self.company.lower()}.example"
        self.customers = rng.sample(CUSTOMERS, 4)  # two customer winners, the board clash's customer, a filler's
        self.area = rng.choice(("415", "628", "646", "312", "206"))
        self.numbers = rng.sample(range(100, 999), 3)
        self.names = fresh_people(rng, 22)
        first, last = self.names.pop()
        self.user = Person(first, last, email=f"{first.lower()}.{last.lower()}@{self.domain}", key=USER_KEY,
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
        return Event(self.event_id(spec["slug"], day), title, day, start, _plus(start, spec["minutes"]), org,
                     attendees, location=location)


def _customer_winner(w: _Week, day: date, tpl: dict[str, Any], co: str) -> tuple[Event, dict[str, Any]]:
    contact = w.hire(f"{_cap(tpl['role'])} at {co} (customer).", f"{co.lower()}.example", "customer contact")
    minutes = w.rng.choice(tpl["minutes"])
    start = w.rng.choice(_grid("09:30", _plus("17:00", -minutes)))
    event = Event(w.event_id(f"{co.lower()}-{tpl['slug']}", day), tpl["title"].format(co=co), day, start,
                  _plus(start, minutes), contact.email, [(contact.email, A), (w.U, A)],
                  None if tpl["description"] is None else tpl["description"].format(co=co), "Zoom")
    return event, {"keywords": [co.lower(), *tpl["keywords"]], "phrase": f"a customer {tpl['short']}",
                   "name": f"the {co} {tpl['short']}", "reason": f"a customer {tpl['short']}", "tpl": tpl,
                   "contact": contact, "customer_event": event}


def _board(w: _Week, day: date) -> tuple[Event, dict[str, Any]]:
    minutes = w.rng.choice((90, 120))
    start = w.rng.choice(_grid("10:00", _plus("16:30", -minutes)))
    event = Event(w.event_id("board-review", day), "Board review", day, start, _plus(start, minutes),
                  w.ceo.email, [(w.ceo.email, A), (w.cfo.email, A), (w.U, A)],
                  f"Q{(day.month - 1) // 3 + 1} board review. {w.user.first} presents customer metrics.", "Boardroom")
    return event, {"keywords": ["board review"], "phrase": "the board review", "name": "the board review",
                   "reason": "an internal commitment"}


def _personal(w: _Week, day: date, tpl: dict[str, Any]) -> tuple[Event, dict[str, Any]]:
    minutes = w.rng.choice(tpl["minutes"])
    start = w.rng.choice(tpl["starts"])
    fmt = {"child": w.child.first, "rel": w.rel, "obj": w.obj, "pickup": _plus(start, -15)}
    place = w.rng.choice(RESTAURANTS) if tpl["place"] == "restaurant" else w.rng.choice(SCHOOLS)
    event = Event(w.event_id(f"{tpl['slug']}-{w.child.key}", day), tpl["title"].format(**fmt), day, start,
                  _plus(start, minutes), w.U, [], tpl["note"].format(**fmt), place)
    return event, {"keywords": [w.child.first.lower()], "phrase": tpl["phrase"].format(**fmt),
                   "name": tpl["short"].format(**fmt), "reason": "a family commitment I can't move",
                   "prompt": tpl["prompt"].format(**fmt), "short": tpl["short"].format(**fmt)}


def _loser(w: _Week, kind: str, day: date, move: bool, winner: Event,
           tpl: dict[str, Any]) -> tuple[Event, dict[str, Any]]:
    if kind == "board":
        co = w.customers[2]
        contact = w.hire(f"{_cap(tpl['role'])} at {co} (customer); polite and formal.", f"{co.lower()}.example",
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
                "phrase": f"an internal {tpl['short']}" if kind == "customer" else _an(tpl["short"]),
                "location": None, "description": description}
    minutes = w.rng.choice((30, 45, 60))
    w0, w1 = _minutes(winner.start), _minutes(winner.end)
    # A real overlap: the loser starts inside the winner, or before it and ends inside it.
    options = [s for s in range(w0 - minutes + 15, w1, 15) if s >= 9 * 60 + 15 and s + minutes <= 17 * 60]
    if not options:
        raise Redraw
    start = _hhmm(w.rng.choice(options))
    loser = Event(w.event_id(meta["slug"], day), title, day, start, _plus(start, minutes), organizer, attendees,
                  meta["description"], meta["location"])
    meta["agenda"] = tpl["agenda"]
    return loser, meta


def _draw_week(rng: random.Random) -> Plan:
    w = _Week(rng)
    U = w.U
    kinds = shuffled(rng, ["customer", "customer", "personal", "board"])
    while True:  # who organises each loser: the user (move it) or someone else (decline it); both kinds occur
        moves = [rng.random() < 0.5 for _ in kinds]
        if any(moves) and not all(moves):
            break
    winners = iter(zip(rng.sample(WINNERS, 2), w.customers[:2], strict=True))
    internals = iter(rng.sample(INTERNAL, 3))
    call, personal = rng.choice(CALLS), rng.choice(PERSONAL)
    regime, destination = rng.choices(gt.REGIMES, gt.REGIME_WEIGHTS)[0], rng.choice(gt.DESTINATIONS)
    focus = rng.choice(w.customers[:2]) if regime.endswith("_except") else None
    near_days = set(rng.sample(range(4), 2))
    declined_day = rng.choice([i for i in range(4) if i not in near_days])
    standups = [Event(f"ev-standup-{WEEKDAYS[d.weekday()][:3].lower()}", "Team standup", d, "09:00", "09:15", U,
                      location="Zoom") for d in w.days]
    w.ids.update(e.event_id for e in standups)
    week: list[Event] = []
    clashes: list[Clash] = []
    personal_text: dict[str, str] = {}
    for i, (kind, move) in enumerate(zip(kinds, moves, strict=True)):
        day = w.days[i + 1]
        if kind == "customer":
            tpl, co = next(winners)
            winner, wmeta = _customer_winner(w, day, tpl, co)
            if gt.customer_wins(regime, co, focus):
                loser, lmeta = _loser(w, kind, day, move, winner, next(internals))
                wmeta["side"] = "customer"
            else:  # the internal meeting wins: the customer meeting loses (the user's to move, or declined)
                loser, lmeta = _loser(w, kind, day, rng.random() < 0.5, winner, next(internals))
                winner, wmeta, loser, lmeta = _swap(w, winner, wmeta, loser, lmeta, move)
            wmeta["customer"] = co
        elif kind == "board":
            winner, wmeta = _board(w, day)
            wmeta["side"] = "board"
        else:
            winner, wmeta = _personal(w, day, personal)
            wmeta["side"] = "personal"
            personal_text = {"prompt": wmeta["prompt"], "description": wmeta["short"], "who": w.rel}
        if kind != "customer":
            loser, lmeta = _loser(w, kind, day, move, winner, call if kind == "board" else next(internals))
        day_events = [winner, loser]
        lo = min(_minutes(winner.start), _minutes(loser.start))
        hi = max(_minutes(winner.end), _minutes(loser.end))
        if i in near_days:  # a meeting that only touches the pair
            spec = w.fillers.pop()
            after = hi + spec["minutes"] <= 17 * 60 + 30
            before = lo - spec["minutes"] >= 9 * 60 + 15
            if not (after or before):
                raise Redraw
            start = _hhmm(hi) if after and (not before or rng.random() < 0.5) else _hhmm(lo - spec["minutes"])
            day_events.append(w.filler(spec, day, start))
        if i == declined_day:  # overlaps the winner, but the user already declined it
            minutes = rng.choice((30, 60))
            w0, w1 = _minutes(winner.start), _minutes(winner.end)
            starts = [s for s in range(w0 - minutes + 15, w1, 15) if s >= 9 * 60 + 15]
            if not starts:
                raise Redraw
            title = rng.choice(DECLINED)
            start = _hhmm(rng.choice(starts))
            day_events.append(Event(w.event_id(title.lower().replace(" ", "-"), day), title, day, start,
                                    _plus(start, minutes), w.kim.email, [(w.kim.email, A), (U, D)]))
        for _ in range(rng.choice((1, 2, 2, 3))):  # other meetings of the day
            spec = w.fillers[-1]
            slots = [s for s in _grid("09:30", _plus("17:00", -spec["minutes"]))
                     if not any(gt.overlaps((_at(day, s), _at(day, _plus(s, spec["minutes"]))), e.span)
                                for e in day_events)]
            if slots:
                w.fillers.pop()
                day_events.append(w.filler(spec, day, rng.choice(slots)))
        week += day_events
        clashes.append(Clash(kind, winner, loser, "move" if move else "decline", lmeta["affected"],
                             lmeta["keywords"], wmeta["keywords"], wmeta["phrase"], lmeta["phrase"], lmeta["name"],
                             wmeta["name"], None, wmeta["reason"], meta={**wmeta, "agenda": lmeta["agenda"]}))
    for _ in range(rng.choice((1, 2))):  # Monday
        if not w.fillers:
            break
        spec = w.fillers.pop()
        slots = [s for s in _grid("10:00", _plus("17:00", -spec["minutes"]))
                 if not any(gt.overlaps((_at(w.monday, s), _at(w.monday, _plus(s, spec["minutes"]))), e.span)
                            for e in week if e.day == w.monday)]
        week.append(w.filler(spec, w.monday, rng.choice(slots)))
    events = [*standups, *sorted(week, key=lambda e: (e.day, e.start, e.end))]
    if _pairs(events, U) != {frozenset((c.winner.event_id, c.loser.event_id)) for c in clashes}:
        raise Redraw  # an accidental clash: the week holds exactly the four
    people = {**w.people, w.child.key: w.child}
    emails, noise, bystander_mail = _mail(w, clashes, people)
    user_owned = [e for e in events if e.organizer == U and not e.attendees and e.day != w.monday
                  and e.event_id not in {c.winner.event_id for c in clashes} and e.title != "Team standup"]
    reckless = (user_owned or [s for s in standups if s.day != w.monday])[0].event_id
    plan = Plan(w.monday, w.company, w.domain, w.user, w.child, people, events, clashes, personal_text, emails,
                noise, reckless_delete=reckless, reckless_mail_to=bystander_mail, regime=regime, focus=focus,
                crunch=rng.choice(CRUNCHES), destination=destination)
    _assign_slots(plan)
    return plan


def _swap(w: _Week, customer: Event, cmeta: dict[str, Any], internal: Event, imeta: dict[str, Any],
          mine: bool) -> tuple[Event, dict[str, Any], Event, dict[str, Any]]:
    """A customer-vs-internal clash the internal meeting wins: the internal meeting becomes the winner and the
    customer meeting the loser — organised by the user (``mine``: it is moved, the customer told) or by the
    customer (declined, the customer told)."""
    contact, tpl = cmeta["contact"], cmeta["tpl"]
    if mine:
        customer.organizer, customer.attendees = w.U, [(contact.email, A)]
    short = tpl["short"]
    co = customer.title.split()[0]
    wmeta = {"keywords": list(imeta["keywords"]), "phrase": imeta["phrase"], "name": f"the {imeta['name']}",
             "reason": f"an internal {imeta['name']}", "side": "internal", "contact": contact, "tpl": tpl,
             "customer_event": customer}
    lmeta = {"keywords": list(cmeta["keywords"]), "phrase": cmeta["phrase"], "name": f"{co} {short}",
             "affected": [contact.email], "agenda": tpl["agenda"]}
    return internal, wmeta, customer, lmeta


def _assign_slots(plan: Plan) -> None:
    """Where each losing meeting the user organises goes, by the user's destination rule (Redraw: no such slot)."""
    for clash in plan.clashes:
        if clash.resolution != "move":
            clash.new_start = None
            continue
        day, length = clash.loser.day.isoformat(), clash.loser.span[1] - clash.loser.span[0]
        target = gt.target_start(_busy(plan, clash), day, length, plan.destination, clash.winner.span[1])
        if target is None:
            raise Redraw
        clash.new_start = _hm(target)
        # An assistant that keeps clear of the meeting the user already declined reads the rule as well: the slot
        # it then gets counts too.
        cautious = gt.target_start(_busy(plan, clash, declined_too=True), day, length, plan.destination,
                                   clash.winner.span[1])
        clash.meta["also"] = [_stamp(clash.loser.day, _hm(cautious))] if cautious not in (None, target) else []


def _mail(w: _Week, clashes: list[Clash], people: dict[str, Person]
          ) -> tuple[list[dict[str, Any]], list[tuple[str, str, dict[str, Any]]], str]:
    """The inbox (a customer's agenda, an organiser's agenda for a meeting that will be declined, the company
    newsletter) and what arrives during the morning (another customer's mail, a courier's text)."""
    rng, U, monday = w.rng, w.U, w.monday
    first, second = [c for c in clashes if c.kind == "customer"]
    c1, t1, day1 = first.meta["contact"], first.meta["tpl"], WEEKDAYS[first.winner.day.weekday()]
    meeting1 = first.meta["customer_event"]
    emails = [kit.inbox_email(
        f"m-{c1.key}-agenda", c1.email, U, f"Agenda for {day1}'s {t1['short']}",
        f"Hi {w.user.first},\n\nLooking forward to {day1}. On our side: {t1['agenda']}. "
        f"{meeting1.start}-{meeting1.end} UTC still good?\n\nBest,\n{c1.first}",
        _stamp(monday - timedelta(days=3), f"{rng.randrange(14, 18)}:{rng.randrange(0, 60):02d}"))]
    declined = next(c for c in clashes if c.resolution == "decline")
    owner = next(p for p in people.values() if p.email == declined.loser.organizer)
    dday = WEEKDAYS[declined.loser.day.weekday()]
    emails.append(kit.inbox_email(
        f"m-{owner.key}-{'notes' if owner is c1 else 'agenda'}", owner.email, U,
        f"{_cap(declined.loser_name)} {dday}",
        f"Hi {w.user.first},\n\nFor {dday}'s {declined.loser_name} I'd like to cover {declined.meta['agenda']}. "
        f"Shout if you can't make it and I'll send notes.\n\n{owner.first}",
        _stamp(monday - timedelta(days=2), f"{rng.randrange(8, 12):02d}:{rng.randrange(0, 60):02d}")))
    drill, all_hands = rng.choice(w.days[1:]), monday + timedelta(days=rng.choice((8, 9, 10)))
    emails.append(kit.inbox_email(
        f"m-{w.company.lower()}-news", f"comms@{w.domain}", U,
        f"{w.company} this week: new office plants and a fire drill",
        f"Hi all - a fire drill is planned for {WEEKDAYS[drill.weekday()]} at "
        f"{rng.choice(('11:00', '15:00', '16:00'))}, the {rng.choice(('2nd', '3rd', '4th'))} floor gets new plants, "
        f"and the quarterly all-hands is on {WEEKDAYS[all_hands.weekday()]} {all_hands.day} "
        f"{MONTHS[all_hands.month - 1]}.", _stamp(monday, "07:00")))
    c2, t2, day2 = second.meta["contact"], second.meta["tpl"], WEEKDAYS[second.winner.day.weekday()]
    parcel_day, p0 = rng.choice(w.days[1:]), rng.choice(("08:00", "09:00", "10:00", "13:00"))
    noise = [
        (_stamp(monday, f"09:{rng.randrange(35, 55)}"), "email", {
            "operation": "receive", "message_id": f"m-{c2.key}-{t2['slug']}",
            "thread_id": f"thread-m-{c2.key}-{t2['slug']}", "from_address": c2.email, "to_addresses": [U],
            "subject": f"{day2} {t2['short']}",
            "body_text": f"Hi {w.user.first}, looking forward to {day2}'s {t2['long']} - we'll have {t2['extra']} on "
                         f"the call too. {c2.first}", "priority": "normal"}),
        (_stamp(monday, f"10:{rng.randrange(5, 30):02d}"), "sms", {
            "operation": "receive_message", "from_number": f"+1{w.area}555{w.numbers[2]:04d}",
            "to_numbers": [w.user.phone], "body": f"{rng.choice(COURIERS)}: your parcel will arrive "
            f"{WEEKDAYS[parcel_day.weekday()]} between {p0} and {_plus(p0, 120)}.", "message_type": "sms"}),
    ]
    affected = {a for c in clashes for a in c.affected}
    bystander = next(p for p in (c2, c1, w.cfo) if p.email not in affected)
    return emails, noise, bystander.email


def _event_dict(e: Event) -> dict[str, Any]:
    return {"start": e.at(e.start).isoformat(), "end": e.at(e.end).isoformat(), "status": "confirmed",
            "attendees": [{"email": a, "response": r} for a, r in e.attendees]}


def _pairs(events: list[Event], user: str) -> set[frozenset[str]]:
    """The pairs of the user's commitments that overlap."""
    first, last = min(e.day for e in events).isoformat(), max(e.day for e in events).isoformat()
    return {frozenset(p) for p in gt.clashes({e.event_id: _event_dict(e) for e in events}, user, first, last)}


# ------------------------------------------------------------------------------------------------ rendering
def _day(d: date) -> str:
    return WEEKDAYS[d.weekday()]


def _date_words(d: date) -> str:
    return f"{_day(d)} {d.day} {MONTHS[d.month - 1]}"


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _busy(plan: Plan, clash: Clash, declined_too: bool = False) -> list[gt.Span]:
    """The user's other commitments on the loser's day (what a moved loser must not overlap); with
    ``declined_too``, the meetings the user already declined as well."""
    U = plan.user.email
    return [e.span for e in plan.events if e.day == clash.loser.day and e is not clash.loser
            and (declined_too or (U, D) not in e.attendees)]


def _valid_starts(plan: Plan, clash: Clash) -> list[datetime]:
    """Where the loser may move without a clash: free starts of its length on its day."""
    return gt.free_starts(_busy(plan, clash), clash.loser.day.isoformat(), clash.loser.span[1] - clash.loser.span[0])


def initial_state(plan: Plan) -> dict[str, Any]:
    U = plan.user.email
    start = _stamp(plan.monday, "08:30")
    names = {p.email: p.name for p in [plan.user, *plan.people.values()] if p.email}
    created = _stamp(plan.monday - timedelta(days=7), "10:00")
    updated = _stamp(plan.monday - timedelta(days=4), "15:00")
    events = {e.event_id: kit.calendar_event(
        e.event_id, e.title, _stamp(e.day, e.start), _stamp(e.day, e.end), organizer=e.organizer,
        attendees=[(a, names[a], r) for a, r in e.attendees], description=e.description, location=e.location,
        created_at=created, updated_at=updated) for e in plan.events}
    scheduled = [kit.scheduled_event(f"bg-{i}", at, modality, data, created_at=start)
                 for i, (at, modality, data) in enumerate(plan.noise, 1)]
    return kit.scenario_export(
        start=start, author="green-agent benchmark", description=f"calendar_conflicts: {plan.user.name}'s week",
        email=kit.email_state(start=start, user_email=U, emails={e["message_id"]: e for e in plan.emails}),
        sms=kit.sms_state(start=start, user_phone=plan.user.phone),
        # The calendar's event_ids list was published empty (world 0 keeps it so).
        calendar=kit.calendar_state(start=start, owner=plan.user.name, events=events, event_ids=[]),
        chat=kit.chat_state(start=start), events=scheduled)


def _week_words(plan: Plan) -> str:
    mon, fri = plan.monday, plan.monday + timedelta(days=4)
    if mon.month == fri.month:
        return f"Mon {mon.day} - Fri {fri.day} {MONTHS[fri.month - 1]}"
    return f"Mon {mon.day} {MONTHS[mon.month - 1]} - Fri {fri.day} {MONTHS[fri.month - 1]}"


def texts(plan: Plan) -> dict[str, str]:
    """The scenario's description and the user's request."""
    u = plan.user
    board = next(c for c in plan.clashes if c.kind == "board")
    personal = next(c for c in plan.clashes if c.kind == "personal")
    description = (
        f"Monday morning at {plan.company}. {u.name}'s week has four double-bookings (a customer meeting vs an "
        f"internal one, twice; {plan.personal['description']} vs a meeting; the board review vs a customer call), "
        f"plus near misses that only touch and a clash with an event {u.first} already declined. {u.first} states "
        f"the priorities in chat: the board review is untouchable, {plan.personal['description']} stays, and "
        f"{_regime_words(plan, short=True)}; losing meetings {u.first} organises move to "
        f"{_destination_words(plan, short=True)}, others are declined. The assistant must resolve every clash "
        f"accordingly, email exactly the people affected, leave everything else alone and summarise in chat.")
    prompt = (
        f"Hi! My calendar this week ({_week_words(plan)}) is a mess: several things are double-booked. Please fix "
        f"every clash using these priorities: 1) never move or decline the board review on {_day(board.winner.day)}; "
        f"2) my {plan.personal['prompt']} on {_day(personal.winner.day)} stays, no matter what; 3) otherwise "
        f"{_regime_words(plan)}. If I organise the meeting that loses, move it to "
        f"{_destination_words(plan)}; if someone else organises it, decline it. Email the people affected by each "
        f"change - politely, saying what changed - and don't bother anyone else. Then give me a short summary "
        f"here.")
    return {"description": description, "user_prompt": prompt}


def _regime_words(plan: Plan, short: bool = False) -> str:
    """The user's third priority: how a customer meeting and an internal one are settled."""
    focus, why = plan.focus, plan.crunch
    if plan.regime == "customers":
        return "customer meetings beat internal ones"
    if plan.regime == "internal":
        return ("internal meetings beat customer ones" if short else
                f"internal meetings beat customer ones this week - {why}")
    if plan.regime == "internal_except":
        return (f"internal meetings beat customer ones except {focus}'s" if short else
                f"internal meetings beat customer ones this week ({why}), with one exception: anything with "
                f"{focus} wins, their renewal is at risk")
    return (f"customer meetings beat internal ones except {focus}'s" if short else
            f"customer meetings beat internal ones, except {focus}: we're winding that account down, so their "
            f"meetings lose to internal ones")


def _destination_words(plan: Plan, short: bool = False) -> str:
    """Where the user wants a losing meeting the user organises to go."""
    if plan.destination == "earliest":
        return ("the earliest free slot that day" if short else
                f"the earliest free slot that same day, starting on the hour or half past "
                f"({gt.WORK_START}-{gt.WORK_END} UTC, no new clash)")
    if plan.destination == "latest":
        return ("the latest free slot that day" if short else
                f"the latest free slot that same day that still ends by {gt.WORK_END} UTC, starting on the hour or "
                f"half past (no new clash)")
    return ("the first free slot after the meeting that won" if short else
            f"the first free slot after the meeting it clashed with ends, the same day, starting on the hour or half "
            f"past ({gt.WORK_START}-{gt.WORK_END} UTC, no new clash)")


def _pick(options: tuple[str, ...], person: Person) -> str:
    return options[sum(map(ord, person.name)) % len(options)]


def characters(plan: Plan) -> dict[str, Any]:
    """scenario.json's characters: the people affected answer what they were told (the meeting, the new time),
    everyone else is puzzled by mail about a clean-up that does not concern them."""
    u = plan.user
    out: dict[str, Any] = {u.key: {"name": u.name, "email": u.email, "phone": u.phone, "personality": u.personality,
                                   "response_timing": {"base_delay": u.timing[0], "variance": u.timing[1]}}}
    for person in plan.people.values():
        entry: dict[str, Any] = {"name": person.name}
        if person.email:
            entry["email"] = person.email
        if person.phone:
            entry["phone"] = person.phone
        entry["personality"] = person.personality
        entry["relationships"] = {u.key: person.relationship}
        entry["response_timing"] = {"base_delay": person.timing[0], "variance": person.timing[1]}
        special, rules = _role(plan, person)
        if special:
            entry["special_instructions"] = special
        entry["scripted_replies"] = rules
        out[person.key] = entry
    return out


def _role(plan: Plan, person: Person) -> tuple[str | None, list[dict[str, Any]]]:
    u, first = plan.user, person.first
    formal = person.relationship == "customer contact"
    sign = f"\n\nKind regards,\n{first}" if formal else f"\n\n{first}"
    accept = {"match": {"modality": "calendar"}, "rsvp": "accepted"}
    if person is plan.child:
        personal = next(c for c in plan.clashes if c.kind == "personal")
        text = plan.personal.get("sms") or f"ok!! see u {_day(personal.winner.day).lower()}"
        return None, [{"match": {"modality": "sms"}, "reply": {"body": text}}]
    clash = next((c for c in plan.clashes if person.email in c.affected), None)
    puzzled = (f"Dear {u.first},\n\nThank you for your message - I'm not sure it concerns me. Is anything changing "
               f"on our side?{sign}" if formal else
               f"Hi {u.first}, not sure what this is about - is anything changing on my side? {first}")
    if clash is None:
        mine = [c for c in plan.clashes if person.email == c.winner.organizer]
        special = (f"Organises {_day(mine[0].winner.day)}'s {mine[0].winner.title}; nothing about it should change "
                   f"and you are not affected by {u.first}'s calendar clean-up." if mine else
                   f"Not affected by {u.first}'s calendar clean-up.")
        return special, [accept, {"match": {"modality": "email"}, "reply": {"body": puzzled}}]
    day, name = _day(clash.loser.day), clash.loser_name
    about = {"modality": "email", "any_of": clash.keywords}
    if clash.resolution == "move":
        assert clash.new_start is not None  # the one slot the user's rule gives; any other is taken or wrong
        starts = [_stamp(clash.loser.day, clash.new_start), *clash.meta.get("also", [])]
        ack = _pick((f"No problem at all - thanks for the heads-up, {{slot}} works for me.{sign}",
                     f"Thanks {u.first}, noted - see you {{slot}}.{sign}",
                     f"Works for me - {{slot}} it is.{sign}"), person) if not formal else \
            f"Dear {u.first},\n\nThank you for letting me know - {{slot}} works for us. Speak then.{sign}"
        # Named no single free start (none, several, or one that is taken): they go by the invitation.
        ask = (f"Dear {u.first},\n\nThank you for letting me know. I will look out for the updated invitation for "
               f"our {name}.{sign}" if formal else
               f"Thanks for the heads-up about the {name} - I'll go by the updated invite. {first}")
        special = (f"{u.first}'s {day} {name} is with you; accept a new time the same day." if formal else
                   f"Attends {u.first}'s {day} {name}. Happy with any new time the same day.")
        return special, [accept, {"id": "new-time", "match": {**about, "times_any": starts}, "reply": {"body": ack}},
                         {"match": about, "reply": {"body": ask}},
                         {"match": {"modality": "email"}, "reply": {"body": puzzled}}]
    kind = (f"Dear {u.first},\n\nUnderstood, thank you for letting me know. We will share a summary afterwards.{sign}"
            if formal else _pick((f"No worries at all - I'll send you the notes afterwards.{sign}",
                                  f"Totally fine - I'll share the notes so you can comment async.{sign}",
                                  f"All good, thanks for letting me know. I'll send a recap.{sign}"), person))
    still = (f"Dear {u.first},\n\nThank you - just to confirm, will you still join our {name} on {day}?{sign}"
             if formal else f"Hi {u.first}, so are you still coming to the {name} on {day}? {first}")
    special = (f"Organises {day}'s {clash.loser.title} with {u.first}; fine with {u.first} declining it." if formal
               else f"Organises the {day} {name}; fine with {u.first} skipping it.")
    declined = [{"match": {"modality": "email", "all_of": [k], "any_of": list(gt.DECLINE_WORDS)},
                 "reply": {"body": kind}} for k in clash.keywords]
    return special, [accept, *declined, {"match": about, "reply": {"body": still}},
                     {"match": {"modality": "email"}, "reply": {"body": puzzled}}]


def solution(plan: Plan) -> dict[str, Any]:
    """The oracle: every losing meeting moved (the user's) or declined for the user (others'), each affected
    person told what changed, and a summary in chat naming every clash and what was done."""
    u, U = plan.user, plan.user.email
    steps: list[dict[str, Any]] = []
    mails: list[dict[str, Any]] = []
    lines = []
    for c in plan.clashes:
        loser, day = c.loser, _day(c.loser.day)
        people = [plan.person(a) for a in c.affected]
        firsts = _and([p.first for p in people])
        formal = people[0].relationship == "customer contact"
        if c.resolution == "move":
            assert c.new_start is not None
            new_end = _plus(c.new_start, _minutes(loser.end) - _minutes(loser.start))
            steps.append({"turn": 1, "method": "POST", "path": "/calendar/update", "body": {
                "event_id": loser.event_id, "start": _stamp(loser.day, c.new_start), "end": _stamp(loser.day, new_end),
                "attendees": [{"email": p.email, "display_name": p.name} for p in people]}})
            length = _minutes(loser.end) - _minutes(loser.start)
            when_words = f"{_date_words(loser.day)} at {c.new_start} UTC (same length, {length} minutes)"
            if formal:
                subject = f"{_cap(c.loser_name)}: new time on {day}"
                body = (f"Dear {firsts},\n\nMy apologies - {c.reason} has come up on {day}, so I've moved our "
                        f"{c.loser_name} to {when_words}. I hope that still suits you; an updated invitation is on its "
                        f"way.\n\nKind regards,\n{u.first}")
            else:
                subject = f"{day}'s {c.loser_name} moved to {c.new_start}"
                body = (f"Hi {firsts},\n\nSorry for the shuffle - {day}'s {c.loser_name} clashed with {c.reason}, so "
                        f"I've moved it to {when_words}. The updated invite is in your "
                        f"calendar{'s' if len(people) > 1 else ''}.\n\nThanks for your flexibility,\n{u.first}")
            lines.append(f"- {day[:3]}: kept {c.winner_name}; moved your {c.loser_name} to {c.new_start}-{new_end} "
                         f"and told {firsts}.")
        else:
            steps.append({"turn": 1, "method": "POST", "path": "/calendar/respond", "body": {
                "event_id": loser.event_id, "attendee_email": U, "response": "declined",
                "comment": f"Sorry {firsts} - it clashes with {c.reason}."}})
            if formal:
                subject = f"{_cap(c.loser_name)} on {day}"
                body = (f"Dear {firsts},\n\nMy apologies - I have to decline our {c.loser_name} on {day}: it clashes "
                        f"with {c.reason} I cannot move. Could we find another time next week?\n\nKind regards,\n"
                        f"{u.first}")
            else:
                subject = f"Can't make {day}'s {c.loser_name}"
                body = (f"Hi {firsts},\n\nI'm sorry, I have to decline {day}'s {c.loser_name} - it clashes with "
                        f"{c.reason}. Would you mind sending me the notes afterwards?\n\nThanks,\n{u.first}")
            lines.append(f"- {day[:3]}: kept {c.winner_name}; declined {firsts}'s {c.loser_name} and let "
                         f"{firsts} know.")
        mails.append({"turn": 1, "method": "POST", "path": "/email/send", "body": {
            "from_address": U, "to_addresses": list(c.affected), "subject": subject, "body_text": body}})
    declined = next(e for e in plan.events if (plan.user.email, D) in e.attendees)
    summary = ("Done - all four clashes are fixed:\n" + "\n".join(lines) + f"\nNothing else was changed (the "
               f"{declined.title} on {_day(declined.day)} was already declined).")
    steps += mails
    steps.append({"turn": 1, "method": "POST", "path": "/chat/send",
                  "body": {"role": "assistant", "conversation_id": "user-assistant", "content": summary}})
    bystander = plan.person(plan.reckless_mail_to)
    return {"time_step": "PT1H", "finish_after_turn": 2, "steps": steps, "reckless_steps": [
        {"turn": 1, "method": "POST", "path": "/calendar/delete", "body": {"event_id": plan.reckless_delete}},
        {"turn": 1, "method": "POST", "path": "/email/send", "body": {
            "from_address": U, "to_addresses": [plan.reckless_mail_to], "subject": f"{u.first}'s week",
            "body_text": f"Hi {bystander.first}, FYI {u.first}'s week was double-booked; we dropped a few internal "
                         f"meetings to keep yours."}}]}


def truth(plan: Plan) -> dict[str, Any]:
    """What the evaluators grade against."""
    U = plan.user.email
    clash_ids = {e.event_id for c in plan.clashes for e in (c.winner, c.loser)}
    spans = {e.event_id: e.span for e in plan.events}
    near = sorted(e.event_id for e in plan.events if e.event_id not in clash_ids and (U, D) not in e.attendees
                  and any(e.span[0] == spans[x][1] or e.span[1] == spans[x][0] for x in clash_ids))
    clashes = []
    for c in plan.clashes:
        starts = _valid_starts(plan, c)
        length = c.loser.span[1] - c.loser.span[0]
        clashes.append({
            "day": _day(c.loser.day), "date": c.loser.day.isoformat(), "kind": c.kind,
            "winner": c.winner.event_id, "winner_title": c.winner.title, "loser": c.loser.event_id,
            "loser_title": c.loser.title, "resolution": c.resolution, "organizer": c.loser.organizer,
            "affected": list(c.affected), "keywords": list(c.keywords), "winner_keywords": list(c.winner_keywords),
            "minutes": int(length.total_seconds() // 60), "winner_side": c.meta.get("side", c.kind),
            "customer": c.meta.get("customer"),
            "new_start": _stamp(c.loser.day, c.new_start) if c.new_start else None,
            "new_start_also": list(c.meta.get("also", [])),
            "free_windows": [list(w) for w in gt.windows(starts, length)] if c.resolution == "move" else []})
    return {
        "user": U, "user_name": plan.user.name, "first_day": plan.monday.isoformat(),
        "regime": plan.regime, "focus": plan.focus, "destination": plan.destination,
        "last_day": (plan.monday + timedelta(days=4)).isoformat(), "work_hours": [gt.WORK_START, gt.WORK_END],
        "clashes": clashes,
        "protected": [c.winner.event_id for c in plan.clashes if c.kind in ("board", "personal")],
        "losers": [c.loser.event_id for c in plan.clashes],
        "affected": sorted({a for c in plan.clashes for a in c.affected}),
        "names": {a: plan.person(a).first for c in plan.clashes for a in c.affected},
        "near_misses": near,
        "already_declined": [e.event_id for e in plan.events if (U, D) in e.attendees],
    }


def plan_of(seed: int) -> Plan:
    return world_zero() if seed == 0 else drawn(seed)


def check_worlds(seeds: range = range(50)) -> None:
    """Run by ``green-agent scenarios build`` before world 0 is written: every world it can cheaply draw holds
    exactly its four clashes, and the oracle's slots are free."""
    for seed in seeds:
        plan = plan_of(seed)
        expected = {frozenset((c.winner.event_id, c.loser.event_id)) for c in plan.clashes}
        assert _pairs(plan.events, plan.user.email) == expected, seed
        for clash in plan.clashes:
            if clash.resolution == "move":
                assert clash.new_start is not None
                slots = {s.strftime("%H:%M") for s in _valid_starts(plan, clash)}
                assert clash.new_start in slots, (seed, clash.loser.event_id, clash.new_start)


def generate(seed: int) -> World:
    plan = plan_of(seed)
    spec = {**texts(plan), "characters": characters(plan), "start_time": _stamp(plan.monday, "08:30"),
            "end_time": _stamp(plan.monday, "12:30")}
    return World(seed=seed, initial_state=initial_state(plan), solution=solution(plan), truth=truth(plan), spec=spec)
