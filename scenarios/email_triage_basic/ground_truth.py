"""Ground truth of the email_triage_basic day: every email, when it arrives, and how it must be triaged.

One list drives both the world (``_build.py`` turns it into ``initial_state.json``) and the grading
(``evaluators.py``). ``kind`` is ``"substantive"`` (must be reported, with ``keywords`` — any one of them,
matched as a whole word, case-insensitive, counts as a mention) or ``"noise"`` (newsletters, promotions,
automated notifications: none of its ``keywords`` may appear in any summary). ``urgent`` marks the items a
summary must rank above the other substantive items of the same reporting window.
"""

from __future__ import annotations

DAY = "2026-04-14"
START = f"{DAY}T08:00:00+00:00"
END = f"{DAY}T17:00:00+00:00"
REPORT_SLOTS = 9  # summaries at 08:00 (overnight mail), 09:00, ..., 16:00

USER_NAME = "Maya Lindqvist"
USER_EMAIL = "maya.lindqvist@copperleaf.example"
USER_PHONE = "+15550107700"

CO = "copperleaf.example"
DANIEL = f"daniel.okoro@{CO}"
AIKO = f"aiko.tanaka@{CO}"
MARCUS = f"marcus.feld@{CO}"
PRIYA = f"priya.raman@{CO}"
GRACE = f"grace.liu@{CO}"
HELEN = f"helen.achebe@{CO}"
LENA = f"lena.novak@{CO}"
TOMAS = f"tomas.rivera@{CO}"
RAJ = f"raj.mehta@{CO}"
BEN = "ben.whitaker@ridgelinepack.example"
SOFIA = "sofia.marchetti@greenwaymarkets.example"
OMAR = "omar.haddad@safeharbor-audits.example"

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


def _t(hhmm: str) -> str:
    return f"{DAY}T{hhmm}:00+00:00"


def _s(eid, at, frm, subject, body, keywords, urgent=False, thread=None, reply_to=None):
    return {"id": eid, "at": _t(at), "from": frm, "subject": subject, "body": body, "kind": "substantive",
            "urgent": urgent, "keywords": keywords, "thread": thread or f"thread-{eid}", "reply_to": reply_to}


def _n(eid, at, frm, subject, body, keywords):
    return {"id": eid, "at": _t(at), "from": frm, "subject": subject, "body": body, "kind": "noise",
            "urgent": False, "keywords": keywords, "thread": f"thread-{eid}", "reply_to": None}


_DANIEL_KW = ("Daniel", "Okoro")
_PRIYA_KW = ("Priya", "Raman")
_TOMAS_KW = ("Tomás", "Tomas", "Rivera", "Truck 14")
_LEASE = "Cold-storage lease renewal — landlord redlines"
_WMS = "WMS down at Eastfield warehouse — picking halted"
_BOARD = "Board deck — ops numbers needed by 13:00 today"
_GREENWAY = "Short shipment on PO 88213 — our shelves are empty"
_AUDIT = "Tomorrow's 07:00 food-safety audit — dock access needed by noon"

EMAILS: list[dict] = [
    # ------------------------------------------------------------------ already in the inbox at 08:00
    _n("tri-n01", "05:02", FREIGHT_PULSE, "Freight Pulse Daily: diesel prices dip for a third week",
       "Good morning from Freight Pulse. Diesel averaged $3.71 a gallon this week, the third weekly decline in a "
       "row. Also inside: why regional carriers are adding reefer capacity, and five charts on spring volumes.\n\n"
       "You are receiving this because you subscribed at freightpulse.example. Unsubscribe any time.", _FP),
    _n("tri-n02", "06:10", HARBORLINE, "Harborline Office Supply: 25% off ergonomic chairs this week",
       "Sit better, work better. Take 25% off every ergonomic chair through Sunday with code SIT25. Free delivery "
       "on orders over $150.\n\nHarborline Office Supply — unsubscribe | preferences", _HL),
    _s("tri-s01", "06:52", DANIEL, _BOARD,
       "Maya,\n\nThe board moved our operations review to tomorrow morning, so I need the ops slide numbers "
       "today: Q1 on-time delivery rate, warehouse throughput and spoilage. A rough cut is fine, I'll polish it — "
       "but I need it by 13:00 at the latest.\n\nDaniel", (*_DANIEL_KW, "board deck"), urgent=True,
       thread="thread-board"),
    _s("tri-s02", "07:15", AIKO, "Onboarding plan for Thursday's three new hires",
       "Hi Maya,\n\nAttached is the draft onboarding plan for the three warehouse associates who start on "
       "Thursday. Could you look it over this week and tell me whether you want to do the 9:30 welcome yourself? "
       "No rush before Wednesday.\n\nThanks,\nAiko", ("Aiko", "Tanaka", "onboarding"), thread="thread-onboarding"),
    _s("tri-s03", "07:30", MARCUS, _LEASE,
       "Maya,\n\nThe landlord of the Bayside cold-storage unit sent redlines on the renewal. Main changes: a "
       "five-year term, a 4% annual rent escalator, and we would carry the refrigeration maintenance. My comments "
       "are in the margin. Please read it when you get a chance — I'd like your view by Friday.\n\nMarcus",
       ("Marcus", "Feld", "lease"), thread="thread-lease"),
    _n("tri-n03", "07:41", SPENDTRACK, "SpendTrack: expense report #4471 approved",
       "Your expense report #4471 (Client dinner, $212.40) was approved by Helen Achebe and will be reimbursed in "
       "the next payroll cycle.\n\nThis is an automated message from SpendTrack. Do not reply.", _ST),
    # ------------------------------------------------------------------ 08:00–09:00, reported at 09:00
    _n("tri-n04", "08:05", LINKUP, "LinkUp: 4 people viewed your profile",
       "Maya, your profile is getting noticed! 4 people viewed your profile this week, including recruiters in "
       "logistics.\n\nSee who viewed you on LinkUp. Unsubscribe from these notifications.", _LU),
    _s("tri-s04", "08:12", PRIYA, _WMS,
       "Maya,\n\nThe warehouse management system at Eastfield went down at 07:55. Scanners can't pull pick "
       "lists, so picking for the morning routes has stopped — roughly 40 orders are at risk of missing the 11:00 "
       "truck departures. I've opened a P1 with the vendor and we're trying paper pick lists in the meantime. "
       "I'll update you within the hour.\n\nPriya", (*_PRIYA_KW, "WMS", "Eastfield"), urgent=True,
       thread="thread-wms"),
    _s("tri-s05", "08:37", BEN, "Q3 carton price adjustment",
       "Hi Maya,\n\nA heads-up that Ridgeline Packaging's corrugated carton prices will rise 6% from July 1 "
       "because of paper costs. I'm happy to walk you through the options, including a volume commitment that "
       "softens the increase. No action needed today.\n\nBest,\nBen Whitaker\nRidgeline Packaging",
       ("Ben", "Whitaker", "Ridgeline", "carton"), thread="thread-carton"),
    _n("tri-n05", "08:44", PARCELPOINT, "ParcelPoint: your package has shipped",
       "Good news! Your package 1Z88 4410 2231 has shipped and is expected Thursday by 8pm.\n\nTrack it in the "
       "ParcelPoint app. This mailbox is not monitored.", _PP),
    _s("tri-s06", "08:51", GRACE, "Shift swap request for Saturday",
       "Hi Maya,\n\nJonah asked to swap his Saturday early shift for my Sunday one. I'm fine with it, but it needs "
       "your sign-off because it takes me over 40 hours that week. Any time this week is fine.\n\nGrace",
       ("Grace", "Liu", "shift swap"), thread="thread-shift"),
    # ------------------------------------------------------------------ 09:00–10:00, reported at 10:00
    _s("tri-s07", "09:08", PRIYA, f"Re: {_WMS}",
       "Update: the vendor says the database server failed. They can restore in about two hours, but only under "
       "their emergency support tier, which costs $4,500. I need your approval to go ahead — the paper pick lists "
       "are only covering about half of the orders.\n\nPriya", (*_PRIYA_KW, "WMS"), urgent=True,
       thread="thread-wms", reply_to="tri-s04"),
    _n("tri-n06", "09:15", TASKHIVE, "[TaskHive] OPS-311 moved to In Review",
       "OPS-311 \"Relabel aisle 7 bins\" was moved from In Progress to In Review by automation rule #12.\n\n"
       "You are watching this task. Manage notifications in TaskHive.", (*_TH, "OPS-311")),
    _s("tri-s08", "09:26", SOFIA, _GREENWAY,
       "Maya,\n\nThis morning's delivery against PO 88213 arrived 60 cases short — mostly the cold brew and oat "
       "milk lines. Our weekend promotion starts tomorrow and the shelves in 12 stores are empty. I need to know "
       "today when the missing cases will arrive.\n\nSofia Marchetti\nCategory Manager, Greenway Markets",
       ("Sofia", "Marchetti", "Greenway", "88213"), urgent=True, thread="thread-greenway"),
    _n("tri-n07", "09:33", VANTAGE, "Vantage Air: double miles on spring getaways",
       "Earn double miles on every spring getaway booked by April 30. Lisbon, Reykjavik, Montreal and more.\n\n"
       "Vantage Air Rewards — you are receiving this as a member. Unsubscribe.", (*_VA, "double miles")),
    _s("tri-s09", "09:47", HELEN, f"Re: {_LEASE}",
       "Jumping in on Marcus's note: the 4% escalator adds about $38k over the term compared with budget. Not "
       "urgent, but let's discuss it at Thursday's finance sync before we respond.\n\nHelen",
       ("Helen", "Achebe"), thread="thread-lease", reply_to="tri-s03"),
    _n("tri-n08", "09:55", FREIGHT_PULSE, "Freight Pulse Alert: port congestion eases on the West Coast",
       "Container dwell times at West Coast ports fell to 3.1 days, the lowest since January. Read the full alert "
       "on freightpulse.example.\n\nUnsubscribe | Manage alerts", _FP),
    # ------------------------------------------------------------------ 10:00–11:00, reported at 11:00
    _n("tri-n09", "10:03", CLOUDDRIVE, "CloudDrive: your storage is 85% full",
       "You've used 85% of your 2 TB CloudDrive plan. Upgrade now to keep syncing without interruption.\n\n"
       "CloudDrive — this is an automated message.", _CD),
    _s("tri-s10", "10:09", OMAR, _AUDIT,
       "Dear Maya,\n\nThis confirms that SafeHarbor's food-safety audit of the Eastfield site is scheduled for "
       "tomorrow at 07:00. Please confirm by 12:00 today who will meet me at the dock, and that I will have access "
       "to the cold rooms and the sanitation logs.\n\nRegards,\nOmar Haddad\nLead Auditor, SafeHarbor Audits",
       ("Omar", "Haddad", "SafeHarbor", "audit", "auditor"), urgent=True, thread="thread-audit"),
    _s("tri-s11", "10:31", LENA, "Lunch & learn on Friday — topic ideas?",
       "Hi Maya!\n\nI'm organising Friday's lunch & learn for the ops team. Would you be up for a 20-minute slot "
       "on how we plan delivery routes? Or suggest another topic — let me know by Thursday.\n\nLena",
       ("Lena", "Novak", "lunch"), thread="thread-lunch"),
    _n("tri-n10", "10:40", HARBORLINE, "Harborline Flash Sale: toner 2-for-1 until midnight",
       "Flash sale! Buy one toner cartridge, get one free — today only, until midnight.\n\nHarborline Office "
       "Supply — unsubscribe | preferences", _HL),
    _s("tri-s12", "10:52", PRIYA, f"Re: {_WMS}",
       "Good news: the vendor restored the WMS at 10:40 and agreed to waive the emergency fee, since it was a "
       "hardware fault on their side. Picking has resumed; we'll clear the backlog by 13:00 and only two routes "
       "leave late. No action needed from you.\n\nPriya", (*_PRIYA_KW, "WMS"), thread="thread-wms",
       reply_to="tri-s07"),
    _n("tri-n11", "10:58", LINKUP, "LinkUp: you appeared in 12 searches this week",
       "You appeared in 12 searches this week. Add skills to your profile to show up in more.\n\nLinkUp — "
       "unsubscribe from weekly search stats.", _LU),
    # ------------------------------------------------------------------ 11:00–12:00, reported at 12:00
    _n("tri-n12", "11:05", SPENDTRACK, "SpendTrack: receipt missing for Cafe Lumo charge",
       "A card charge of $18.60 at Cafe Lumo on April 9 has no receipt attached. Snap a photo in the SpendTrack "
       "app to attach one.\n\nThis is an automated reminder. Do not reply.", _ST),
    _s("tri-s13", "11:14", DANIEL, f"Re: {_BOARD}",
       "Maya, one addition for the board slide: please include the hours of downtime from this morning's "
       "warehouse system outage and the number of late routes. Same 13:00 deadline.\n\nThanks,\nDaniel",
       (*_DANIEL_KW, "board"), urgent=True, thread="thread-board", reply_to="tri-s01"),
    _n("tri-n13", "11:20", COLDCHAIN, "Reminder: Cold Chain Summit webinar starts Thursday",
       "Your seat is reserved for \"Temperature excursions: from alarm to action\", Thursday 16:00 UTC. Add it to "
       "your calendar.\n\nCold Chain Summit events — you registered at coldchainsummit.example.", _CC),
    _s("tri-s14", "11:29", TOMAS, "Truck 14 failed brake inspection — out of service",
       "Maya,\n\nTruck 14 failed its brake inspection this morning and is grounded until parts arrive. It runs "
       "tomorrow's Greenway route and two restaurant routes. I need your OK by 15:00 to rent a replacement reefer "
       "truck (about $650 a day), or we'll have to cancel those deliveries.\n\nTomás", _TOMAS_KW, urgent=True,
       thread="thread-truck"),
    _s("tri-s15", "11:46", RAJ, "May promo calendar draft for review",
       "Hi Maya,\n\nHere's Sales' draft promo calendar for May. Could you check the volumes against warehouse "
       "capacity sometime next week?\n\nRaj", ("Raj", "Mehta", "promo calendar"), thread="thread-promo"),
    _n("tri-n14", "11:51", BREWBOX, "Brewbox: your next coffee box ships Friday — add a treat?",
       "Your next Brewbox ships Friday. Add shortbread or a new mug before Thursday night.\n\nBrewbox — manage "
       "your subscription.", _BB),
    # ------------------------------------------------------------------ 12:00–13:00, reported at 13:00
    _s("tri-s16", "12:07", SOFIA, f"Re: {_GREENWAY}",
       "Maya,\n\nI still haven't heard back. If I don't have a delivery time or a credit note by 15:00, I'll have "
       "to escalate to our VP of Supply and put the summer listing on hold.\n\nSofia",
       ("Sofia", "Marchetti", "Greenway", "88213"), urgent=True, thread="thread-greenway", reply_to="tri-s08"),
    _n("tri-n15", "12:15", FREIGHT_PULSE, "Freight Pulse Midday: warehouse rents up 3% quarter on quarter",
       "Industrial rents rose 3% quarter on quarter, led by cold storage. Plus: the midday market wrap.\n\n"
       "freightpulse.example — unsubscribe", _FP),
    _s("tri-s17", "12:33", MARCUS, f"Re: {_LEASE}",
       "Update: the landlord accepted a 3% cap on the escalator. The signature is needed by next Friday, so we "
       "have time — let's close it after Helen's finance sync.\n\nMarcus", ("Marcus", "Feld", "lease"),
       thread="thread-lease", reply_to="tri-s09"),
    _n("tri-n16", "12:40", TASKHIVE, "[TaskHive] Daily digest: 7 tasks updated",
       "7 tasks you follow were updated today. Open TaskHive to see the changes.\n\nYou can turn off the daily "
       "digest in your TaskHive settings.", _TH),
    _s("tri-s18", "12:49", AIKO, "Reminder: self-assessments due May 1",
       "Hi Maya,\n\nA friendly reminder that your team's self-assessments for the spring review cycle are due "
       "May 1. Two of your leads haven't started yet.\n\nAiko", ("Aiko", "Tanaka", "self-assessment"),
       thread="thread-selfassess"),
    _n("tri-n17", "12:55", PARCELPOINT, "ParcelPoint: delivered — left at reception",
       "Your package 1Z88 4410 2231 was delivered at 12:51 and left at reception.\n\nParcelPoint — this mailbox "
       "is not monitored.", _PP),
    # ------------------------------------------------------------------ 13:00–14:00, reported at 14:00
    _n("tri-n18", "13:05", VANTAGE, "Vantage Air: last seats to Lisbon from $389",
       "Last seats to Lisbon from $389 return. Book by Friday.\n\nVantage Air — unsubscribe", _VA),
    _s("tri-s19", "13:12", HELEN, "Q2 reforecast template — due next Wednesday",
       "Hi Maya,\n\nThe Q2 reforecast template is in the finance folder. Please fill in the operations cost lines "
       "by next Wednesday.\n\nHelen", ("Helen", "Achebe", "reforecast"), thread="thread-reforecast"),
    _n("tri-n19", "13:25", CLOUDDRIVE, "CloudDrive: your weekly activity summary",
       "This week: 143 files edited, 12 files shared, 3 new folders. See your full activity in CloudDrive.\n\n"
       "CloudDrive — automated summary.", _CD),
    _s("tri-s20", "13:38", PRIYA, "Post-incident review for this morning's WMS outage",
       "Maya,\n\nI'd like to run a post-incident review of the WMS outage next week. Could you pick one of "
       "Tuesday 10:00, Wednesday 14:00 or Thursday 09:00?\n\nPriya", (*_PRIYA_KW, "post-incident", "WMS"),
       thread="thread-pir"),
    _n("tri-n20", "13:44", LINKUP, "LinkUp: congratulate Sam on 5 years at Tidelane",
       "Sam Ortiz is celebrating 5 years at Tidelane. Say congrats!\n\nLinkUp — unsubscribe from work "
       "anniversaries.", _LU),
    _s("tri-s21", "13:54", OMAR, f"Re: {_AUDIT}",
       "Dear Maya,\n\nI haven't received a confirmation yet. If I don't hear from you by 15:00 I will need to "
       "reschedule, which delays your certificate renewal by about three weeks and incurs a rebooking fee.\n\n"
       "Omar Haddad", ("Omar", "Haddad", "SafeHarbor", "audit", "auditor"), urgent=True, thread="thread-audit",
       reply_to="tri-s10"),
    # ------------------------------------------------------------------ 14:00–15:00, reported at 15:00
    _n("tri-n21", "14:02", HARBORLINE, "Harborline: your cart is waiting",
       "You left 2 items in your cart. Complete your order today and get free delivery.\n\nHarborline Office "
       "Supply — unsubscribe", _HL),
    _s("tri-s22", "14:09", DANIEL, "Call with Greenway's VP at 15:30 today — please join",
       "Maya,\n\nGreenway's VP of Supply called me directly about the short shipment. I've set up a call at 15:30 "
       "today and I need you on it with a recovery plan for the missing cases.\n\nDaniel", _DANIEL_KW,
       urgent=True, thread="thread-vpcall"),
    _s("tri-s23", "14:18", GRACE, "Re: Shift swap request for Saturday",
       "Jonah and I have both confirmed the swap — just waiting on your OK whenever you get a moment.\n\nGrace",
       ("Grace", "Liu", "shift swap", "swap"), thread="thread-shift", reply_to="tri-s06"),
    _n("tri-n22", "14:33", SPENDTRACK, "SpendTrack: expense report #4490 submitted",
       "Expense report #4490 ($96.15) was submitted for approval.\n\nThis is an automated message from "
       "SpendTrack. Do not reply.", _ST),
    _s("tri-s24", "14:41", BEN, "Re: Q3 carton price adjustment",
       "Maya,\n\nFollowing up: if Copperleaf commits to 12 months of volume by the end of the month, we can hold "
       "the increase to 2%. Let me know if you'd like a call next week.\n\nBen",
       ("Ben", "Whitaker", "Ridgeline", "carton"), thread="thread-carton", reply_to="tri-s05"),
    _n("tri-n23", "14:50", FREIGHT_PULSE, "Freight Pulse Afternoon: rail volumes recover",
       "Rail carloads rose 4% week on week as intermodal demand recovered. Full story on freightpulse.example."
       "\n\nUnsubscribe", _FP),
    # ------------------------------------------------------------------ 15:00–16:00, reported at 16:00
    _n("tri-n24", "15:05", TASKHIVE, "[TaskHive] OPS-318: comment added by automation",
       "Automation added a comment to OPS-318 \"Quarterly forklift certification\": reminder sent to 4 "
       "assignees.\n\nManage notifications in TaskHive.", (*_TH, "OPS-318")),
    _s("tri-s25", "15:14", TOMAS, "Re: Truck 14 failed brake inspection — out of service",
       "Update: the brake parts arrive tomorrow morning, and I found a spare reefer in our own fleet, so "
       "tomorrow's routes are covered — no rental needed.\n\nTomás", _TOMAS_KW, thread="thread-truck",
       reply_to="tri-s14"),
    _s("tri-s26", "15:22", HELEN, "Payment run closes at 17:00 — one approval pending",
       "Maya,\n\nToday's supplier payment run closes at 17:00. The Ridgeline Packaging invoice RP-7731 ($18,420) "
       "still needs your approval in the finance system; otherwise it slips to next week and we lose the "
       "early-payment discount.\n\nHelen", ("Helen", "Achebe", "payment run"), urgent=True,
       thread="thread-payrun"),
    _n("tri-n25", "15:29", BREWBOX, "Brewbox: rate your last box",
       "How was your Ethiopia Guji box? Rate it in two taps and get 10% off your next add-on.\n\nBrewbox", _BB),
    _s("tri-s27", "15:36", LENA, "Re: Lunch & learn on Friday — topic ideas?",
       "The room's booked and pizza is ordered for Friday 12:30. If you can't do the routing talk, no worries — "
       "just let me know by Thursday.\n\nLena", ("Lena", "Novak", "lunch"), thread="thread-lunch",
       reply_to="tri-s11"),
    _n("tri-n26", "15:48", LINKUP, "LinkUp: new job recommendations for you",
       "Based on your profile: Director of Operations (Remote), VP Supply Chain, Head of Logistics.\n\nLinkUp — "
       "unsubscribe from job alerts.", _LU),
]

SUBSTANTIVE = [e for e in EMAILS if e["kind"] == "substantive"]
NOISE = [e for e in EMAILS if e["kind"] == "noise"]
NOISE_KEYWORDS = sorted({k for e in NOISE for k in e["keywords"]})

