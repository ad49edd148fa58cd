"""The words of a drawn world's substantive mail (seed > 0): every subject and body is a phrasebook kind (``BOOK``), so
a wording pack words them anew, and what each email asks of the user is drawn, not a fixed template word.

Why: the templates of ``mail`` are world 0's, published; a rule script matched each email to its template by its
vocabulary and printed the template's ask keywords, whatever the rest of the words were. Here an email names all
three things of its item's pool (``ASKS``): the one it needs from the user and two it does not (in hand, settled,
someone else's), the first two in a sentence of kind ``"which"`` whose structures put either first and whose words of
need and of having sit beside the needed one as often as beside the other (the meaning is in how the clauses
compose: a correction, reported speech, a contrast), the third in a sentence of kind ``"which too"`` (a cue list is
right at chance, a guess one time in three). A report must give the one
needed; naming another gives the wrong ask (``reading._substance``), as naming a follow-up's time gives the wrong
time. Both are public noun phrases filled in as fields (``ask``, ``other``): which of the two an email needs is read
from the sentence, not from the words.

Kinds (pack writers: keep every field; each phrasing must say what the comment says, in a structure of its own):

* ``"which"`` (fields ``ask``, ``other``): one or two sentences saying the sender needs ``ask`` from the user and
  does not need ``other`` from them. Never start a sentence with a field (they are lower-case noun phrases).
* ``"which too"`` (field ``third``): one sentence saying the sender does not need ``third`` from the user either
  (settled, or someone else's). It sits just before or just after the ``"which"`` sentence, so every email names all
  three asks of its pool and a guess among them is right one time in three. Never start a sentence with the field.
* ``"which neither"`` (fields ``other``, ``third``) and ``"which alone"`` (field ``ask``): the other structure, drawn
  as often: one sentence saying the sender needs neither ``other`` nor ``third`` from the user, and one saying it
  needs ``ask`` (either first). Never start a sentence with a field.
* ``"<story>"`` (one per item and, for an item urgent in some worlds, per variant; fields: ``which`` and the clock
  times or amounts listed in ``Letter``): the email's body, greeting optional, the sender's sign-off as its last
  paragraph (after a blank line), holding ``{which}`` once and naming no other thing the sender might need. Names
  are written as the templates write them (Maya, Daniel, Eastfield, Greenway, Ridgeline, SafeHarbor, Bayside,
  Jonah, RP-7731) and renamed per world. An urgent variant says its deadline (a clock time) is today; a routine one
  that nothing is due today.
* ``"<story> subject"`` (no fields; thread starters only): the subject line, naming none of the item's asks.
"""

from __future__ import annotations

from dataclasses import dataclass

from green_agent.scenario_kit.phrasing import Phrasebook

from .bodies import ALONE, ALSO, BODIES, NEITHER, SUBJECTS, WHICH
from .mail import TONES


@dataclass(frozen=True)
class Ask:
    """One thing an email may need from the user: as the email says it (``said``), as the oracle puts it (``put``,
    other words, so its line copies nothing), and the words any report of it names (``words``, shared with no other
    ask of the pool)."""

    said: str
    put: str
    words: tuple[str, ...]


@dataclass(frozen=True)
class Letter:
    """A substantive item's words in a drawn world: its phrasebook kind (``kind``, and ``kind + " subject"`` when it
    starts a thread), its pool of asks (``pool``), the oracle's line (``{ask}``: the ask in the oracle's words) and
    the placeholders whose clock time (``times``) or amount (``amounts``) is part of its substance."""

    kind: str
    pool: str
    oracle: str
    times: tuple[str, ...] = ()
    amounts: tuple[str, ...] = ()
    subject: bool = False


def _a(said: str, put: str, *words: str) -> Ask:
    return Ask(said, put, words)


ASKS: dict[str, tuple[Ask, ...]] = {
    "board": (_a("the Q1 on-time delivery rate", "Q1's on-time percentage", "on-time", "on time"),
              _a("the warehouse throughput figures", "throughput numbers", "throughput"),
              _a("the spoilage numbers for Q1", "Q1 spoilage", "spoilage")),
    "onboarding": (_a("an answer on whether you'll give the welcome talk yourself", "whether you'll do the welcome",
                      "welcome"),
                   _a("a go-ahead on the buddy pairings", "an OK on the buddy pairs", "buddy", "buddies"),
                   _a("your comments on the safety walk-through", "notes on the safety walkthrough", "walk-through",
                      "walkthrough", "safety walk")),
    "lease": (_a("your view on the five-year term", "your take on the 5-year term", "five-year", "5-year",
                 "five year"),
              _a("your view on the rent escalator", "your take on the yearly escalator", "escalator"),
              _a("your view on us carrying refrigeration maintenance", "whether we carry the refrigeration upkeep",
                 "refrigeration")),
    "outage": (_a("an OK to call the evening shift in early", "OK to bring the evening shift in early",
                  "evening shift"),
               _a("a go-ahead to warn the affected customers", "a go-ahead to warn affected customers", "warn"),
               _a("a decision on hiring temp pickers", "whether to hire temp pickers", "temp")),
    "carton": (_a("a view on whether a volume commitment interests you", "whether a volume deal appeals",
                  "volume"),
               _a("a view on whether a lighter board grade interests you", "whether lighter board appeals",
                  "lighter"),
               _a("a view on whether prepaying the quarter interests you", "whether prepaying appeals", "prepay",
                  "prepaying")),
    "swap": (_a("your OK for the overtime it puts me into", "an OK for her overtime", "overtime"),
             _a("your login to update the rota", "the rota updated under your login", "rota"),
             _a("a note from you to payroll", "a line from you to payroll", "payroll")),
    "fee": (_a("your approval of the spend", "approval for that spend", "approval", "approve", "approved"),
            _a("a call from you to their account manager", "a call to the vendor's account manager",
               "account manager"),
            _a("a budget code to charge it to", "a cost code for it", "budget code", "cost code")),
    "shortage": (_a("an arrival time for the missing cases", "an ETA for the short cases", "ETA", "arrival time",
                    "delivery time"),
                 _a("a credit note for the shortfall", "a credit note", "credit"),
                 _a("substitute products for the empty shelves", "stand-in products", "substitute", "stand-in")),
    "escalator": (_a("a slot at Thursday's finance sync", "time at Thursday's finance sync", "finance sync"),
                  _a("the budget line it should come from", "which budget line takes it", "budget line"),
                  _a("a counter-offer to send back", "a counter-offer", "counter-offer", "counteroffer",
                     "counter offer")),
    "audit": (_a("the name of whoever will meet me at the dock", "who greets him at the dock", "dock"),
              _a("access to the cold rooms", "cold-room access", "cold room", "cold-room"),
              _a("the sanitation logs", "sanitation records", "sanitation")),
    "lunch": (_a("a yes or no on a talk about route planning", "whether you'll talk on route planning", "route",
                 "routing"),
              _a("a topic suggestion", "a topic idea", "topic"),
              _a("a headcount from your team", "a team headcount", "headcount")),
    "restored": (_a("a decision on keeping the paper fallback", "whether paper picking stays as a fallback",
                    "paper"),
                 _a("a look at the vendor's incident report", "a read of the vendor's incident report",
                    "incident report"),
                 _a("a word of thanks to the night team", "thanks to the night crew", "night team", "night crew")),
    "slide": (_a("the hours of downtime from the outage", "the outage's downtime hours", "downtime"),
              _a("the number of late routes", "how many routes ran late", "routes"),
              _a("the overtime cost of the recovery", "what the recovery cost in overtime", "overtime")),
    "truck": (_a("your go-ahead for the hire", "a go-ahead to hire it", "hire", "hiring"),
              _a("a call from you to the Greenway buyer about a later delivery", "a call to Greenway's buyer",
                 "buyer"),
              _a("your pick of which route gives way", "which route to give up", "give up", "gives way")),
    "promo": (_a("a check of the volumes against warehouse capacity", "the volumes checked against capacity",
                 "capacity"),
              _a("a check of the trucking plan for the promo weeks", "the trucking plan checked", "trucking"),
              _a("a check of the staffing plan for those weeks", "staffing checked for those weeks", "staffing")),
    "signing": (_a("your initials on the cap clause", "initials on the cap clause", "initials", "initial"),
                _a("a date for the signing", "a signing date", "signing"),
                _a("a name for the site contact in the lease", "who the lease names as site contact",
                   "site contact")),
    "review": (_a("a nudge from you to the two leads", "a nudge to the two leads", "nudge"),
               _a("your calibration notes", "calibration notes", "calibration"),
               _a("the goals for your new hires", "goals for the new hires", "goals")),
    "reforecast": (_a("the operations cost lines", "the ops cost lines", "cost lines"),
                   _a("the headcount lines", "the headcount plan", "headcount"),
                   _a("the capex requests", "capex requests", "capex")),
    "pir": (_a("a slot next week for the review meeting", "a review slot next week", "slot"),
            _a("the list of people to invite", "who to invite", "invite"),
            _a("the questions you want covered", "questions to cover", "questions")),
    "claim": (_a("your signature on the post-incident summary", "the summary signed", "signature", "sign", "signed"),
              _a("a check of the outage timeline", "the timeline checked", "timeline"),
              _a("the cost figure for the claim", "a cost figure", "cost figure")),
    "vpcall": (_a("a recovery plan for the missing cases", "a recovery plan", "recovery plan"),
               _a("the root cause of the short shipment", "the root cause", "root cause"),
               _a("a credit offer we can stand behind", "a credit offer", "credit offer")),
    "deal": (_a("a 12-month volume commitment by month-end", "twelve months of committed volume", "12-month",
                "12 months", "twelve months"),
             _a("a switch to quarterly ordering", "quarterly orders", "quarterly"),
             _a("a two-year contract", "a 2-year contract", "two-year", "2-year", "two year")),
    "covered": (_a("a heads-up from you to the dispatch team", "a heads-up to dispatch", "dispatch"),
                _a("your sign-off on the parts invoice", "sign-off on the parts bill", "invoice", "bill"),
                _a("a thank-you to the mechanics", "thanks to the mechanics", "mechanics")),
    "invoice": (_a("a payment date", "a date for payment", "payment date", "date for payment"),
                _a("the remittance advice for the partial payment", "remittance advice", "remittance"),
                _a("the purchase order number it was raised against", "the PO number behind it", "PO number",
                   "purchase order")),
    "room": (_a("dietary needs for your team", "dietary needs", "dietary"),
             _a("your slides", "the slide deck", "slides", "slide deck"),
             _a("a list of the projector and kit you'll need", "AV needs", "projector", "AV")),
}

# item id → variant ("urgent", "routine", or "" for an item that is always one) → its letter.
LETTERS: dict[tuple[str, str], Letter] = {
    ("tri-s01", ""): Letter("board deck", "board", "Daniel Okoro: wants {ask} for the board deck by {board_due} "
                            "today; rough is fine.", times=("board_due",), subject=True),
    ("tri-s02", "routine"): Letter("onboarding later", "onboarding", "Aiko Tanaka: for Thursday's three new hires "
                                   "she wants {ask}; Wednesday is soon enough.", subject=True),
    ("tri-s02", "urgent"): Letter("onboarding tomorrow", "onboarding", "Aiko Tanaka: new hires start tomorrow; she "
                                  "needs {ask} by {due} today.", times=("due",), subject=True),
    ("tri-s03", ""): Letter("lease redlines", "lease", "Marcus Feld: Bayside landlord sent lease renewal redlines; "
                            "he'd like {ask} by Friday.", subject=True),
    ("tri-s04", ""): Letter("outage", "outage", "Priya Raman: Eastfield WMS dead since {wms_down}, ~40 orders at risk "
                            "for the {wms_trucks} trucks; she needs {ask}.", times=("wms_down", "wms_trucks"),
                            subject=True),
    ("tri-s05", ""): Letter("carton rise", "carton", "Ben Whitaker (Ridgeline Packaging): cartons up {pct}% from July "
                            "1; he asks for {ask}. Nothing due today.", subject=True),
    ("tri-s06", ""): Letter("shift swap", "swap", "Grace Liu: trading a weekend shift with Jonah; she needs {ask} "
                            "this week.", subject=True),
    ("tri-s07", ""): Letter("outage fee", "fee", "Priya Raman: WMS back in ~2 hours on a ${fee} rapid-response tier; "
                            "she needs {ask}.", amounts=("fee",)),
    ("tri-s08", ""): Letter("short shipment", "shortage", "Sofia Marchetti (Greenway Markets): PO {po} came 60 cases "
                            "short before tomorrow's promo; she needs {ask} today.", subject=True),
    ("tri-s09", ""): Letter("escalator cost", "escalator", "Helen Achebe: lease escalator means about $38k over budget "
                            "for the term; she wants {ask}.", amounts=("lease_cost",)),
    ("tri-s10", ""): Letter("audit", "audit", "Omar Haddad (SafeHarbor Audits): for tomorrow's 07:00 Eastfield audit, "
                            "confirm {ask} by {d1} today.", times=("d1",), subject=True),
    ("tri-s11", ""): Letter("lunch and learn", "lunch", "Lena Novak: Friday's lunch & learn - she'd like {ask} by "
                            "Thursday.", subject=True),
    ("tri-s12", ""): Letter("outage over", "restored", "Priya Raman: WMS up since {wms_up}, fee waived, backlog gone "
                            "by {wms_backlog}; she'd like {ask}, no rush.", times=("wms_up", "wms_backlog")),
    ("tri-s13", ""): Letter("board addition", "slide", "Daniel Okoro: one more line for the board slide - {ask} - "
                            "still by {board_due}.", times=("board_due",)),
    ("tri-s14", ""): Letter("truck down", "truck", "Tomás Rivera: truck 14 grounded after its brake check (stand-in "
                            "~${rent}/day); he needs {ask} by {truck_due} or three routes are cancelled.",
                            times=("truck_due",), amounts=("rent",), subject=True),
    ("tri-s15", "routine"): Letter("promo draft", "promo", "Raj Mehta: May promo draft from Sales; he'd like {ask} "
                                   "some time next week.", subject=True),
    ("tri-s15", "urgent"): Letter("promo lock", "promo", "Raj Mehta: May promo calendar locks at {due} today; he "
                                  "needs {ask} before then.", times=("due",), subject=True),
    ("tri-s16", ""): Letter("shipment chase", "shortage", "Sofia Marchetti (Greenway Markets): still waiting on PO "
                            "{po}; {ask} by {esc} or she escalates to her VP of Supply.", times=("esc",)),
    ("tri-s17", ""): Letter("lease agreed", "signing", "Marcus Feld: landlord agreed a 3% escalator cap; before next "
                            "Friday he needs {ask}."),
    ("tri-s18", "routine"): Letter("reviews later", "review", "Aiko Tanaka: spring review cycle runs to May 1; she'd "
                                   "like {ask}.", subject=True),
    ("tri-s18", "urgent"): Letter("reviews closing", "review", "Aiko Tanaka: HR shuts the review cycle at {due} "
                                  "today; she needs {ask} first.", times=("due",), subject=True),
    ("tri-s19", "routine"): Letter("reforecast later", "reforecast", "Helen Achebe: she wants {ask} for the Q2 "
                                   "reforecast, due next Wednesday.", subject=True),
    ("tri-s19", "urgent"): Letter("reforecast early", "reforecast", "Helen Achebe: CFO pulled the Q2 reforecast "
                                  "forward; she needs {ask} by {due} today.", times=("due",), subject=True),
    ("tri-s20", "routine"): Letter("outage review", "pir", "Priya Raman: wants a WMS post-incident review next week; "
                                   "she needs {ask}.", subject=True),
    ("tri-s20", "urgent"): Letter("outage claim", "claim", "Priya Raman: insurer deadline {due} today on the WMS "
                                  "outage claim; she needs {ask}.", times=("due",), subject=True),
    ("tri-s21", ""): Letter("audit chase", "audit", "Omar Haddad (SafeHarbor Audits): still unconfirmed; {ask} by "
                            "{d2} or the audit is rescheduled (certificate ~3 weeks late, rebooking fee).",
                            times=("d2",)),
    ("tri-s22", ""): Letter("customer call", "vpcall", "Daniel Okoro: Greenway's VP of Supply call at {call} today - "
                            "join it with {ask}.", times=("call",), subject=True),
    ("tri-s23", ""): Letter("swap agreed", "swap", "Grace Liu: she and Jonah both agreed the shift trade; she needs "
                            "{ask}."),
    ("tri-s24", ""): Letter("carton deal", "deal", "Ben Whitaker (Ridgeline Packaging): carton rise held to 2% in "
                            "return for {ask}; call offered next week."),
    ("tri-s25", ""): Letter("truck covered", "covered", "Tomás Rivera: truck 14's routes covered by a spare reefer of "
                            "our own, no rental; he'd like {ask}."),
    ("tri-s26", "urgent"): Letter("invoice overdue", "invoice", "Carla Duarte (Ridgeline Packaging billing): RP-7731 "
                                  "(${invoice}) a month late; {ask} by {due} or the account goes on credit hold.",
                                  times=("due",), amounts=("invoice",), subject=True),
    ("tri-s26", "routine"): Letter("invoice reminder", "invoice", "Carla Duarte (Ridgeline Packaging billing): "
                                   "RP-7731 for ${invoice} due April 30; she asks for {ask}, no rush.",
                                   amounts=("invoice",), subject=True),
    ("tri-s27", ""): Letter("lunch booked", "room", "Lena Novak: Friday 12:30 lunch & learn is booked; she'd like "
                            "{ask} by Thursday."),
}


def letter(item: str, urgent: bool) -> Letter:
    """Item ``item``'s letter when it is ``urgent`` (or not)."""
    return LETTERS.get((item, "")) or LETTERS[(item, "urgent" if urgent else "routine")]


# The part's phrasebook: the tone, follow-up and aside sentences of ``mail.TONES`` and every kind above.
BOOK = Phrasebook({**TONES.kinds, "which": WHICH, "which too": ALSO, "which neither": NEITHER, "which alone": ALONE,
                   **BODIES, **{f"{k} subject": v for k, v in SUBJECTS.items()}})


def public_body(item: str, urgent: bool, drawn: tuple[int, int, int, int, int]) -> str:
    """The public phrasing a world drew for ``item``'s body (``Params.letters``), unfilled: what ``params`` balances
    alarm words and "by <time>" over."""
    kind = letter(item, urgent).kind
    return BODIES[kind][drawn[0] % len(BODIES[kind])]
