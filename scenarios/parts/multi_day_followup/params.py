"""What varies between the worlds of multi_day_followup: ``Params``, drawn from the part's own stream.

The trial runs from a late Monday afternoon to Wednesday afternoon (48 hours: a dozen turns of at most four hours).
On Monday the user has the assistant promise two deliveries for Wednesday; the material for both arrives on Tuesday;
on Wednesday the assistant must deliver at the promised times, remind the user of a call and sum up.

``WORLD_0`` is the published world 0, written by hand (Nadia Brennan of Brightline Studio; Sam Whitfield of
Harborview Logistics is promised the countersigned MSA-2291 by Wednesday 10:00, Priya Nair the vendor cost figures by
Wednesday 12:00, the bank call reminder at Wednesday 09:00). Every other seed draws, from the part's own stream, the
people and companies, the Monday, the hour the trial starts (and with it the reminder time), the promised times, when
every message arrives, the figures (and which of them change between finance's draft and the final numbers), the
signed-contract link, the bank's details and the distractors' requests.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from green_agent.scenario_kit.world import Person, fresh_people

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
HORIZON = timedelta(hours=48)  # start .. end
# The reminder falls this long after the start (world 0: 40 hours; a drawn world 37 to 40, so no fixed step or offset
# from the start finds it): ten of the oracle's steps (a tenth of it, at most four hours), so an assistant stepping at
# most four hours a turn reaches it by its 11th turn and has slack over a 12-turn budget.
REMINDER_HOURS = (37, 38, 39, 40)
REMINDER_TURN = 11  # the oracle's turn at the reminder's moment
REMINDER_GRACE = timedelta(hours=1)  # a reminder counts from its time until an hour after it

MONDAYS = (date(2026, 4, 13), date(2026, 4, 20), date(2026, 5, 4), date(2026, 5, 11), date(2026, 6, 1),
           date(2026, 6, 8))
CATEGORIES = ("Printing", "Cloud hosting", "Freelance design", "Photography", "Event venue", "Software licences",
              "Courier services", "Stock imagery")
COMPANIES = ("Brightline Studio", "Northpeak Creative", "Tidewater Design", "Lumen & Co", "Foxglove Agency",
             "Sparrow Works")
CLIENTS = ("Harborview Logistics", "Kestrel Foods", "Alder Health", "Copperfield Hotels", "Meridian Rail",
           "Bluewater Outdoor")
BANKS = ("Harbor Federal Bank", "Granite Trust Bank", "Riverside Savings", "Summit Mutual Bank")
VENDORS = ("Lumen Print", "Inkwell Press", "Paperhouse Print", "Crisp Print Co")
DECKS = ("the client pitch deck", "the spring campaign deck", "the brand refresh slides", "the case-study deck")
DIGEST = "digest@designweekly.example"
# Legal's second Tuesday email (drawn worlds): the client's link is the second one ("replaced": the first withdrawn;
# "scrubbed": the first still carried the firm's internal notes) or the first ("internal": the second is the firm's own
# markup; "other": the second is another client's contract). Either position, and the internal words on either side.
LEGAL_SHAPES = ("replaced", "internal", "other", "scrubbed")
# Version 7: Legal's two re-issues are about (the other contract twice), (the client's, then the other) or (the other,
# then the client's): the client's link is then the first one, the first re-issue's or the second's, a third each.
REISSUES = (("B", "B"), ("A", "B"), ("B", "A"))
LEGAL_CASES = ("kept", "early", "late")
# The bank's email: the adviser handles the application, or is away and a colleague covers (whose number it is then).
BANK_SHAPES = ("adviser", "cover")
# Finance's figures: the final table stands, or a later short email corrects one line of it (and so the total).
FIGURE_SHAPES = ("final", "corrected")
# The user's request asks for the bank reminder at a clock time, or a stated time before the rate lock runs out (the
# bank's email says when); its three tasks come in a drawn order, each worded through the phrasebook.
REMIND_SHAPES = ("at", "before")
OTHER_CLIENTS = ("Oakridge Dental", "Pillar Insurance", "Saltmarsh Brewing", "Quayside Books", "Larkspur Hotels")


def domain(name: str) -> str:
    """"Brightline Studio" -> "brightline.example" (a company's mail domain: its first word)."""
    return "".join(ch for ch in name.split()[0].lower() if ch.isalnum()) + ".example"


def flat(name: str) -> str:
    """"Lumen Print" -> "lumenprint.example" (a vendor's or bank's domain: its whole name)."""
    return "".join(ch for ch in name.lower() if ch.isalnum()) + ".example"


def money(amount: int) -> str:
    """"$12,480"."""
    return f"${amount:,}"


@dataclass(frozen=True)
class Params:
    """One world's draw; the people carry their addresses (``Person.email``)."""

    monday: date
    start_hour: int  # the trial starts at this hour on Monday; the reminder reminder_hours later, on Wednesday
    user: Person
    sam: Person  # the client asking for the signed contract
    priya: Person  # the colleague asking for the vendor cost figures
    olu: Person  # finance: the draft figures (Monday) and the final ones (Tuesday)
    grace: Person  # legal: the countersigned contract (Tuesday)
    dev: Person  # a colleague asking for a deck (distractor)
    marta: Person  # a print vendor asking for a confirmation (distractor)
    adviser: Person  # at the bank (named in the bank's email only)
    company: str
    client: str
    bank: str
    vendor: str
    deck: str
    bank_phone: str  # "+1 555-014-2291"
    bank_reference: str  # "RL-48213"
    contract_ref: str  # the contract's number, "MSA-2291" (Sam's email and Legal's)
    contract_code: str  # the token of the countersigned copy's link: only in Legal's Tuesday email
    contract_promise_after: int  # hours after the reminder: Sam was promised the contract by then (Wednesday)
    figures_promise_after: int  # hours after the reminder: Priya was promised the figures by then (Wednesday)
    sam_asked: tuple[int, int]  # (day offset, hour) Sam asked to have it by (never the promised moment)
    priya_asked: tuple[int, int]  # (day offset, hour) Priya asked to have them by
    dev_asked: int  # the hour on Tuesday Dev asks for the deck by
    marta_asked: int  # the hour on Tuesday the vendor wants a confirmation by
    dev_minutes: int  # minutes after the start Dev's request arrives
    priya_minutes: int  # minutes after the start Priya's request arrives
    legal_at: tuple[int, int]  # Tuesday (hour, minute) Legal's countersigned copy arrives
    olu_final_at: tuple[int, int]  # Tuesday (hour, minute) Olu's final figures arrive
    dev_nudge_at: tuple[int, int]  # Tuesday (hour, minute) Dev chases the deck
    categories: tuple[str, ...]  # four cost lines
    draft: tuple[int, ...]  # Olu's draft amount per category (dollars)
    final: tuple[int, ...]  # Olu's final amount per category (two of them differ from the draft)
    # Legal's Tuesday mail (issue 34): world 0 sends one link; a drawn world sends two, and which is the client's
    # reads from the words: the first copy withdrawn and "replaced" by a second, or the signed copy followed by an
    # "internal" markup. The bank's email lists the adviser's direct line beside its general line and fax, in a
    # drawn order (world 0: the adviser's alone).
    legal_shape: str = "single"
    decoy_code: str = ""  # the other link's token: never the client's
    legal_second_after: int = 0  # minutes after Legal's first email the second arrives (Tuesday)
    general_phone: str = ""
    fax_phone: str = ""
    bank_order: tuple[str, ...] = ("adviser",)
    # Issue 34, second pass (version 3): drawn worlds only; world 0 keeps the defaults (its published words).
    bank_shape: str = "adviser"
    cover: Person | None = None  # who covers for the adviser ("cover" shape)
    cover_phone: str = ""
    figures_shape: str = "final"
    fix_index: int = 0  # the line finance corrects ("corrected" shape)
    fix_amount: int = 0
    fix_after: int = 0  # minutes after the final figures the correction arrives
    remind_shape: str = "at"
    lock_gap: int = 0  # hours between the reminder and the rate lock's end (stated in the bank's email)
    reminder_hours: int = 40  # the reminder is this many hours after the start
    order: tuple[int, ...] = (0, 1, 2)  # the order of the request's three tasks (contract, figures, reminder)
    formats: tuple[int, ...] = (0, 0, 0)  # how the request writes each of its three times
    other_client: str = ""  # "other" shape: the client of Legal's second contract
    other_ref: str = ""
    # Issue 34, session 22 (version 6): drawn worlds only.
    # Finance writes twice after the final table, each time on a different line: a fix ("corrected") or a query it turns
    # down ("final"); the figures to send apply both fixes, so a rule reading one of the two emails is half right.
    figures_shape2: str = "final"
    fix2_index: int = 0
    fix2_amount: int = 0
    fix2_after: int = 0  # minutes after finance's first later email the second arrives
    # The bank's email lists its mortgage team this week: three advisers, each away with a colleague covering ("cover")
    # or back with the colleague's cover over ("covered"), the user's adviser on line ``roster_at``; the other two
    # lines name other advisers ((adviser, colleague, colleague's number, kind) each).
    roster_at: int = 0
    roster: tuple[tuple[Person, Person, str, str], ...] = ()
    # Issue 34, session 22 (version 7): drawn worlds only. Legal's first Tuesday email carries two countersigned
    # contracts, the client's (``first_code``) and another client's (``other_client``/``other_ref``, its contact
    # ``other_who``, its link ``other_code``), the client's first when ``pair_first``. Three later emails follow, each
    # (kind, about "A" the client's contract or "B" the other, link token, minutes after the first): two re-issue a
    # contract ("replaced"/"scrubbed"), one sends a copy for nobody ("internal"/"other", or their "_latest" forms, about
    # either contract; "other" names a third contract ``third_client``/``third_ref``). The client's link is the last
    # re-issue of their contract, else the first one: which contract each re-issue is about is read from its reference
    # or contact, never from its kind or place.
    pair_first: bool = True
    other_who: Person | None = None
    other_code: str = ""
    first_code: str = ""
    third_client: str = ""
    third_ref: str = ""
    follow: tuple[tuple[str, str, str, int], ...] = ()

    @property
    def start(self) -> datetime:
        return datetime.combine(self.monday, time(self.start_hour), tzinfo=UTC)

    @property
    def end(self) -> datetime:
        return self.start + HORIZON

    def day(self, offset: int, hour: int, minute: int = 0) -> datetime:
        """``hour``:``minute`` on the day ``offset`` days after the Monday."""
        return datetime.combine(self.monday + timedelta(days=offset), time(hour, minute), tzinfo=UTC)

    @property
    def reminder(self) -> datetime:
        return self.start + timedelta(hours=self.reminder_hours)

    @property
    def oracle_step(self) -> str:
        """The oracle's step: a tenth of the way to the reminder ("PT4H", "PT3H54M", ...)."""
        minutes = self.reminder_hours * 6
        return f"PT{minutes // 60}H" + (f"{minutes % 60}M" if minutes % 60 else "")

    @property
    def contract_promise(self) -> datetime:
        return self.reminder + timedelta(hours=self.contract_promise_after)

    @property
    def figures_promise(self) -> datetime:
        return self.reminder + timedelta(hours=self.figures_promise_after)

    @property
    def sam_request(self) -> datetime:
        """When Sam's request reached the inbox (Monday afternoon, before the start)."""
        return self.day(0, 14, 5)

    @property
    def priya_request(self) -> datetime:
        return self.start + timedelta(minutes=self.priya_minutes)

    @property
    def draft_total(self) -> int:
        return sum(self.draft)

    @property
    def final_total(self) -> int:
        return sum(self.final)

    @property
    def changed(self) -> list[int]:
        """Indexes of the categories whose final amount differs from the draft."""
        return [i for i, (a, b) in enumerate(zip(self.draft, self.final, strict=True)) if a != b]

    @property
    def after_first_fix(self) -> tuple[int, ...]:
        """The final table with finance's first later email applied (its own line, when it is a fix)."""
        if self.figures_shape != "corrected":
            return self.final
        return tuple(self.fix_amount if i == self.fix_index else a for i, a in enumerate(self.final))

    @property
    def delivered(self) -> tuple[int, ...]:
        """The amounts the colleague must get: the final table, with each of finance's later fixes applied."""
        first = self.after_first_fix
        if self.figures_shape2 != "corrected":
            return first
        return tuple(self.fix2_amount if i == self.fix2_index else a for i, a in enumerate(first))

    @property
    def delivered_total(self) -> int:
        return sum(self.delivered)

    @property
    def stale(self) -> tuple[int, ...]:
        """Every amount finance's later emails name that is not to be sent: a fixed line's old amount and the total
        before it, or a turned-down amount and the total it would have made (drawn worlds)."""
        if not self.general_phone:
            return ()
        out, table = [], list(self.final)
        for shape, i, new in ((self.figures_shape, self.fix_index, self.fix_amount),
                              (self.figures_shape2, self.fix2_index, self.fix2_amount)):
            moved = [new if j == i else a for j, a in enumerate(table)]
            out += [table[i], sum(table)] if shape == "corrected" else [new, sum(moved)]
            table = moved if shape == "corrected" else table
        return tuple(dict.fromkeys(x for x in out if x != self.delivered_total))

    @property
    def lock_end(self) -> datetime:
        return self.reminder + timedelta(hours=self.lock_gap)

    @property
    def call_phone(self) -> str:
        """The number to give the user: the adviser's, or their cover's."""
        return self.cover_phone if self.bank_shape == "cover" else self.bank_phone

    @property
    def contract_link(self) -> str:
        return f"https://sign.{domain(self.company)}/c/{self.contract_code}"

    @property
    def decoy_link(self) -> str:
        return f"https://sign.{domain(self.company)}/c/{self.decoy_code}"

    def link(self, code: str) -> str:
        return f"https://sign.{domain(self.company)}/c/{code}"

    @property
    def legal_codes(self) -> tuple[str, ...]:
        """Every link token Legal's Tuesday mail carries (drawn worlds): the two contracts' and the three later ones."""
        return (self.first_code, self.other_code, *(f[2] for f in self.follow)) if self.follow else ()


def _code(rng: random.Random, length: int) -> str:
    """Letters and digits, at least one of each, no look-alikes (0/O, 1/I/L)."""
    letters, digits = "ABCDEFGHJKMNPQRSTUVWXYZ", "23456789"
    while True:
        code = "".join(rng.choice(letters + digits) for _ in range(length))
        if any(c in letters for c in code) and any(c in digits for c in code):
            return code


def _figures(rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(draft, final): four amounts of $1,000..$25,000 (multiples of $5), two of which change by 3-15 %; every
    amount and both totals distinct, so each names one thing."""
    while True:
        draft = tuple(rng.randrange(1000, 25000, 5) for _ in range(4))
        final = list(draft)
        for i in rng.sample(range(4), 2):
            final[i] = draft[i] + rng.choice((-1, 1)) * max(5, round(draft[i] * rng.uniform(0.03, 0.15) / 5) * 5)
        values = [*draft, *(final[i] for i in range(4) if final[i] != draft[i]), sum(draft), sum(final)]
        if len(set(values)) == len(values) == 8:
            return draft, tuple(final)


def _people(names: list[tuple[str, str]], company: str, client: str, vendor: str) -> list[Person]:
    """The user, Sam, Priya, Olu, Grace, Dev, Marta and the bank's adviser, from their (first, last) names in that
    order, each with the address of where they work (the adviser is reached by phone only)."""
    home = domain(company)
    where = (home, domain(client), home, home, home, home, flat(vendor), "")
    return [Person(first, last, email=f"{first}.{last}@{at}".lower() if at else "")
            for (first, last), at in zip(names, where, strict=True)]


def _user(person: Person, phone: str) -> Person:
    """The user's character: the person with a phone, keyed "user"."""
    return Person(person.first, person.last, email=person.email, phone=phone, key="user")


def _world_0() -> Params:
    """The published world 0, as written by hand before the scenario was a part (its old ``ground_truth.WORLD_0``)."""
    company, client, vendor = "Brightline Studio", "Harborview Logistics", "Lumen Print"
    user, sam, priya, olu, grace, dev, marta, adviser = _people(
        [("Nadia", "Brennan"), ("Sam", "Whitfield"), ("Priya", "Nair"), ("Olu", "Adebayo"), ("Grace", "Lindqvist"),
         ("Dev", "Kapoor"), ("Marta", "Sousa"), ("Kofi", "Mensah")], company, client, vendor)
    return Params(
        monday=date(2026, 4, 13), start_hour=17,
        user=_user(user, "+15550104477"), sam=sam, priya=priya, olu=olu, grace=grace, dev=dev, marta=marta,
        adviser=adviser, company=company, client=client, bank="Harbor Federal Bank", vendor=vendor,
        deck="the client pitch deck", bank_phone="+1 555-014-2291", bank_reference="RL-48213",
        contract_ref="MSA-2291", contract_code="7QK2WX", contract_promise_after=1, figures_promise_after=3,
        sam_asked=(1, 12), priya_asked=(1, 17), dev_asked=15, marta_asked=12, dev_minutes=35, priya_minutes=80,
        legal_at=(11, 20), olu_final_at=(15, 40), dev_nudge_at=(10, 5),
        categories=("Printing", "Cloud hosting", "Freelance design", "Photography"),
        draft=(12480, 3920, 18600, 6250), final=(12480, 4310, 18600, 5875),
    )


WORLD_0 = _world_0()


def draw_params(rng: random.Random, seed: int) -> Params:
    """The parameters of world ``seed``: ``WORLD_0`` for seed 0 (the published world), else drawn from ``rng`` (the
    part's stream of that world)."""
    if seed == 0:
        return WORLD_0
    company, client, vendor = rng.choice(COMPANIES), rng.choice(CLIENTS), rng.choice(VENDORS)
    user, sam, priya, olu, grace, dev, marta, adviser = _people(fresh_people(rng, 8), company, client, vendor)
    user = _user(user, f"+155501{rng.randrange(10000, 100000)}")
    contract_after = rng.choice((1, 2))
    draft, final = _figures(rng)
    fields = dict(
        monday=rng.choice(MONDAYS), start_hour=rng.choice((17, 18, 19)),
        user=user, sam=sam, priya=priya, olu=olu, grace=grace, dev=dev, marta=marta, adviser=adviser,
        company=company, client=client, bank=rng.choice(BANKS), vendor=vendor, deck=rng.choice(DECKS),
        bank_phone=f"+1 555-0{rng.randrange(10, 100)}-{rng.randrange(1000, 10000)}",
        bank_reference=f"RL-{rng.randrange(10000, 100000)}",
        contract_ref=f"MSA-{rng.randrange(1000, 10000)}", contract_code=_code(rng, 6),
        contract_promise_after=contract_after, figures_promise_after=rng.choice([h for h in (2, 3, 4)
                                                                                if h != contract_after]),
        sam_asked=(1, rng.choice((10, 12, 14, 16))), priya_asked=(1, rng.choice((12, 15, 17))),
        dev_asked=rng.choice((11, 14, 15, 16)), marta_asked=rng.choice((10, 12, 13)),
        dev_minutes=rng.choice((15, 25, 35, 45, 55)), priya_minutes=rng.choice((60, 70, 80, 90, 100, 110)),
        legal_at=(rng.choice((9, 10, 11, 12)), rng.choice((5, 20, 35, 50))),
        olu_final_at=(rng.choice((13, 14, 15, 16)), rng.choice((10, 25, 40, 55))),
        dev_nudge_at=(rng.choice((9, 10, 11)), rng.choice((5, 30, 45))),
        categories=tuple(rng.sample(CATEGORIES, 4)), draft=draft, final=final,
        legal_shape=rng.choice(LEGAL_SHAPES), decoy_code=_code(rng, 6), legal_second_after=rng.randrange(40, 150),
        general_phone=f"+1 555-0{rng.randrange(10, 100)}-{rng.randrange(1000, 10000)}",
        fax_phone=f"+1 555-0{rng.randrange(10, 100)}-{rng.randrange(1000, 10000)}",
        bank_order=tuple(rng.sample(("adviser", "general", "fax"), 3)),
        **_second_pass(rng, draft, final, [x.first for x in (user, sam, priya, olu, grace, dev, marta, adviser)]),
    )
    fields |= _third_pass(rng, fields)
    return Params(**(fields | _fourth_pass(rng, fields)))


def _second_pass(rng: random.Random, draft: tuple[int, ...], final: tuple[int, ...],
                 names: list[str]) -> dict[str, Any]:
    """The version-3 draws (after every earlier one, so a seed's other facts stay what they were)."""
    bank_shape, figures_shape = rng.choice(BANK_SHAPES), rng.choice(FIGURE_SHAPES)
    cover = fresh_people(rng, 1, names)[0]
    fix_index = rng.randrange(4)
    while True:
        fix = final[fix_index] + rng.choice((-1, 1)) * max(5, round(final[fix_index] * rng.uniform(0.03, 0.12) / 5) * 5)
        fixed = [fix if i == fix_index else a for i, a in enumerate(final)]
        values = [*draft, *(a for a, b in zip(final, draft, strict=True) if a != b), sum(draft), sum(final), fix,
                  sum(fixed)]
        if len(set(values)) == len(values):
            break
    order = [0, 1, 2]
    rng.shuffle(order)
    return {"bank_shape": bank_shape, "cover": Person(*cover), "figures_shape": figures_shape,
            "cover_phone": f"+1 555-0{rng.randrange(10, 100)}-{rng.randrange(1000, 10000)}",
            "fix_index": fix_index, "fix_amount": fix, "fix_after": rng.randrange(25, 120),
            "remind_shape": rng.choice(REMIND_SHAPES), "lock_gap": rng.choice((1, 2, 3)), "order": tuple(order),
            "formats": tuple(rng.randrange(4) for _ in range(3)), "other_client": rng.choice(OTHER_CLIENTS),
            "other_ref": f"MSA-{rng.randrange(1000, 10000)}", "reminder_hours": rng.choice(REMINDER_HOURS)}


def _third_pass(rng: random.Random, f: dict[str, Any]) -> dict[str, Any]:
    """The version-6 draws (after every earlier one): finance's second later email and the bank's team roster."""
    final, i = f["final"], f["fix_index"]
    first = [f["fix_amount"] if j == i and f["figures_shape"] == "corrected" else a for j, a in enumerate(final)]
    shape2, index2 = rng.choice(FIGURE_SHAPES), rng.choice([j for j in range(4) if j != i])
    while True:
        fix2 = first[index2] + rng.choice((-1, 1)) * max(5, round(first[index2] * rng.uniform(0.03, 0.12) / 5) * 5)
        if fix2 not in _named_amounts(f) and sum(first) - first[index2] + fix2 not in _named_amounts(f):
            break
    names = [x.first for x in (f["user"], f["sam"], f["priya"], f["olu"], f["grace"], f["dev"], f["marta"],
                               f["adviser"], f["cover"])]
    people = [Person(*x) for x in fresh_people(rng, 4, names)]
    # The user's adviser is away (a "cover" line) two times in three: each of the roster's three lines is theirs alike.
    bank_shape = rng.choice(("cover", "cover", "adviser"))
    kinds = ["cover", "covered"] if bank_shape == "cover" else ["cover", "cover"]
    rng.shuffle(kinds)
    phones = [f"+1 555-0{rng.randrange(10, 100)}-{rng.randrange(1000, 10000)}" for _ in range(2)]
    roster = tuple((people[2 * k], people[2 * k + 1], phones[k], kinds[k]) for k in range(2))
    return {"figures_shape2": shape2, "fix2_index": index2, "fix2_amount": fix2, "fix2_after": rng.randrange(20, 60),
            "bank_shape": bank_shape, "roster_at": rng.randrange(3), "roster": roster}


def _fourth_pass(rng: random.Random, f: dict[str, Any]) -> dict[str, Any]:
    """The version-7 draws (after every earlier one): Legal's two contracts and three later emails."""
    case = rng.randrange(3)
    kinds = [rng.choice(("replaced", "scrubbed")) for _ in range(2)]
    n_kind, n_about, n_at = rng.choice(("internal", "other")), rng.choice("AB"), rng.randrange(3)
    plain = rng.random() < 0.5
    taken = {f["decoy_code"], f["contract_code"]}
    codes: list[str] = []
    while len(codes) < 4:
        code = _code(rng, 6)
        if code not in taken:
            taken.add(code)
            codes.append(code)
    gaps = [rng.randrange(30, 100) for _ in range(3)]
    reissues = [(kinds[k], REISSUES[case][k], codes[k]) for k in range(2)]
    follow: list[tuple[str, str, str]] = list(reissues)
    # The copy for nobody, about either contract: its plain words say the contract's first link stands, so after a
    # re-issue of that contract it takes the "_latest" words (the newest link stands), and before one either.
    reissued = any(about == n_about for _, about, _ in follow[:n_at])
    follow.insert(n_at, (n_kind if plain and not reissued else f"{n_kind}_latest", n_about, f["decoy_code"]))
    answer = codes[3]
    for kind, about, code in follow:
        if about == "A" and kind in ("replaced", "scrubbed"):
            answer = code
    other_who = fresh_people(rng, 1, [x.first for x in (f["user"], f["sam"], f["priya"], f["olu"], f["grace"],
                                                         f["dev"], f["marta"], f["adviser"], f["cover"])])[0]
    third = rng.choice([c for c in OTHER_CLIENTS if c != f["other_client"]])
    third_ref = f["contract_ref"]
    while third_ref in (f["contract_ref"], f["other_ref"]):
        third_ref = f"MSA-{rng.randrange(1000, 10000)}"
    return {"legal_shape": LEGAL_CASES[case], "pair_first": rng.random() < 0.5, "other_who": Person(*other_who),
            "other_code": codes[2], "first_code": codes[3], "contract_code": answer, "third_client": third,
            "third_ref": third_ref,
            "follow": tuple((kind, about, code, sum(gaps[:k + 1])) for k, (kind, about, code) in enumerate(follow))}


def _named_amounts(f: dict[str, Any]) -> set[int]:
    """Every amount finance's mail names before its second later email (the draft, the finals, the first later
    email's and the totals): the second one's amounts differ from all."""
    fixed = [f["fix_amount"] if j == f["fix_index"] else a for j, a in enumerate(f["final"])]
    return {*f["draft"], *f["final"], sum(f["draft"]), sum(f["final"]), f["fix_amount"], sum(fixed)}


def check(p: Params) -> None:
    """Raise ValueError when the world is not what the task promises."""
    if not (p.start < p.reminder <= p.contract_promise < p.end and p.reminder < p.figures_promise < p.end):
        raise ValueError("the Wednesday moments must fall between the reminder and the end")
    if p.contract_promise == p.figures_promise:
        raise ValueError("the two promises must be at different times")
    values = [*p.draft, *(p.final[i] for i in p.changed), p.draft_total, p.final_total]
    if len(p.changed) != 2 or len(set(values)) != 8:
        raise ValueError("exactly two figures change; every amount and both totals are distinct")
    if {p.day(*p.sam_asked), p.day(*p.priya_asked)} & {p.contract_promise, p.figures_promise}:
        raise ValueError("what Sam and Priya asked for is never what the user promises")
    if p.follow and (len({p.first_code, p.other_code, *(f[2] for f in p.follow)}) != 5
                     or p.legal_at[0] * 60 + p.legal_at[1] + p.follow[-1][3] >= 20 * 60
                     or len({p.contract_ref, p.other_ref, p.third_ref}) != 3):
        raise ValueError("Legal's later emails come on Tuesday, each with a link of its own")
    if len({p.bank_phone, p.general_phone, p.fax_phone}) < 3 and p.general_phone:
        raise ValueError("the bank's numbers are distinct")
    if len({p.bank_phone, p.general_phone, p.fax_phone, p.cover_phone}) < 4 and p.cover_phone:
        raise ValueError("the bank's numbers are distinct")
    if p.general_phone and p.olu_final_at[0] * 60 + p.olu_final_at[1] + p.fix_after + p.fix2_after >= 20 * 60:
        raise ValueError("finance's later emails come on Tuesday")
    if set(p.stale) & {*p.delivered, p.delivered_total}:
        raise ValueError("no amount to send is one finance turned down or replaced")
    phones = {p.bank_phone, p.general_phone, p.fax_phone, p.cover_phone, *(r[2] for r in p.roster)}
    if p.roster and len(phones) < 6:
        raise ValueError("the bank's numbers are distinct")
    if p.day(0, 23) < p.start + timedelta(minutes=p.reminder_hours * 6):
        raise ValueError("the oracle's second turn (Priya's promise) falls on Monday")
    if p.priya_request >= p.start + timedelta(hours=2):
        raise ValueError("Priya's request arrives within two hours of the start (before a 4-hour turn)")
