"""The mail of email_triage_basic as templates: every email, its facts, and the oracle's line for it.

The templates name the cast of ``cast`` (Maya Lindqvist of Copperleaf Foods, her colleagues, the supplier, the
customer, the auditor); a world renames them all (``params.names``) after filling the ``{placeholders}``: clock
times follow each email's drawn arrival, amounts are drawn (``world.render``). ``at0`` is when an email arrives in
the templates' own day (``params.TEMPLATE``, world 0); a noise email keeps its hour in every world.

A substantive item must be reported in the summary of the hour it arrived in, with its substance in the
assistant's own words: an ask keyword (``kw``) and, when it has any, a clock time named in it (``times``:
placeholders whose moment counts) or an amount (``amounts``). Facts that a "sender: subject" line naming the same
sender shows are dropped when a world is built, so a relay of senders and subjects never carries the substance.
One sender (the supplier's billing desk) writes from a role address. Urgency is a deadline (or harm) before 17:00
today, never the tone: each item is written calm or alarmed (``tone``), drawn apart from its urgency. Noise
(newsletters, promotions, notifications — three from person-named addresses that shout "urgent") must never be
named; ``keywords`` of a noise item are its brand words and its sender's name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from green_agent.scenario_kit.phrasing import Phrasebook

Urgency = Literal["urgent", "routine", "flex"]


@dataclass(frozen=True)
class Text:
    """A substantive item's words: ``subject`` (None for a reply: "Re: " and its thread's first subject), ``body``,
    the ask keywords ``kw``, the oracle's line, and the placeholders whose clock time (``times``) or amount
    (``amounts``) is part of its substance."""

    subject: str | None
    body: str
    kw: tuple[str, ...]
    oracle: str
    times: tuple[str, ...] = ()
    amounts: tuple[str, ...] = ()


@dataclass(frozen=True)
class Item:
    """A substantive email from person ``sender`` (a ``cast.PEOPLE`` id). A ``flex`` item is urgent or routine as
    each world draws it, and has a text for each (``variants``)."""

    id: str
    at0: str
    sender: str
    urgency: Urgency
    thread: str
    reply_to: str | None
    text: Text | None = None
    variants: dict[str, Text] = field(default_factory=dict)

    def version(self, urgent: bool) -> Text:
        """The item's text when it is ``urgent`` (or not)."""
        if self.text is not None:
            return self.text
        return self.variants["urgent" if urgent else "routine"]


@dataclass(frozen=True)
class Noise:
    """A newsletter, promotion or notification from address ``sender``; ``keywords`` name it (brand, sender)."""

    id: str
    at0: str
    sender: str
    subject: str
    body: str
    keywords: tuple[str, ...]

    @property
    def thread(self) -> str:
        return f"thread-{self.id}"


def _s(eid: str, at0: str, sender: str, subject: str | None, body: str, kw: tuple[str, ...], oracle: str, *,
       urgency: Urgency = "routine", thread: str | None = None, reply_to: str | None = None,
       times: tuple[str, ...] = (), amounts: tuple[str, ...] = ()) -> Item:
    """A substantive item that is always urgent or always routine."""
    return Item(eid, at0, sender, urgency, thread or f"thread-{eid}", reply_to,
                text=Text(subject, body, kw, oracle, times, amounts))


def _flex(eid: str, at0: str, sender: str, thread: str, variants: dict[str, Text]) -> Item:
    """A substantive item each world makes urgent (a deadline today) or routine."""
    return Item(eid, at0, sender, "flex", thread, None, variants=variants)


def _n(eid: str, at0: str, sender: str, subject: str, body: str, keywords: tuple[str, ...]) -> Noise:
    return Noise(eid, at0, sender, subject, body, keywords)


FREIGHT_PULSE = "news@freightpulse.example"
HARBORLINE = "deals@harborline.example"
SPENDTRACK = "noreply@spendtrack.example"
LINKUP = "notifications@linkup.example"
PARCELPOINT = "tracking@parcelpoint.example"
TASKHIVE = "noreply@taskhive.example"
VANTAGE = "offers@vantageair.example"
CLOUDDRIVE = "no-reply@clouddrive.example"
COLDCHAIN = "events@coldchainsummit.example"
BREWBOX = "hello@brewbox.example"
# Bulk mail from person-named addresses (a role-account filter lets them through) that shouts urgency.
JENNA = "jenna.kowal@harborline.example"
BECKER = "tom.becker@freightpulse.example"
LUCY = "lucy.hart@brewbox.example"

# Brand words of the noise senders; none may appear in a summary.
_FP = ("Freight Pulse", "freightpulse")
_HL = ("Harborline",)
_ST = ("SpendTrack",)
_LU = ("LinkUp",)
_PP = ("ParcelPoint",)
_TH = ("TaskHive",)
_VA = ("Vantage Air", "vantageair")
_CD = ("CloudDrive",)
_CC = ("Cold Chain Summit", "coldchainsummit")
_BB = ("Brewbox",)


_LEASE = "Cold-storage lease renewal — landlord redlines"
_WMS = "WMS down at Eastfield warehouse — picking halted"
_BOARD = "Board deck — ops numbers needed"
_GREENWAY = "Short shipment on PO {po} — our shelves are empty"
_AUDIT = "Tomorrow's 07:00 food-safety audit — dock access"


TEMPLATES: tuple[Item | Noise, ...] = (
    # ------------------------------------------------------------------ in the inbox at 08:00
    _n("tri-n01", "05:02", FREIGHT_PULSE, "Freight Pulse Daily: diesel prices dip for a third week",
       "Good morning from Freight Pulse. Diesel averaged $3.71 a gallon this week, the third weekly decline in a "
       "row. Also inside: why regional carriers are adding reefer capacity, and five charts on spring volumes.\n\n"
       "You are receiving this because you subscribed at freightpulse.example. Unsubscribe any time.", _FP),
    _n("tri-n02", "06:10", HARBORLINE, "Harborline Office Supply: 25% off ergonomic chairs this week",
       "Sit better, work better. Take 25% off every ergonomic chair through Sunday with code SIT25. Free delivery "
       "on orders over $150.\n\nHarborline Office Supply — unsubscribe | preferences", _HL),
    _s("tri-s01", "06:52", "daniel", _BOARD,
       "Maya,\n\nThe board moved our operations review to tomorrow morning, so I'm finishing the deck this "
       "afternoon. Could you send me the ops slide numbers — Q1 on-time delivery rate, warehouse throughput and "
       "spoilage — before {board_due}? A rough cut is fine, I'll polish it.\n\nDaniel",
       ("on-time", "on time", "throughput", "spoilage", "Q1", "rough cut", "ops slide"),
       "Daniel Okoro: needs the Q1 ops numbers (on-time delivery rate, warehouse throughput, spoilage) for the "
       "board deck by {board_due} today; a rough cut is fine.",
       urgency="urgent", thread="thread-board", times=("board_due",)),
    _flex("tri-s02", "07:15", "aiko", "thread-onboarding", {
        "routine": Text(
            subject="Onboarding plan for Thursday's three new hires",
            body="Hi Maya,\n\nAttached is the draft onboarding plan for the three warehouse associates who start on "
                 "Thursday. Could you look it over this week and tell me whether you want to do the 9:30 welcome "
                 "yourself? Wednesday is fine.\n\nThanks,\nAiko",
            kw=("welcome", "9:30", "associates", "look it over", "Wednesday"),
            oracle="Aiko Tanaka: draft onboarding plan for Thursday's three new hires; asks whether you'll do "
                   "the 9:30 welcome (reply by Wednesday)."),
        "urgent": Text(
            subject="Onboarding plan for tomorrow's three new hires",
            body="Hi Maya,\n\nThe three warehouse associates start tomorrow morning and the printed schedules go "
                 "out this afternoon. Could you tell me by {due} whether you want to do the 9:30 welcome "
                 "yourself? The draft onboarding plan is attached.\n\nThanks,\nAiko",
            kw=("welcome", "9:30", "associates", "schedules"), times=("due",),
            oracle="Aiko Tanaka: the three new hires start tomorrow; needs to know by {due} today whether you'll "
                   "do the 9:30 welcome."),
    }),
    _s("tri-s03", "07:30", "marcus", _LEASE,
       "Maya,\n\nThe landlord of the Bayside cold-storage unit sent redlines on the renewal. Main changes: a "
       "five-year term, a 4% annual rent escalator, and we would carry the refrigeration maintenance. My comments "
       "are in the margin. Please read it when you get a chance — I'd like your view by Friday.\n\nMarcus",
       ("escalator", "five-year", "5-year", "refrigeration", "maintenance", "4%", "Friday", "Bayside"),
       "Marcus Feld: landlord redlines on the Bayside cold-storage lease renewal (5-year term, 4% escalator, we'd "
       "carry refrigeration maintenance); wants your view by Friday.",
       thread="thread-lease"),
    _n("tri-n03", "07:41", SPENDTRACK, "SpendTrack: expense report #4471 approved",
       "Your expense report #4471 (Client dinner, $212.40) was approved by Helen Achebe and will be reimbursed in "
       "the next payroll cycle.\n\nThis is an automated message from SpendTrack. Do not reply.", _ST),
    # ------------------------------------------------------------------ 08:00–09:00, reported at 09:00
    _n("tri-n04", "08:05", LINKUP, "LinkUp: 4 people viewed your profile",
       "Maya, your profile is getting noticed! 4 people viewed your profile this week, including recruiters in "
       "logistics.\n\nSee who viewed you on LinkUp. Unsubscribe from these notifications.", _LU),
    _s("tri-s04", "08:12", "priya", _WMS,
       "Maya,\n\nThe warehouse management system at Eastfield went down at {wms_down}. Scanners can't pull pick "
       "lists, so picking for the morning routes has stopped — roughly 40 orders are at risk of missing the "
       "{wms_trucks} truck departures. I've opened a P1 with the vendor and we're trying paper pick lists in the "
       "meantime. I'll update you within the hour.\n\nPriya",
       ("40 orders", "orders", "scanners", "pick lists", "P1", "paper", "trucks", "vendor"),
       "Priya Raman: the WMS at Eastfield has been down since {wms_down}; picking halted, about 40 orders at risk "
       "for the {wms_trucks} trucks. Vendor P1 open, paper pick lists being tried, update within the hour.",
       urgency="urgent", thread="thread-wms", times=("wms_down", "wms_trucks")),
    _n("tri-n27", "08:28", JENNA, "Maya, your chair order — action needed today",
       "Hi Maya,\n\nJenna from Harborline here. URGENT: the twelve ergonomic chairs I set aside for Copperleaf are "
       "only held until 5pm today. Reply ASAP and I'll lock in 25% off before the deadline!\n\nJenna Kowal\n"
       "Account Executive, Harborline Office Supply", (*_HL, "Jenna", "Kowal")),
    _s("tri-s05", "08:37", "ben", "Q3 carton price adjustment",
       "Hi Maya,\n\nA heads-up that Ridgeline Packaging's corrugated carton prices will rise {pct}% from July 1 "
       "because of paper costs. I'm happy to walk you through the options, including a volume commitment that "
       "softens the increase. No action needed for now.\n\nBest,\nBen Whitaker\nRidgeline Packaging",
       ("{pct}%", "July", "volume", "rise", "increase", "corrugated", "paper costs"),
       "Ben Whitaker (Ridgeline Packaging): carton prices up {pct}% from July 1; offers to talk through a volume "
       "deal. No action today.",
       thread="thread-carton"),
    _n("tri-n05", "08:44", PARCELPOINT, "ParcelPoint: your package has shipped",
       "Good news! Your package 1Z88 4410 2231 has shipped and is expected Thursday by 8pm.\n\nTrack it in the "
       "ParcelPoint app. This mailbox is not monitored.", _PP),
    _s("tri-s06", "08:51", "grace", "Shift swap request for Saturday",
       "Hi Maya,\n\nJonah asked to swap his Saturday early shift for my Sunday one. I'm fine with it, but it needs "
       "your sign-off because it takes me over 40 hours that week. Any time this week is fine.\n\nGrace",
       ("Jonah", "sign-off", "sign off", "40 hours", "Sunday", "approve", "OK"),
       "Grace Liu: needs your sign-off on a Saturday shift swap with Jonah, which takes her past 40 hours that "
       "week; any day this week.",
       thread="thread-shift"),
    # ------------------------------------------------------------------ 09:00–10:00, reported at 10:00
    _s("tri-s07", "09:08", "priya", None,
       "Update: the vendor says the database server failed. They can restore in about two hours, but only under "
       "their rapid-response support tier, which costs ${fee}. I need your approval to go ahead — the paper pick lists "
       "are only covering about half of the orders.\n\nPriya",
       ("approval", "approve", "rapid-response", "rapid response", "support tier", "database", "server", "two hours",
        "2 hours"),
       "Priya Raman: approve ${fee} for the vendor's rapid-response support tier and the WMS is back in ~2 hours; "
       "meanwhile paper picking handles roughly half the orders.",
       urgency="urgent", thread="thread-wms", reply_to="tri-s04", amounts=("fee",)),
    _n("tri-n06", "09:15", TASKHIVE, "[TaskHive] OPS-311 moved to In Review",
       "OPS-311 \"Relabel aisle 7 bins\" was moved from In Progress to In Review by automation rule #12.\n\n"
       "You are watching this task. Manage notifications in TaskHive.", (*_TH, "OPS-311")),
    _s("tri-s08", "09:26", "sofia", _GREENWAY,
       "Maya,\n\nThis morning's delivery against PO {po} arrived 60 cases short — mostly the cold brew and oat "
       "milk lines. Our weekend promotion starts tomorrow and the shelves in 12 stores are empty. Before our stores "
       "lock their weekend orders this afternoon, I need to know when the missing cases will arrive.\n\nSofia "
       "Marchetti\nCategory Manager, Greenway Markets",
       ("60 cases", "cases", "cold brew", "oat milk", "promotion", "12 stores", "arrive", "arrival"),
       "Sofia Marchetti (Greenway Markets): PO {po} arrived 60 cases short (cold brew, oat milk); shelves in 12 "
       "stores are empty before tomorrow's promotion. Needs an arrival time for the missing cases today.",
       urgency="urgent", thread="thread-greenway"),
    _n("tri-n07", "09:33", VANTAGE, "Vantage Air: double miles on spring getaways",
       "Earn double miles on every spring getaway booked by April 30. Lisbon, Reykjavik, Montreal and more.\n\n"
       "Vantage Air Rewards — you are receiving this as a member. Unsubscribe.", (*_VA, "double miles")),
    _s("tri-s09", "09:47", "helen", None,
       "Jumping in on Marcus's note: the 4% escalator adds about $38k over the term compared with budget. "
       "Let's discuss it at Thursday's finance sync before we respond.\n\nHelen",
       ("escalator", "budget", "finance sync", "Thursday", "38k"),
       "Helen Achebe: the 4% escalator in the lease renewal adds about $38k over the term; suggests discussing it "
       "at Thursday's finance sync.",
       thread="thread-lease", reply_to="tri-s03", amounts=("lease_cost",)),
    _n("tri-n08", "09:55", FREIGHT_PULSE, "Freight Pulse Alert: port congestion eases on the West Coast",
       "Container dwell times at West Coast ports fell to 3.1 days, the lowest since January. Read the full alert "
       "on freightpulse.example.\n\nUnsubscribe | Manage alerts", _FP),
    # ------------------------------------------------------------------ 10:00–11:00, reported at 11:00
    _n("tri-n09", "10:03", CLOUDDRIVE, "CloudDrive: your storage is 85% full",
       "You've used 85% of your 2 TB CloudDrive plan. Upgrade now to keep syncing without interruption.\n\n"
       "CloudDrive — this is an automated message.", _CD),
    _s("tri-s10", "10:09", "omar", _AUDIT,
       "Dear Maya,\n\nThis confirms that SafeHarbor's food-safety audit of the Eastfield site is scheduled for "
       "tomorrow at 07:00. Please confirm by {d1} who will meet me at the dock, and that I will have access "
       "to the cold rooms and the sanitation logs.\n\nRegards,\nOmar Haddad\nLead Auditor, SafeHarbor Audits",
       ("cold rooms", "cold room", "sanitation", "meet", "who will meet", "confirm"),
       "Omar Haddad (SafeHarbor Audits): before {d1} today, tell him which of our people greets him at the "
       "Eastfield dock for tomorrow's 07:00 food-safety audit, and that cold rooms plus sanitation records will be "
       "open to him.",
       urgency="urgent", thread="thread-audit", times=("d1",)),
    _s("tri-s11", "10:31", "lena", "Lunch & learn on Friday — topic ideas?",
       "Hi Maya!\n\nI'm organising Friday's lunch & learn for the ops team. Would you be up for a 20-minute slot "
       "on how we plan delivery routes? Or suggest another topic — let me know by Thursday.\n\nLena",
       ("20-minute", "20 minute", "talk", "routes", "route planning", "delivery routes", "Thursday"),
       "Lena Novak: asks if you'll give a 20-minute talk on route planning at Friday's lunch & learn; reply by "
       "Thursday.",
       thread="thread-lunch"),
    _n("tri-n10", "10:40", HARBORLINE, "Harborline Flash Sale: toner 2-for-1 until midnight",
       "Flash sale! Buy one toner cartridge, get one free — today only, until midnight.\n\nHarborline Office "
       "Supply — unsubscribe | preferences", _HL),
    _s("tri-s12", "10:52", "priya", None,
       "Good news: the vendor restored the WMS at {wms_up} and agreed to waive the rapid-response fee, since it was a "
       "hardware fault on their side. Picking has resumed; we'll clear the backlog by {wms_backlog} and only two "
       "routes leave late. No action needed from you.\n\nPriya",
       ("restored", "waive", "waived", "resumed", "backlog", "no action", "hardware fault", "back up"),
       "Priya Raman: WMS restored at {wms_up} and the vendor waived the rapid-response fee; backlog cleared by "
       "{wms_backlog}, two routes leave late. No action needed.",
       thread="thread-wms", reply_to="tri-s07", times=("wms_up", "wms_backlog")),
    _n("tri-n11", "10:58", LINKUP, "LinkUp: you appeared in 12 searches this week",
       "You appeared in 12 searches this week. Add skills to your profile to show up in more.\n\nLinkUp — "
       "unsubscribe from weekly search stats.", _LU),
    # ------------------------------------------------------------------ 11:00–12:00, reported at 12:00
    _n("tri-n12", "11:05", SPENDTRACK, "SpendTrack: receipt missing for Cafe Lumo charge",
       "A card charge of $18.60 at Cafe Lumo on April 9 has no receipt attached. Snap a photo in the SpendTrack "
       "app to attach one.\n\nThis is an automated reminder. Do not reply.", _ST),
    _s("tri-s13", "11:14", "daniel", None,
       "Maya, one addition for the board slide: please include the hours of downtime from this morning's "
       "warehouse system outage and the number of late routes. Same cut-off, {board_due}.\n\nThanks,\nDaniel",
       ("downtime", "late routes", "outage", "addition", "slide"),
       "Daniel Okoro: add this morning's outage downtime hours and the number of late routes to the board slide; "
       "still due {board_due}.",
       urgency="urgent", thread="thread-board", reply_to="tri-s01", times=("board_due",)),
    _n("tri-n13", "11:20", COLDCHAIN, "Reminder: Cold Chain Summit webinar starts Thursday",
       "Your seat is reserved for \"Temperature excursions: from alarm to action\", Thursday 16:00 UTC. Add it to "
       "your calendar.\n\nCold Chain Summit events — you registered at coldchainsummit.example.", _CC),
    _s("tri-s14", "11:29", "tomas", "Truck 14 failed brake inspection — out of service",
       "Maya,\n\nTruck 14 failed its brake inspection this morning and is grounded until parts arrive. It runs "
       "tomorrow's Greenway route and two restaurant routes. I need your OK by {truck_due} to rent a replacement "
       "reefer truck (about ${rent} a day), or we'll have to cancel those deliveries.\n\nTomás",
       ("rent", "rental", "replacement", "reefer", "cancel", "grounded"),
       "Tomás Rivera: truck 14 is off the road after flunking brakes; approve a rental reefer (~${rent}/day) by "
       "{truck_due} or three of tomorrow's routes get cancelled.",
       urgency="urgent", thread="thread-truck", times=("truck_due",), amounts=("rent",)),
    _n("tri-n28", "11:38", BECKER, "Maya - important: your renewal deadline is today",
       "Hi Maya,\n\nTom Becker, editor at Freight Pulse. Today is the deadline to renew Freight Pulse Premium at "
       "this year's rate - after midnight it goes up 30%. It's urgent if you want to keep the weekly "
       "reefer-capacity reports: renew now in one click.\n\nTom Becker\nEditor, Freight Pulse",
       (*_FP, "Tom Becker", "Becker")),
    _flex("tri-s15", "11:46", "raj", "thread-promo", {
        "routine": Text(
            subject="May promo calendar draft for review",
            body="Hi Maya,\n\nHere's Sales' draft promo calendar for May. Could you check the volumes against "
                 "warehouse capacity sometime next week?\n\nRaj",
            kw=("volumes", "capacity", "warehouse capacity", "next week"),
            oracle="Raj Mehta: Sales sent its May promo draft; some time next week, see whether the warehouse "
                   "has the capacity for those volumes."),
        "urgent": Text(
            subject="May promo calendar — capacity check before it locks",
            body="Hi Maya,\n\nSales locks the May promo calendar with our largest customer at {due}, and after "
                 "that the volumes are contractual. Could you check them against warehouse capacity before "
                 "{due}?\n\nRaj",
            kw=("volumes", "capacity", "warehouse capacity", "contractual", "locks"), times=("due",),
            oracle="Raj Mehta: Sales locks the May promo calendar at {due} today; check its volumes against "
                   "warehouse capacity before then."),
    }),
    _n("tri-n14", "11:51", BREWBOX, "Brewbox: your next coffee box ships Friday — add a treat?",
       "Your next Brewbox ships Friday. Add shortbread or a new mug before Thursday night.\n\nBrewbox — manage "
       "your subscription.", _BB),
    # ------------------------------------------------------------------ 12:00–13:00, reported at 13:00
    _s("tri-s16", "12:07", "sofia", None,
       "Maya,\n\nI still haven't heard back. If I don't have a delivery time or a credit note by {esc}, I'll have "
       "to escalate to our VP of Supply and put the summer listing on hold.\n\nSofia",
       ("escalate", "escalates", "escalation", "credit note", "VP", "summer listing", "listing", "delivery time"),
       "Sofia Marchetti (Greenway Markets): still waiting on PO {po}; give her a delivery slot or a credit note "
       "by {esc}, otherwise she takes it up to Greenway's VP of Supply and freezes the summer listing.",
       urgency="urgent", thread="thread-greenway", reply_to="tri-s08", times=("esc",)),
    _n("tri-n15", "12:15", FREIGHT_PULSE, "Freight Pulse Midday: warehouse rents up 3% quarter on quarter",
       "Industrial rents rose 3% quarter on quarter, led by cold storage. Plus: the midday market wrap.\n\n"
       "freightpulse.example — unsubscribe", _FP),
    _s("tri-s17", "12:33", "marcus", None,
       "Update: the landlord accepted a 3% cap on the escalator. The signature is needed by next Friday, so "
       "we have time — let's close it after Helen's finance sync.\n\nMarcus",
       ("3%", "cap", "signature", "next Friday", "accepted"),
       "Marcus Feld: the landlord agreed to cap the lease escalator at 3%; signature due next Friday, to close "
       "after the finance sync.",
       thread="thread-lease", reply_to="tri-s09"),
    _n("tri-n16", "12:40", TASKHIVE, "[TaskHive] Daily digest: 7 tasks updated",
       "7 tasks you follow were updated today. Open TaskHive to see the changes.\n\nYou can turn off the daily "
       "digest in your TaskHive settings.", _TH),
    _flex("tri-s18", "12:49", "aiko", "thread-selfassess", {
        "routine": Text(
            subject="Reminder: self-assessments due May 1",
            body="Hi Maya,\n\nA friendly reminder that your team's self-assessments for the spring review cycle are "
                 "due May 1. Two of your leads haven't started yet.\n\nAiko",
            kw=("leads", "haven't started", "spring review", "May 1"),
            oracle="Aiko Tanaka: team self-assessments close May 1 and two leads haven't started theirs - a "
                   "gentle heads-up."),
        "urgent": Text(
            subject="Self-assessments — the review cycle is closing",
            body="Hi Maya,\n\nThe HR system closes the spring review cycle at {due}, and two of your leads "
                 "still haven't submitted their self-assessments. Could you nudge them and sign off your part "
                 "before {due}?\n\nAiko",
            kw=("leads", "haven't submitted", "spring review", "nudge"), times=("due",),
            oracle="Aiko Tanaka: HR shuts the review cycle at {due} today; nudge the two leads still missing "
                   "self-assessments and do your own sign-off first."),
    }),
    _n("tri-n17", "12:55", PARCELPOINT, "ParcelPoint: delivered — left at reception",
       "Your package 1Z88 4410 2231 was delivered at {delivered} and left at reception.\n\nParcelPoint — this "
       "mailbox is not monitored.", _PP),
    # ------------------------------------------------------------------ 13:00–14:00, reported at 14:00
    _n("tri-n18", "13:05", VANTAGE, "Vantage Air: last seats to Lisbon from $389",
       "Last seats to Lisbon from $389 return. Book by Friday.\n\nVantage Air — unsubscribe", _VA),
    _flex("tri-s19", "13:12", "helen", "thread-reforecast", {
        "routine": Text(
            subject="Q2 reforecast template — due next Wednesday",
            body="Hi Maya,\n\nThe Q2 reforecast template is in the finance folder. Please fill in the operations "
                 "cost lines by next Wednesday.\n\nHelen",
            kw=("cost lines", "operations cost", "finance folder", "next Wednesday", "fill in"),
            oracle="Helen Achebe: your ops cost lines go into the Q2 reforecast (template in the finance "
                   "folder) - next Wednesday is the deadline."),
        "urgent": Text(
            subject="Q2 reforecast brought forward",
            body="Hi Maya,\n\nThe CFO moved the Q2 reforecast forward. The template is in the finance folder — "
                 "I need the operations cost lines filled in by {due}.\n\nHelen",
            kw=("cost lines", "operations cost", "finance folder", "CFO", "fill in", "filled in"), times=("due",),
            oracle="Helen Achebe: the CFO brought the Q2 reforecast forward; fill in the operations cost lines by "
                   "{due} today."),
    }),
    _n("tri-n19", "13:25", CLOUDDRIVE, "CloudDrive: your weekly activity summary",
       "This week: 143 files edited, 12 files shared, 3 new folders. See your full activity in CloudDrive.\n\n"
       "CloudDrive — automated summary.", _CD),
    _flex("tri-s20", "13:38", "priya", "thread-pir", {
        "routine": Text(
            subject="Post-incident review for this morning's WMS outage",
            body="Maya,\n\nI'd like to run a post-incident review of the WMS outage next week. Could you pick one of "
                 "Tuesday 10:00, Wednesday 14:00 or Thursday 09:00?\n\nPriya",
            kw=("next week", "pick", "slot", "slots", "choose", "options", "10:00", "14:00", "09:00"),
            oracle="Priya Raman: pick a slot next week for the WMS post-incident review (Tue 10:00, Wed 14:00 or "
                   "Thu 09:00)."),
        "urgent": Text(
            subject="Post-incident summary — your signature needed",
            body="Maya,\n\nOur insurer needs a signed post-incident summary of this morning's WMS outage by {due} "
                 "to keep the claim open. The draft is in the shared folder — could you review it and sign "
                 "before then?\n\nPriya",
            kw=("insurer", "insurance", "claim", "sign"), times=("due",),
            oracle="Priya Raman: sign the WMS outage write-up for the insurer by {due} today, or the claim "
                   "lapses (draft in the shared folder)."),
    }),
    _n("tri-n20", "13:44", LINKUP, "LinkUp: congratulate Sam on 5 years at Tidelane",
       "Sam Ortiz is celebrating 5 years at Tidelane. Say congrats!\n\nLinkUp — unsubscribe from work "
       "anniversaries.", _LU),
    _s("tri-s21", "13:54", "omar", None,
       "Dear Maya,\n\nI haven't received a confirmation yet. If I don't hear from you by {d2} I will need to "
       "reschedule, which delays your certificate renewal by about three weeks and incurs a rebooking fee.\n\n"
       "Omar Haddad",
       ("reschedule", "rescheduled", "rebooking", "certificate", "three weeks", "3 weeks", "3-week"),
       "Omar Haddad (SafeHarbor Audits): still no dock-access confirmation for tomorrow's 07:00 audit; unless "
       "confirmed by {d2} the audit is rescheduled (about a 3-week certificate delay plus a rebooking fee).",
       urgency="urgent", thread="thread-audit", reply_to="tri-s10", times=("d2",)),
    # ------------------------------------------------------------------ 14:00–15:00, reported at 15:00
    _n("tri-n21", "14:02", HARBORLINE, "Harborline: your cart is waiting",
       "You left 2 items in your cart. Complete your order today and get free delivery.\n\nHarborline Office "
       "Supply — unsubscribe", _HL),
    _s("tri-s22", "14:09", "daniel", "Call with Greenway's VP — please join",
       "Maya,\n\nGreenway's VP of Supply called me directly about the short shipment. I've set up a call at {call} "
       "and I need you on it with a recovery plan for the missing cases.\n\nDaniel",
       ("recovery plan", "recovery", "missing cases", "short shipment"),
       "Daniel Okoro: Greenway's VP of Supply called about the short shipment; call set for {call} today - join it "
       "and bring a recovery plan for the short cases.",
       urgency="urgent", thread="thread-vpcall", times=("call",)),
    _s("tri-s23", "14:18", "grace", None,
       "Jonah and I have both confirmed the swap — just waiting on your OK whenever you get a moment.\n\nGrace",
       ("Jonah", "confirmed", "OK", "approve", "sign-off", "sign off"),
       "Grace Liu: Jonah and Grace have both confirmed the Saturday shift swap; only your OK is missing.",
       thread="thread-shift", reply_to="tri-s06"),
    _n("tri-n29", "14:24", LUCY, "Urgent: a question about your order, Maya",
       "Hi Maya!\n\nLucy from Brewbox here - urgent, today only: 40% off your next three boxes if you reply "
       "before 6pm. Don't miss the deadline!\n\nLucy Hart\nBrewbox", (*_BB, "Lucy Hart", "Hart")),
    _n("tri-n22", "14:33", SPENDTRACK, "SpendTrack: expense report #4490 submitted",
       "Expense report #4490 ($96.15) was submitted for approval.\n\nThis is an automated message from "
       "SpendTrack. Do not reply.", _ST),
    _s("tri-s24", "14:41", "ben", None,
       "Maya,\n\nFollowing up: if Copperleaf commits to 12 months of volume by the end of the month, we can hold "
       "the increase to 2%. Let me know if you'd like a call next week.\n\nBen",
       ("2%", "12 months", "12-month", "volume", "commit", "commitment", "call next week"),
       "Ben Whitaker (Ridgeline Packaging): can hold the carton increase to 2% with a 12-month volume commitment "
       "by month-end; offers a call next week.",
       thread="thread-carton", reply_to="tri-s05"),
    _n("tri-n23", "14:50", FREIGHT_PULSE, "Freight Pulse Afternoon: rail volumes recover",
       "Rail carloads rose 4% week on week as intermodal demand recovered. Full story on freightpulse.example."
       "\n\nUnsubscribe", _FP),
    # ------------------------------------------------------------------ 15:00–16:00, reported at 16:00
    _n("tri-n24", "15:05", TASKHIVE, "[TaskHive] OPS-318: comment added by automation",
       "Automation added a comment to OPS-318 \"Quarterly forklift certification\": reminder sent to 4 "
       "assignees.\n\nManage notifications in TaskHive.", (*_TH, "OPS-318")),
    _s("tri-s25", "15:14", "tomas", None,
       "Update: the brake parts arrive tomorrow morning, and I found a spare reefer in our own fleet, so "
       "tomorrow's routes are covered — no rental needed.\n\nTomás",
       ("spare", "covered", "no rental", "parts", "own fleet"),
       "Tomás Rivera: no rental needed after all - a spare reefer from our own fleet covers truck 14's routes "
       "until its brake parts come tomorrow.",
       thread="thread-truck", reply_to="tri-s14"),
    _flex("tri-s26", "15:22", "carla", "thread-payrun", {
        "urgent": Text(
            subject="Your Ridgeline account — invoice RP-7731",
            body="Hello Maya,\n\nInvoice RP-7731 (${invoice}) is now 30 days past due. Our credit team puts "
                 "overdue accounts on hold at {due}, and a hold would stop tomorrow's carton delivery to Eastfield. "
                 "Could you send me a payment date before then?\n\nCarla Duarte\nAccounts Receivable, Ridgeline "
                 "Packaging",
            kw=("past due", "overdue", "hold", "on hold", "credit hold", "payment date", "carton delivery",
                "30 days"), times=("due",), amounts=("invoice",),
            oracle="Carla Duarte (Ridgeline Packaging billing): invoice RP-7731 (${invoice}) is a month late; "
                   "unless you give her a payment date by {due} the account goes on credit hold and tomorrow's "
                   "carton delivery stops."),
        "routine": Text(
            subject="Your Ridgeline account — invoice RP-7731",
            body="Hello Maya,\n\nA courtesy reminder that invoice RP-7731 (${invoice}) falls due on April 30. If "
                 "it's already in your payment run there's nothing to do."
                 "\n\nCarla Duarte\nAccounts Receivable, Ridgeline Packaging",
            kw=("April 30", "30 April", "payment run", "courtesy", "reminder", "falls due", "due"),
            amounts=("invoice",),
            oracle="Carla Duarte (Ridgeline Packaging billing): RP-7731 for ${invoice} comes due April 30 - no "
                   "action if our payment run already has it."),
    }),
    _n("tri-n25", "15:29", BREWBOX, "Brewbox: rate your last box",
       "How was your Ethiopia Guji box? Rate it in two taps and get 10% off your next add-on.\n\nBrewbox", _BB),
    _s("tri-s27", "15:36", "lena", None,
       "The room's booked and pizza is ordered for Friday 12:30. If you can't do the routing talk, no worries — "
       "just let me know by Thursday.\n\nLena",
       ("pizza", "room", "booked", "12:30", "routing talk", "talk", "Thursday"),
       "Lena Novak: room booked and pizza ordered for Friday's 12:30 lunch & learn; confirm the routing talk by "
       "Thursday.",
       thread="thread-lunch", reply_to="tri-s11"),
    _n("tri-n26", "15:48", LINKUP, "LinkUp: new job recommendations for you",
       "Based on your profile: Director of Operations (Remote), VP Supply Chain, Head of Logistics.\n\nLinkUp — "
       "unsubscribe from job alerts.", _LU),
)

# Which messages an item's text presupposes (a reply follows what it answers; a follow-up, what it mentions):
# each must arrive in an earlier hour than the item.
AFTER: dict[str, tuple[str, ...]] = {
    "tri-s07": ("tri-s04",), "tri-s12": ("tri-s07",), "tri-s20": ("tri-s12",), "tri-s13": ("tri-s01", "tri-s04"),
    "tri-s16": ("tri-s08",), "tri-s22": ("tri-s16",), "tri-s21": ("tri-s10",), "tri-s25": ("tri-s14",),
    "tri-s09": ("tri-s03",), "tri-s17": ("tri-s09",), "tri-s24": ("tri-s05",), "tri-s23": ("tri-s06",),
    "tri-s27": ("tri-s11",),
}
# Hours that must lie between an item and what it follows, when more than one: the auditor chases after the
# confirmation deadline of the first message has passed.
GAP = {"tri-s21": 2}
# The last reporting window (0 = overnight … 8 = 15:00–16:00) an item may arrive in: "this morning's" outage and
# delivery happen in the morning.
LATEST = {"tri-s04": 3, "tri-s08": 4}

# The tone of an item is drawn apart from its urgency: an alarmed urgent item and an alarmed routine one use the
# same alarm words ("urgent", "today"), so counting them says nothing about what is urgent. Every routine item also
# names a clock time after a "by" — on another day ("I'll follow up by 10:00 tomorrow") — so neither "names a time"
# nor "by <time>" says what is due today: only reading which day it is does.
URGENT_ALARMED = ("This is urgent, I'm afraid - it has to be sorted today.",
                  "Urgent, please - today is the only window.",
                  "Sorry to push, but this is urgent and needs you today.")
ROUTINE_ALARMED = ("Nothing urgent - no need to look at it today; I'll follow up by {later} tomorrow.",
                   "Not urgent at all, and no need to reply today - I'll check back by {later} on Thursday.",
                   "This isn't urgent - don't let it eat into today. I'll send more by {later} on Friday.")
ROUTINE_CALM = ("I'll send a fuller note by {later} tomorrow.",
                "I'll follow up by {later} on Thursday.",
                "I'll check back by {later} on Friday.")

# Drawn worlds (seed > 0) word tone and follow-ups from these, drawn per item (``Params.tones``): several
# structures each (a clause before or after, a question, an aside in brackets), and alarm that names no category —
# an alarmed routine item sounds as pressing as an urgent one, its deadline on another day.
DRAWN_ALARMED = ("URGENT!! Please look at this first.", "I know everyone says urgent - this one really is.",
                 "(Flagging as urgent so it doesn't get buried.)", "Please prioritise - it's pressing.",
                 "Sorry to push, it's important to me today.", "This is urgent, I'm afraid.")
DRAWN_FOLLOW_UP = (*ROUTINE_CALM, "More from me by {later} {other_day}.", "Expect an update ({later}, {other_day}).",
                   "{Other_day} at {later} I'll send the rest.", "Could we catch up {other_day}, {later}?",
                   "I'm around {other_day} from {later} if you want to talk it through.")
DRAWN_OFFER = ("Or ring me at {later} on Monday if that's easier.", "I'm also free at {later} next Wednesday.",
               "We could go through it at {later} on Thursday.", "Happy to walk you through it {other_day} at {later}.",
               "{Other_day}, {later}, works for a call if needed.")
# Drawn worlds also open every item, urgent or routine, with an aside naming a clock time earlier today and, as
# often as not, words of harm ("down", "failed", "stopped") but no alarm words ("today", "now", "urgent") nor "by",
# "before" or "at" before the time: neither a
# same-day clock time nor a harm word then says which mail is urgent, and a report that gives the aside's time gives
# the wrong time (it is one of the ``decoys``).
DRAWN_ASIDE = ("Sorry for the slow reply - our network was down until {aside} this morning.",
               "(Writing late: I was stuck in a meeting that ran until {aside}.)",
               "The office printer failed again around {aside}, so this comes by email instead.",
               "Our stand-up ran until {aside}, hence the delay.",
               "I tried to call you around {aside} but it went to voicemail.",
               "The building lost power for a bit around {aside}; all back since.",
               "Quick one - I've been on the floor since {aside} and only just sat down.",
               "The shuttle stopped running just after {aside}, so I'm writing from the train.")
# The part's phrasebook: a drawn world's tone, follow-ups and asides are drawn through it (``world.drawn_tone``,
# ``world.aside``), so a wording pack words them anew.
TONES = Phrasebook({"alarm": DRAWN_ALARMED, "follow_up": DRAWN_FOLLOW_UP, "offer": DRAWN_OFFER,
                    "aside": DRAWN_ASIDE})

# Words a sort by alarm would count (the drawn tones balance them between urgent and routine mail, ``params.tones``).
ALARM_WORDS = ("urgent", "urgently", "asap", "today", "tonight", "deadline", "immediately", "critical", "important",
               "now", "eod", "end of day", "priority", "emergency", "overdue", "final", "last chance",
               "action required")
_ALARM = re.compile("|".join(rf"(?<!\w){re.escape(w)}(?!\w)" for w in ALARM_WORDS), re.I)


def alarm_words(text: str) -> int:
    """How many alarm words ``text`` holds."""
    return len(_ALARM.findall(text))


BY_ID: dict[str, Item | Noise] = {t.id: t for t in TEMPLATES}
ITEMS: dict[str, Item] = {t.id: t for t in TEMPLATES if isinstance(t, Item)}
NOISE: dict[str, Noise] = {t.id: t for t in TEMPLATES if isinstance(t, Noise)}
FLEX_IDS = [i.id for i in ITEMS.values() if i.urgency == "flex"]
