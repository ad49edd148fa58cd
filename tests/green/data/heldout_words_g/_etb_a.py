"""Held-out wording of email_triage_basic's item letters (first half): body and subject kinds."""

from __future__ import annotations

WORDS: dict[str, tuple[str, ...]] = {
    # The sender needs {ask} and not {other}, either first, six each. Half say it plainly; the other half carry the
    # words of need ("still", "missing", "waiting", "owe") in {other}'s clause and the words of having ("already",
    # "done", "sorted", "finished") in {ask}'s, and how the clauses compose decides: a tracker or notes said wrong,
    # reported speech denied, a contrast ("if only I could say the same"), a correction of an earlier mail.
    "which": (
        "The thing I'm still short of is {ask}; there's no need to chase {other}, it's in hand.",
        "The tracker shows {ask} as done already - it's wrong about that. It also shows {other} as still missing "
        "from you, and that's wrong too: I've had it since yesterday.",
        "On {other} we're all set. The open point, and it has to come from you, is {ask}.",
        "According to the handover notes you still owe me {other}, but those notes are out of date - it's here. "
        "They also call {ask} finished, which it isn't, and no one but you can close it.",
        "Could you send me {ask}? That part hasn't reached me. Please leave {other} be - it's been done.",
        "Whoever marked {ask} as sorted jumped the gun; by contrast, {other}, which I kept saying I was still "
        "waiting on, has come in.",
        "Forget about {other} - I've got it. I'm still waiting for {ask}, though.",
        "I'd been telling everyone I was still missing {other} from you; that's no longer so. If only I could say "
        "the same of {ask}, which I'd taken for done.",
        "It's only {ask} I'm after this time round; {other} was wrapped up last week.",
        "You might hear that {ask} is already taken care of - don't believe it. You might also hear I'm still "
        "waiting on you for {other}; that was true until this morning.",
        "As far as {other} goes, it's done and dusted; for {ask}, I'm relying on you.",
        "Two corrections to what I wrote before: {other}, which I listed as still outstanding from you, has turned "
        "up, and {ask}, which I listed as already done, is not done at all.",
    ),
    # Nor does the sender need {third} (settled, or someone else's); half name need words beside it and undo them.
    "which too": (
        "You can take {third} off your plate too.",
        "You may have heard I still need {third} from you - not so, it's been dealt with.",
        "As for {third}, a colleague has already handled it.",
        "My list still had {third} as missing from you, but the list was stale: it came through yesterday.",
        "Nothing needs doing about {third} from your side.",
        "The word that {third} is still waiting on you is wrong; that's covered as well.",
    ),
    # The other structure: neither {other} nor {third} is needed (half undo need words beside them) ...
    "which neither": (
        "There's nothing you need to send on {other} or {third}.",
        "I'd heard you were still on the hook for {other} and {third}; you're not - both have landed.",
        "As for {other}, it's done, and the same goes for {third}.",
        "My notes still list {other} and {third} as missing from you, but the notes are stale: I have both.",
        "Leave {other} and {third} alone; they're handled on our side.",
        "If anyone claims {other} or {third} is still outstanding from you, they're behind the times - both are "
        "settled.",
    ),
    # ... and {ask} is (half undo words of having beside it).
    "which alone": (
        "The one thing I'm after is {ask}.",
        "If {ask} shows as done in the tracker, the tracker is wrong - it's yours to send.",
        "Please send me {ask}; I haven't got it.",
        "I know it may look as though {ask} is already sorted. It isn't, and it has to come from you.",
        "Only you can give me {ask}, and I'm counting on it.",
        "Someone may have told you {ask} was settled; it wasn't, so I still need it from you.",
    ),
    "board deck": (
        "Maya,\n\nTomorrow morning the board goes through our operations review - they pulled it forward - and I'm "
        "assembling the slides this afternoon. {which}\n\nCould your answer reach me before {board_due}? Ballpark "
        "figures are perfectly fine; I'll clean them up myself.\n\nDaniel",
        "Maya,\n\n{which}\n\nIt's for the board deck: the board now reviews operations tomorrow morning, so the deck "
        "has a deadline of {board_due} today. A rough figure beats none - I'll smooth it out.\n\nDaniel",
    ),
    "onboarding later": (
        "Hi Maya,\n\nWednesday would be plenty of time for this. We've got three new warehouse associates joining on "
        "Thursday, and I've put together a draft onboarding plan for them (attached). {which}\n\nCheers,\nAiko",
        "Maya,\n\nA question on Thursday's onboarding for the three new associates - the plan is in draft and "
        "attached. {which} Getting back to me before Wednesday is over would be ideal; there's no hurry before "
        "then.\n\nAiko",
    ),
    "onboarding tomorrow": (
        "Maya,\n\nOne thing for the onboarding plan (draft attached), please. {which} The three warehouse associates "
        "begin tomorrow morning and I send their schedules to print this afternoon, so I need your reply by "
        "{due}.\n\nThanks,\nAiko",
        "Hi Maya,\n\n{which} Tomorrow morning our three new warehouse associates arrive, and their printed schedules "
        "go to the print room at {due}, so I need your answer in time for that. The draft onboarding plan is "
        "attached.\n\nAiko",
    ),
    "lease redlines": (
        "Maya,\n\nFriday is fine for this one. The Bayside landlord has returned the cold-storage lease renewal with "
        "redlines, and I've added my notes alongside theirs. {which}\n\nMarcus",
        "Maya,\n\nI'm working through the landlord's redlines on our Bayside cold-storage renewal (my remarks are in "
        "the margins). {which} Any time before the end of the week works - Friday at the latest.\n\nMarcus",
    ),
    "outage": (
        "Maya,\n\n{which} I'm asking because Eastfield's warehouse management system has been down since "
        "{wms_down}: the scanners show no pick lists, the morning routes aren't being picked, and about 40 orders "
        "are at risk for the trucks leaving at {wms_trucks}. A P1 is open with the vendor.\n\nPriya",
        "Maya,\n\nWMS outage at Eastfield. Started: {wms_down}. Impact: no pick lists on the scanners, so picking "
        "for the morning routes has stopped. Exposed: roughly 40 orders meant to leave on the trucks at "
        "{wms_trucks}. Vendor: P1 raised.\n\n{which}\n\nPriya",
    ),
    "carton rise": (
        "Hi Maya,\n\nNothing here needs doing today - it's an early warning. From July 1, Ridgeline Packaging's "
        "corrugated cartons go up {pct}%, driven by paper prices, though we can cushion that in a few ways. "
        "{which}\n\nKind regards,\nBen Whitaker\nRidgeline Packaging",
        "Hi Maya,\n\nRising paper costs mean our carton prices move up {pct}% on July 1, and I wanted you to hear it "
        "from me well ahead. There is room to soften the blow. {which} Take your time; this can wait until next "
        "week or later.\n\nBen Whitaker\nRidgeline Packaging",
    ),
    "shift swap": (
        "Maya,\n\nCould you help with a weekend swap? {which} Jonah and I have agreed to trade - he takes my Sunday "
        "shift, I take his Saturday early one. Sometime this week is fine.\n\nThanks,\nGrace",
        "Hi Maya,\n\nJonah came to me about his Saturday early shift; I'd take it and he'd cover my Sunday, which "
        "suits us both. Before it goes ahead, one thing. {which} No hurry - within the week is fine.\n\nGrace",
    ),
    "outage fee": (
        "Maya,\n\nThe vendor has traced it: a database server died. Their rapid-response tier would get us running "
        "again in roughly two hours, for ${fee}; without it we're looking at days. Meanwhile the paper pick lists "
        "keep only half the orders moving. {which}\n\nPriya",
        "{which}\n\nSome context, Maya: the failure is a database server on the vendor's side. They'll restore in "
        "about two hours if we go onto their rapid-response support (${fee}); otherwise it drags on. Paper pick "
        "lists cover about half the orders in the meantime.\n\nPriya",
    ),
    "short shipment": (
        "Maya,\n\nOur stores close off their weekend orders this afternoon, so I'm writing straight away. {which} "
        "The delivery on PO {po} this morning was 60 cases light - cold brew and oat milk, mostly - and twelve of "
        "our stores have gaps on the shelves with the promotion starting tomorrow.\n\nSofia Marchetti\nGreenway "
        "Markets",
        "Maya,\n\nPO {po}: 60 cases missing from this morning's drop (cold brew and oat milk for the most part). "
        "Twelve stores have empty shelves, our weekend promotion opens tomorrow, and the stores lock their weekend "
        "orders this afternoon. {which}\n\nRegards,\nSofia Marchetti\nCategory Manager, Greenway Markets",
    ),
    "escalator cost": (
        "Maya,\n\nAbout $38k over budget across the term - that's what the 4% escalator in Marcus's lease renewal "
        "costs us, by my reckoning. {which}\n\nHelen",
        "Maya,\n\n{which} Background, in case you missed Marcus's note: the renewal's 4% escalator would take us "
        "roughly $38k past what we budgeted over the full term.\n\nThanks,\nHelen",
    ),
    "audit": (
        "Dear Maya,\n\nPlease note that I need your confirmation by {d1}. SafeHarbor will carry out the food-safety "
        "audit of your Eastfield site tomorrow at 07:00, as scheduled. {which}\n\nKind regards,\nOmar Haddad\nLead "
        "Auditor, SafeHarbor Audits",
        "Dear Maya,\n\n{which} This concerns the food-safety audit at Eastfield, booked for 07:00 tomorrow; I would "
        "be grateful for your confirmation by {d1}.\n\nOmar Haddad\nSafeHarbor Audits",
    ),
    "lunch and learn": (
        "Hi Maya!\n\nThursday is my cut-off, so there's time. {which} It's all for the ops team's lunch & learn on "
        "Friday, which I'm putting together.\n\nLena",
        "Hi Maya!\n\nFriday's lunch & learn for the ops team is taking shape, and I'm hoping you can help with one "
        "piece. {which} Any answer before Thursday works for me.\n\nLena",
    ),
    "outage over": (
        "Maya,\n\nAll clear - and no rush on what follows. {which}\n\nWhere things stand: systems back at {wms_up}; "
        "the vendor waived its fee because the hardware fault was theirs; pickers are working again and the backlog "
        "should be cleared by {wms_backlog}.\n\nPriya",
        "Maya,\n\nSince {wms_up} the warehouse system has been running again. The vendor owned up to a hardware "
        "fault and won't charge the rapid-response fee, picking is back under way, and I expect the backlog gone "
        "by {wms_backlog}. {which} There's no hurry.\n\nPriya",
    ),
    "board addition": (
        "Maya,\n\nThe board is bound to ask about this morning's warehouse outage, so I'm adding one line to the "
        "slide. {which} The cut-off hasn't moved: {board_due}.\n\nDaniel",
        "Maya - one more for the board slide, same deadline as before ({board_due}). {which} It's to cover this "
        "morning's outage at the warehouse, which they'll certainly raise.\n\nThanks,\nDaniel",
    ),
    "truck down": (
        "Maya,\n\n{which} I need your answer by {truck_due}; after that, three of tomorrow's deliveries - the "
        "Greenway run and two restaurant runs - get cancelled. The situation: truck 14 failed its brake inspection "
        "this morning and stays parked until parts come in, and the rental yard can give us a replacement reefer "
        "for around ${rent} a day.\n\nTomás",
        "Maya,\n\nTruck 14 didn't pass its brake check this morning and is grounded until the parts arrive. It was "
        "due to run tomorrow's Greenway route and two restaurant routes, and a reefer from the rental yard would "
        "cost around ${rent} a day. Unless I hear from you by {truck_due}, those three deliveries are cancelled. "
        "{which}\n\nTomás",
    ),
    "promo draft": (
        "Hi Maya,\n\nSales sent over their first pass at the May promotions calendar - attached. Nothing's fixed, and "
        "next week is soon enough. {which}\n\nRaj",
        "Hi Maya,\n\nNo rush: next week is fine. {which} This concerns the draft May promo calendar from Sales.\n\n"
        "Thanks,\nRaj",
    ),
    "promo lock": (
        "Hi Maya,\n\nBefore {due}, please. {which} At {due} Sales locks the May promo calendar with our biggest "
        "customer, and from then on the volumes are binding.\n\nRaj",
        "Hi Maya,\n\nSomething for the May promo calendar. {which} Sales signs it off with our largest customer at "
        "{due}, and the volumes are contractual after that, so this can't slip past then.\n\nRaj",
    ),
    "board deck subject": ("Ops figure for the board deck", "Board review tomorrow: the deck needs one number"),
    "onboarding later subject": ("Draft plan - three associates starting Thursday", "Thursday onboarding: your input"),
    "onboarding tomorrow subject": ("Three new hires start tomorrow - onboarding", "Onboarding schedules go to print"),
    "lease redlines subject": ("Landlord's redlines on the Bayside renewal", "Lease renewal: marked-up copy back"),
    "outage subject": ("Eastfield WMS outage - no picking", "Picking stopped at Eastfield"),
    "carton rise subject": ("Carton prices: July increase", "Heads-up on corrugated pricing"),
    "shift swap subject": ("Swapping weekend shifts with Jonah", "Saturday/Sunday shift trade"),
    "short shipment subject": ("PO {po} delivered 60 cases short", "Empty shelves after PO {po}"),
    "audit subject": ("Food-safety audit at Eastfield - confirmation", "SafeHarbor audit tomorrow morning"),
    "lunch and learn subject": ("Friday's lunch & learn - a favour", "Ops lunch & learn this Friday"),
    "truck down subject": ("Truck 14 grounded after brake check", "Brake inspection: truck 14 out"),
    "promo draft subject": ("Draft of the May promo calendar", "May promotions - Sales' first pass"),
    "promo lock subject": ("May promo calendar locks soon", "Promo calendar: locking today"),
}
