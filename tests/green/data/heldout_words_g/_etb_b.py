"""Held-out wording of email_triage_basic's item letters (second half): body and subject kinds."""

from __future__ import annotations

WORDS: dict[str, tuple[str, ...]] = {
    "shipment chase": (
        "{which} I'm raising PO {po} with you again because I still have nothing back on it.\n\nIf {esc} comes and "
        "goes without a reply, our VP of Supply gets the file and the summer listing is frozen.\n\nSofia Marchetti\n"
        "Greenway Markets",
        "Maya,\n\nMy limit is {esc}. {which} Past that, PO {po} - on which I've heard nothing at all - goes up to our "
        "VP of Supply, and the summer listing is put on hold.\n\nSofia",
    ),
    "lease agreed": (
        "Maya,\n\nBayside is settled on the main point: the landlord will go no higher than 3% a year on the "
        "escalator. {which} Nothing rushes us - next Friday is when the lease has to be executed.\n\nMarcus",
        "No hurry on this one: we have until next Friday to put pen to paper on Bayside. Where it landed - the "
        "landlord has taken a 3% cap on the escalator.\n\n{which}\n\nMarcus",
    ),
    "reviews later": (
        "Hi Maya,\n\n{which} This is for the spring review cycle, which stays open until May 1, so nothing has to "
        "happen today. Two of your leads have yet to begin theirs.\n\nAiko",
        "Hi Maya,\n\nOn spring reviews: nothing is due today, and the cycle doesn't close before May 1.\n\n{which}\n\n"
        "Aiko",
    ),
    "reviews closing": (
        "Hi Maya,\n\n{which} It has to reach me before {due} today, when the HR system locks the spring review cycle "
        "for good.\n\nAiko",
        "Hi Maya,\n\nTwo of your leads still owe their self-assessments, and today the HR system shuts the spring "
        "reviews. {which} My cut-off is {due}.\n\nAiko",
    ),
    "reforecast later": (
        "Hi Maya,\n\nA note for the Q2 reforecast, which closes next Wednesday (so not today). {which} The template's "
        "in the finance folder whenever you want it.\n\nHelen",
        "Hi Maya,\n\nNo hurry: the Q2 reforecast isn't due until next Wednesday, and its template is waiting in the "
        "finance folder. {which}\n\nHelen",
    ),
    "reforecast early": (
        "Hi Maya,\n\n{which} I'm asking now because the CFO has pulled the Q2 reforecast forward and I must hand it "
        "in at {due} today. The template is in the finance folder.\n\nHelen",
        "Hi Maya,\n\nChange of plan from the CFO: the Q2 reforecast now has to be in today, by {due}.\n\n{which} "
        "You'll find the template in the finance folder as before.\n\nHelen",
    ),
    "outage review": (
        "Maya,\n\nA post-incident review of the WMS outage - that's what I'd like us to hold next week, once things "
        "settle.\n\n{which} Nothing for today.\n\nPriya",
        "Maya,\n\nThere's no hurry on this. {which} It's for next week, when I want us to look back at why the WMS "
        "went down.\n\nPriya",
    ),
    "outage claim": (
        "Maya,\n\n{which} The insurer must have our post-incident paperwork on this morning's WMS outage by {due} "
        "today, or the claim is closed. You'll find the draft in the shared folder.\n\nPriya",
        "Maya,\n\nThe draft paperwork on the WMS outage is sitting in the shared folder. {which}\n\nWhy today: at "
        "{due} the insurer drops our claim unless the paperwork is in.\n\nPriya",
    ),
    "audit chase": (
        "Dear Maya,\n\nI have had no confirmation from you for tomorrow's audit at Eastfield. {d2} is the latest I "
        "can wait; after that the visit moves to a later date, your certificate renewal comes some three weeks late, "
        "and a rebooking fee applies. {which}\n\nOmar Haddad\nSafeHarbor Audits",
        "Dear Maya,\n\nMy last possible time to hear from you is {d2}. {which} Should nothing arrive by then, "
        "tomorrow's audit is put back: a rebooking fee is charged, and your certificate renewal slips by roughly "
        "three weeks.\n\nRegards,\nOmar Haddad",
    ),
    "customer call": (
        "Maya,\n\nI need you on a call at {call} today with Greenway's VP of Supply. {which} He went straight to me "
        "about the short shipment.\n\nDaniel",
        "Maya,\n\nGreenway's VP of Supply is unhappy about the cases that never arrived and phoned me himself. "
        "{which}\n\nI've put us both on a call with him at {call}.\n\nDaniel",
    ),
    "swap agreed": (
        "Hi Maya,\n\n{which} As for the shift trade itself, it's settled: Jonah has said yes, and so have I.\n\nGrace",
        "Quick update on the weekend shifts - Jonah and I have shaken on the trade, nothing left to agree between "
        "us.\n\n{which}\n\nGrace",
    ),
    "carton deal": (
        "Maya,\n\nFollowing up on July's carton prices: Ridgeline is prepared to stop the rise at 2%, and I could "
        "walk you through it on a call next week. There's one thing we'd want in return. {which}\n\nBen",
        "Maya,\n\nShall we speak next week? There's a way to keep the carton increase down to 2%. {which} That would "
        "be Copperleaf's side of the bargain.\n\nBen",
    ),
    "truck covered": (
        "{which} Otherwise we're fine: I found a reefer of ours sitting idle, so truck 14's work is taken care of "
        "without renting anything, and its brake parts arrive tomorrow morning.\n\nTomás",
        "Maya,\n\nTruck 14 update. The brake parts are due tomorrow morning. {which} Until then its routes run on a "
        "spare reefer from our own fleet - we didn't have to rent one.\n\nTomás",
    ),
    "invoice overdue": (
        "Hello Maya,\n\nTomorrow's carton delivery to Eastfield will not be released if your account is on credit "
        "hold, and that hold takes effect today at {due}. The cause is invoice RP-7731 (${invoice}), unpaid for a "
        "month now. {which}\n\nCarla Duarte\nBilling, Ridgeline Packaging",
        "Hello Maya,\n\n{which}\n\nFor context: RP-7731, ${invoice}, is thirty days late. Our credit team places the "
        "account on hold at {due} today, and tomorrow's cartons for Eastfield would then stay in our yard.\n\n"
        "Carla Duarte\nRidgeline Packaging",
    ),
    "invoice reminder": (
        "Hello Maya,\n\n{which} It concerns invoice RP-7731 for ${invoice}, which falls due on April 30 - there is "
        "nothing to do about it today.\n\nCarla Duarte\nBilling, Ridgeline Packaging",
        "Hello Maya,\n\nThis is only a note ahead of April 30, when invoice RP-7731 (${invoice}) comes due; nothing "
        "is required of you today.\n\n{which}\n\nKind regards,\nCarla Duarte\nRidgeline Packaging",
    ),
    "lunch booked": (
        "Hi Maya!\n\n{which} Thursday is my cut-off for it. The lunch & learn itself is sorted: Friday at 12:30, the "
        "room is reserved and pizza is on order.\n\nLena",
        "Good news - Friday's lunch & learn at 12:30 has its room, and the pizza's been ordered.\n\nOne thing before "
        "Thursday. {which}\n\nLena",
    ),
    "reviews later subject": ("Spring reviews - open until May 1", "Your team's spring reviews"),
    "reviews closing subject": ("Last day of the spring review cycle", "Spring reviews: the HR system shuts them"),
    "reforecast later subject": ("Your part of the Q2 reforecast (next Wednesday)", "Q2 reforecast - template ready"),
    "reforecast early subject": ("CFO wants the Q2 reforecast today", "Q2 reforecast: an earlier cut-off"),
    "outage review subject": ("Reviewing the WMS outage next week", "WMS outage - the post-incident review"),
    "outage claim subject": ("Insurance paperwork for the WMS outage", "WMS claim - the insurer's cut-off"),
    "customer call subject": ("Greenway escalation - call with their VP", "Need you on a call with Greenway"),
    "invoice overdue subject": ("Ridgeline Packaging - RP-7731 past due", "Credit hold notice: Ridgeline account"),
    "invoice reminder subject": ("Ridgeline Packaging: RP-7731 falls due April 30", "Upcoming: Ridgeline invoice "
                                 "RP-7731"),
}
