"""The public phrasings of a drawn world's substantive mail (``letters`` says what each kind means and which fields it
carries): two or more per kind, differing in where the story, the deadline and the ``{which}`` sentence sit."""

from __future__ import annotations

# Says that the sender needs {ask} from the user and not {other}. Either comes first. Half the phrasings put the
# words of need ("still", "missing", "from you", "waiting") in the clause of {other} and the words of having it
# ("already", "done", "sorted") in the clause of {ask}, and the meaning comes from how the clauses compose: a
# correction ("if anyone tells you X is sorted, they're mistaken"), reported speech ("the team thinks you still owe
# me Y; you don't"), a contrast ("unlike X, which nobody has sent"). The other half say it plainly. So neither order
# nor the cue words beside a noun phrase tell which one is needed: only reading the sentence does.
WHICH = (
    "What I need from you is {ask}, not {other}.",
    "If anyone tells you {ask} is already sorted, they're mistaken - it isn't. I did say I still needed {other}, "
    "but it arrived this morning.",
    "I don't have {ask} yet; {other} I have already.",
    "I had {other} down as still missing from you, but it turned up an hour ago - unlike {ask}, which nobody has "
    "sent me.",
    "Nobody else can give me {ask}. As for {other}, no need, it's sorted.",
    "The team thinks you still owe me {other}; you don't, it's here. Don't assume {ask} is done as well: it isn't, "
    "and only you can send it.",
    "Where things stand: {other} I've already got, and the one I still need is {ask}.",
    "Please ignore my note saying {ask} was done; it isn't, and it has to come from you. I mixed it up with "
    "{other}, which is finished.",
    "Not {other} - that one is done. From you I need {ask}.",
    "You may have read that I'm still waiting on {other}. Not any more - it's here. It's a different story for "
    "{ask}, which I haven't seen.",
    "It's {ask} I need from you; {other} is taken care of.",
    "I was sure {ask} was settled and that {other} was the open item from you. I had them the wrong way round: "
    "{other} is settled, the open one is {ask}.",
)

# Says that the sender does not need {third} from the user either (it is settled, or someone else's). Half the
# phrasings carry words of need beside {third} ("still", "from you") and undo them ("people say I still need X;
# I don't"), so a cue word beside a noun phrase says nothing of which one the email needs.
ALSO = (
    "And {third} is covered as well.",
    "People keep saying I still need {third} from you - I don't.",
    "You can skip {third}; someone else is on it.",
    "I thought {third} was still missing, but it's here now.",
    "There was talk of {third} still being needed from you; that's been dropped.",
    "No need to send {third} either.",
)

# The other structure of an email's asks (drawn as often as ``WHICH`` + ``ALSO``): one sentence saying the sender
# needs neither {other} nor {third} from the user, and one saying it needs {ask} - so the ask that stands alone in its
# sentence is the needed one as often as it is the one not needed, and words of need and of having sit beside each
# as often as not.
NEITHER = (
    "Neither {other} nor {third} is needed from you any more.",
    "People told you I still need {other} and {third}; I don't, both are here.",
    "You can forget {other}, and {third} is already sorted.",
    "I thought I was still missing {other} and {third} from you, but both came in this morning.",
    "Don't spend time on {other} or {third} - someone else has them.",
    "There was talk that {other} and {third} are still open on your side; they aren't.",
)
# Says that the sender needs {ask} from the user (beside ``NEITHER``).
ALONE = (
    "What I need from you is {ask}.",
    "Don't take {ask} off your list - it isn't done, whatever you may have heard.",
    "I'm still missing {ask}, and only you can send it.",
    "If someone says {ask} is already sorted, they're wrong: I need it from you.",
    "The piece I'm waiting on from you is {ask}.",
    "Please don't assume {ask} is covered; it has to come from you.",
)

BODIES: dict[str, tuple[str, ...]] = {
    "board deck": (
        "Maya,\n\nThe board moved our operations review to tomorrow morning, so I'm finishing the deck this afternoon "
        "and one ops figure is still missing - I need it before {board_due}. {which} A rough cut is fine, I'll "
        "polish it.\n\nDaniel",
        "Quick one, Maya: deadline {board_due} today for the board deck, now that the board reviews us tomorrow "
        "morning. {which} Rough numbers will do; I'll tidy them up.\n\nDaniel",
    ),
    "onboarding later": (
        "Hi Maya,\n\nAttached is the draft onboarding plan for the three warehouse associates who start on Thursday. "
        "{which} Any time up to Wednesday is fine.\n\nThanks,\nAiko",
        "Hi Maya,\n\nNo rush on this one. {which} It's for Thursday, when our three new associates start; the draft "
        "plan is attached and Wednesday is soon enough.\n\nAiko",
    ),
    "onboarding tomorrow": (
        "Hi Maya,\n\nThe three warehouse associates start tomorrow morning and the printed schedules go out this "
        "afternoon. {which} I need it by {due}; the draft onboarding plan is attached.\n\nThanks,\nAiko",
        "Hi Maya,\n\nThe printer takes the schedules for tomorrow's three new starters at {due}, so I'm short of one "
        "answer before then. {which}\n\nAiko",
    ),
    "lease redlines": (
        "Maya,\n\nThe landlord of the Bayside cold-storage unit sent redlines on the renewal; my comments are in the "
        "margin. {which} I'd like it by Friday.\n\nMarcus",
        "Maya,\n\n{which} Context: the Bayside landlord came back with a marked-up renewal of the cold-storage lease, "
        "and I've annotated it. Friday would be good.\n\nMarcus",
    ),
    "outage": (
        "Maya,\n\nThe warehouse management system at Eastfield went down at {wms_down}. Scanners can't pull pick "
        "lists, so picking for the morning routes has stopped - roughly 40 orders are at risk of missing the "
        "{wms_trucks} truck departures. I've opened a P1 with the vendor. {which}\n\nPriya",
        "Maya,\n\nBad news from Eastfield: since {wms_down} our warehouse system is offline and nobody can pick. "
        "{which} About 40 orders could miss the trucks leaving at {wms_trucks}; the vendor has a P1 ticket.\n\nPriya",
    ),
    "carton rise": (
        "Hi Maya,\n\nA heads-up that Ridgeline Packaging's corrugated carton prices will rise {pct}% from July 1 "
        "because of paper costs. There are ways to soften it. {which} No action needed today.\n\nBest,\nBen Whitaker"
        "\nRidgeline Packaging",
        "Hi Maya,\n\n{which} The background: paper costs push our carton prices up {pct}% from July 1, sorry to be "
        "the bearer. Nothing has to happen this week.\n\nBen Whitaker\nRidgeline Packaging",
    ),
    "shift swap": (
        "Hi Maya,\n\nJonah asked to swap his Saturday early shift for my Sunday one, and I'm fine with it. {which} Any "
        "time this week is fine.\n\nGrace",
        "Hi Maya,\n\nSmall one for this week: Jonah and I want to trade shifts (his Saturday early, my Sunday). {which}"
        "\n\nGrace",
    ),
    "outage fee": (
        "Update: the vendor says the database server failed. They can restore in about two hours, but only under "
        "their rapid-response support tier, which costs ${fee}. {which} The paper pick lists are only covering about "
        "half of the orders.\n\nPriya",
        "Maya - the vendor found the fault, a failed database server. {which} Two hours to restore if we pay ${fee} "
        "for their rapid-response tier; otherwise it's days.\n\nPriya",
    ),
    "short shipment": (
        "Maya,\n\nThis morning's delivery against PO {po} arrived 60 cases short - mostly the cold brew and oat milk "
        "lines. Our weekend promotion starts tomorrow and the shelves in 12 stores are empty. {which} Our stores "
        "lock their weekend orders this afternoon.\n\nSofia Marchetti\nCategory Manager, Greenway Markets",
        "Maya,\n\n{which} I need it before our stores lock their weekend orders this afternoon: PO {po} came in 60 "
        "cases short (cold brew and oat milk, mainly), twelve stores have bare shelves and our promotion starts "
        "tomorrow.\n\nSofia Marchetti\nGreenway Markets",
    ),
    "escalator cost": (
        "Jumping in on Marcus's note: the 4% escalator adds about $38k over the term compared with budget. {which}"
        "\n\nHelen",
        "Maya, on the lease renewal Marcus sent - {which} By my sums the escalator costs us roughly $38k more than "
        "planned across the term.\n\nHelen",
    ),
    "audit": (
        "Dear Maya,\n\nThis confirms that SafeHarbor's food-safety audit of the Eastfield site is scheduled for "
        "tomorrow at 07:00. {which} Please confirm it by {d1}.\n\nRegards,\nOmar Haddad\nLead Auditor, SafeHarbor "
        "Audits",
        "Dear Maya,\n\nAhead of tomorrow's 07:00 food-safety audit at Eastfield, I require one confirmation from you "
        "by {d1}. {which}\n\nRegards,\nOmar Haddad\nSafeHarbor Audits",
    ),
    "lunch and learn": (
        "Hi Maya!\n\nI'm organising Friday's lunch & learn for the ops team. {which} Let me know by Thursday.\n\nLena",
        "Hi Maya!\n\n{which} It's for Friday's lunch & learn, which is coming together nicely. Thursday is my cut-off."
        "\n\nLena",
    ),
    "outage over": (
        "Good news: the vendor restored the WMS at {wms_up} and waived the rapid-response fee, since it was a hardware "
        "fault on their side. Picking has resumed; we'll clear the backlog by {wms_backlog}. {which} No rush on it."
        "\n\nPriya",
        "Maya,\n\nWe're back. {which} For the record: WMS up again since {wms_up}, fee waived (their hardware was at "
        "fault), and the backlog should be gone by {wms_backlog}.\n\nPriya",
    ),
    "board addition": (
        "Maya, one addition for the board slide, same cut-off, {board_due}. {which}\n\nThanks,\nDaniel",
        "Maya,\n\nThe board will ask about this morning's warehouse outage. {which} Same deadline as the rest, "
        "{board_due}.\n\nDaniel",
    ),
    "truck down": (
        "Maya,\n\nTruck 14 failed its brake inspection this morning and is grounded until parts arrive. It runs "
        "tomorrow's Greenway route and two restaurant routes. A stand-in reefer from the rental yard is about ${rent} "
        "a day. {which} I need it by {truck_due}, or we'll have to cancel those deliveries.\n\nTomás",
        "Maya,\n\nBy {truck_due} I need one thing from you, or three of tomorrow's routes get cancelled: truck 14 "
        "flunked its brake check and is off the road, and a stand-in reefer would run about ${rent} per day. {which}"
        "\n\nTomás",
    ),
    "promo draft": (
        "Hi Maya,\n\nHere's Sales' draft promo calendar for May. {which} Sometime next week is fine.\n\nRaj",
        "Hi Maya,\n\n{which} It's about the May promo calendar Sales has drafted; nothing is locked, next week works."
        "\n\nRaj",
    ),
    "promo lock": (
        "Hi Maya,\n\nSales locks the May promo calendar with our largest customer at {due}, and after that the volumes "
        "are contractual. {which} It has to happen before {due}.\n\nRaj",
        "Hi Maya,\n\n{which} Once the May promo calendar locks at {due} we're bound to it by contract.\n\nRaj",
    ),
    "shipment chase": (
        "Maya,\n\nI still haven't heard back about PO {po}. {which} If I don't have it by {esc}, I'll have to escalate "
        "to our VP of Supply and put the summer listing on hold.\n\nSofia",
        "Maya,\n\nChasing again. Our VP of Supply hears about PO {po} at {esc} unless you've answered by then, and "
        "the summer listing goes on hold. {which}\n\nSofia",
    ),
    "lease agreed": (
        "Update: the landlord accepted a 3% cap on the escalator. The signature is due next Friday, so we have time. "
        "{which}\n\nMarcus",
        "Maya,\n\n{which} Good news on Bayside: the landlord will cap the escalator at 3%, and we close after Helen's "
        "finance sync, well before next Friday.\n\nMarcus",
    ),
    "reviews later": (
        "Hi Maya,\n\nA friendly reminder that the spring review cycle closes May 1. Two of your leads haven't started "
        "yet. {which}\n\nAiko",
        "Hi Maya,\n\nSpring reviews - plenty of time, the cycle runs to May 1. {which}\n\nAiko",
    ),
    "reviews closing": (
        "Hi Maya,\n\nThe HR system closes the spring review cycle at {due}, and two of your leads still haven't "
        "submitted their self-assessments. {which}\n\nAiko",
        "Hi Maya,\n\nBefore {due}, when the review cycle shuts in the HR system, I still need one thing from you. "
        "{which}\n\nAiko",
    ),
    "reforecast later": (
        "Hi Maya,\n\nThe Q2 reforecast template is in the finance folder. {which} Next Wednesday is the deadline."
        "\n\nHelen",
        "Hi Maya,\n\n{which} That's for the Q2 reforecast, due next Wednesday - the template sits in the finance "
        "folder.\n\nHelen",
    ),
    "reforecast early": (
        "Hi Maya,\n\nThe CFO moved the Q2 reforecast forward. The template is in the finance folder and it's due by "
        "{due}. {which}\n\nHelen",
        "Hi Maya,\n\nThe cut-off for the Q2 reforecast is now {due} - the CFO brought it forward. {which}\n\nHelen",
    ),
    "outage review": (
        "Maya,\n\nI'd like to run a post-incident review of the WMS outage next week. {which}\n\nPriya",
        "Maya,\n\n{which} Next week, once things calm down, I want us to go over what went wrong with the WMS. No "
        "hurry.\n\nPriya",
    ),
    "outage claim": (
        "Maya,\n\nOur insurer needs the post-incident paperwork for this morning's WMS outage by {due} to keep the "
        "claim open. The draft is in the shared folder. {which}\n\nPriya",
        "Maya,\n\nThe insurance claim for the WMS outage lapses at {due} unless the insurer has our paperwork. {which} "
        "The draft's in the shared folder.\n\nPriya",
    ),
    "audit chase": (
        "Dear Maya,\n\nI haven't received a confirmation yet. {which} If I don't hear from you by {d2} I will need to "
        "reschedule, which delays your certificate renewal by about three weeks and incurs a rebooking fee.\n\nOmar "
        "Haddad",
        "Dear Maya,\n\n{which} Without a confirmation by {d2}, tomorrow's audit moves and your certificate slips "
        "about three weeks, plus a rebooking fee.\n\nRegards,\nOmar Haddad",
    ),
    "customer call": (
        "Maya,\n\nGreenway's VP of Supply called me directly about the short shipment. I've set up a call at {call} "
        "and I need you on it. {which}\n\nDaniel",
        "Maya,\n\n{which} Bring it to the call at {call} with Greenway's VP of Supply - he rang me about the short "
        "delivery.\n\nDaniel",
    ),
    "swap agreed": (
        "Jonah and I have both confirmed the swap. {which}\n\nGrace",
        "Hi Maya,\n\nThe swap's agreed on both sides now; Jonah confirmed this morning. {which}\n\nGrace",
    ),
    "carton deal": (
        "Maya,\n\nFollowing up: we can hold the increase to 2% if Copperleaf agrees to one condition. {which} Let me "
        "know if you'd like a call next week.\n\nBen",
        "Maya,\n\n{which} In return the carton increase stays at 2% instead of the full rise. Happy to talk next week."
        "\n\nBen",
    ),
    "truck covered": (
        "Update: the brake parts arrive tomorrow morning, and I found a spare reefer in our own fleet, so tomorrow's "
        "routes are covered - no rental needed. {which}\n\nTomás",
        "Maya,\n\nSorted: a spare reefer from our own fleet covers truck 14's routes until its brake parts come "
        "tomorrow. Nothing to rent. {which}\n\nTomás",
    ),
    "invoice overdue": (
        "Hello Maya,\n\nInvoice RP-7731 (${invoice}) is now 30 days past due. Our credit team puts overdue accounts "
        "on hold at {due}, and a hold would stop tomorrow's carton delivery to Eastfield. {which}\n\nCarla Duarte\n"
        "Accounts Receivable, Ridgeline Packaging",
        "Hello Maya,\n\n{which} At {due} your account goes on credit hold - invoice RP-7731 for ${invoice} is a month "
        "overdue - and tomorrow's carton delivery would not leave.\n\nCarla Duarte\nRidgeline Packaging",
    ),
    "invoice reminder": (
        "Hello Maya,\n\nA courtesy reminder that invoice RP-7731 (${invoice}) falls due on April 30. {which} Nothing "
        "is needed today.\n\nCarla Duarte\nAccounts Receivable, Ridgeline Packaging",
        "Hello Maya,\n\nInvoice RP-7731, ${invoice}, is due April 30 - no need to act today. {which}\n\nCarla Duarte"
        "\nRidgeline Packaging",
    ),
    "lunch booked": (
        "The room's booked and pizza is ordered for Friday 12:30. {which} Just let me know by Thursday.\n\nLena",
        "Hi Maya!\n\nAll set for Friday at 12:30: room booked, pizza ordered. {which} Thursday is fine.\n\nLena",
    ),
}

# Subject lines of the thread starters, naming none of their item's asks.
SUBJECTS: dict[str, tuple[str, ...]] = {
    "board deck": ("Board deck — ops numbers needed", "One figure for tomorrow's board review"),
    "onboarding later": ("Onboarding plan for Thursday's three new hires", "Thursday's new starters - draft plan"),
    "onboarding tomorrow": ("Onboarding plan for tomorrow's three new hires", "New starters tomorrow - one question"),
    "lease redlines": ("Cold-storage lease renewal — landlord redlines", "Bayside renewal: marked-up draft"),
    "outage": ("WMS down at Eastfield warehouse — picking halted", "Eastfield: warehouse system offline"),
    "carton rise": ("Q3 carton price adjustment", "Carton pricing from July"),
    "shift swap": ("Shift swap request for Saturday", "Weekend shifts - Jonah and me"),
    "short shipment": ("Short shipment on PO {po} — our shelves are empty", "PO {po}: 60 cases missing"),
    "audit": ("Tomorrow's 07:00 food-safety audit — one confirmation", "Audit at Eastfield tomorrow, 07:00"),
    "lunch and learn": ("Lunch & learn on Friday", "Friday lunch & learn - can you help?"),
    "truck down": ("Truck 14 failed brake inspection — out of service", "Truck 14 off the road"),
    "promo draft": ("May promo calendar draft for review", "Draft May promotions"),
    "promo lock": ("May promo calendar — before it locks", "May promotions lock today"),
    "reviews later": ("Reminder: spring reviews", "Spring review cycle"),
    "reviews closing": ("Self-assessments — the review cycle is closing", "Review cycle shuts today"),
    "reforecast later": ("Q2 reforecast — due next Wednesday", "Q2 reforecast template"),
    "reforecast early": ("Q2 reforecast brought forward", "Reforecast moved up to today"),
    "outage review": ("Post-incident review for this morning's WMS outage", "Looking back at the WMS outage"),
    "outage claim": ("Post-incident paperwork — insurer deadline", "WMS outage: insurance claim"),
    "customer call": ("Call with Greenway's VP — please join", "Greenway VP call today"),
    "invoice overdue": ("Your Ridgeline account — invoice RP-7731", "Ridgeline: RP-7731 overdue"),
    "invoice reminder": ("Your Ridgeline account — invoice RP-7731", "Ridgeline invoice RP-7731 - reminder"),
}
