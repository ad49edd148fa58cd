"""Held-out wording (issue 34) of triage, scheduling, conflicts, phishing, followup, receipts_total and rain_move:
every phrasing in words of its own, keeping each kind's fields, meaning and balance (docs/authoring-parts.md,
"Held-out wording")."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

PACK = "heldout-words-a"

RAIN_MOVE = {
    # Where a meeting is held: each phrasing names things of both kinds (a café, a lawn, a hall), as the public ones do.
    "outdoor": (
        "Let's do it on foot: I'll wait at the car park barrier and we circle the pond. The café will be packed, so "
        "we're skipping it.",
        "Picnic table under the big oak, the one nearest the playground. Nothing reserved inside.",
        "Fresh air for this one - we sit on the steps of the bandstand, the hall itself is locked.",
        "I thought we'd stroll the riverside path and talk as we go. No table anywhere.",
        "Bring sunglasses, not a laptop: it's on the open deck by the water, there's no roof over it.",
        "The office is being painted, so we're on the grass behind the visitor centre.",
        "Find me at the rose beds; we'll take a turn round the gardens rather than sit in a room.",
        "Al fresco by the fountain - I didn't book a room, the weather should hold.",
    ),
    "indoor": (
        "I've reserved the small conference room in the park's visitor centre - the one with the big windows.",
        "Inside the tea pavilion; the lake view is through glass, so we stay dry either way.",
        "Library reading room, ground floor. We can look out at the square but we won't be in it.",
        "Corner booth in the bistro at the garden entrance, under cover, so the forecast doesn't matter.",
        "The greenhouse classroom - it's fully enclosed and heated, even if it feels like being outdoors.",
        "Back room of the boathouse café; I asked for the table away from the terrace doors.",
        "Meeting in the clubhouse lounge next to the lawn. Roof, chairs, coffee machine.",
        "The gallery foyer by the promenade, indoors, whatever it's doing outside.",
    ),
    "request": (
        "Can you go through my meetings over the next few days against the weather? Where one is held outside and "
        "the forecast for that spot shows rain on its day, shift it to the next working day that stays dry there, "
        "keeping the time, and let everyone on the invite know. Meetings indoors are fine as they are. Don't go by "
        "the invite's description for where one is held - the people have mailed me since, and their latest word "
        "counts.",
        "I'm worried about the weather. Outdoor meetings of mine (outdoor as we last settled it by mail, not as "
        "the calendar first described it): if it's due to rain at the location that day, "
        "please rebook each at the same time on the first dry working day after (dry at that location), and "
        "email the invitees the new date.",
        "Some of my meetings are out in the open, some not - what counts is the place my emails with them last "
        "agreed. Please check each one's local forecast. Rain on the day means "
        "moving it: same clock time, next weekday without rain at that place. Tell the attendees. Anything under "
        "a roof doesn't move.",
        "Rain check, literally: any open-air meeting I've got coming up where rain is forecast at its place on "
        "that date needs moving to the next working day that's dry there, at the same hour. Please inform the "
        "people invited once it's moved. Inside or outside is whatever the latest mail from them says; the "
        "calendar's notes may be out of date.",
        "Quick job: look up the forecast for wherever my outdoor meetings are (read my inbox for where each one "
        "ended up - plans changed after the invites went out). If rain is expected on the day, "
        "move the meeting to the following dry working day for that place (keep the time) and send the invitees "
        "a note.",
    ),
    # The latest word from the people invited: each opening serves all three kinds, and every kind names rooms,
    # benches and lawns alike; only what the mail says of the place tells a moved meeting from one left as it was.
    "now outdoor": (
        "{first} -\n\nre {weekday} ({title}): they've double-booked the meeting room we had, and rather than hunt for "
        "another I say we walk and talk round the park. Good shoes!\n\nCheers, {me}",
        "Morning {first}! The café is closed that day for a staff party, so for the {title} on {weekday} we'll sit out "
        "on the benches by the lawn. See you then.\n{me}",
        "No more table indoors for the {title} on {weekday}, {first} - I cancelled it. It's too nice to be in a room; "
        "we'll take the lakeside path instead. - {me}",
        "Dear {first},\n\nOne thing before {weekday}: the hall is shut for floor repairs, so I'm taking our {title} "
        "outside. Meet me at the fountain; we stay in the open air.\n\nBest wishes,\n{me}",
        "{first}, about the {title}: scrap the room, I need to stretch my legs, so we'll do it as a stroll along the "
        "promenade. Shout if {weekday} no longer suits.\n\n{me}",
        "P.S. to my last mail, {first}: the boathouse lounge has been let to a wedding on {weekday}, so the {title} "
        "moves out to the picnic tables on the grass. No cover there.\n\n- {me}",
    ),
    "now indoor": (
        "{first} -\n\nre {weekday} ({title}): the path round the park is closed for resurfacing, so instead of walking "
        "I've booked us the meeting room in the visitor centre. We'll be inside.\n\nCheers, {me}",
        "Morning {first}! The lawn is fenced off for a concert, so for the {title} on {weekday} we'll sit in the café, "
        "inside by the window. See you then.\n{me}",
        "No benches for the {title} on {weekday}, {first} - I'd rather not be out in the open this time, so let's use "
        "the tea room. Indoors, four walls. - {me}",
        "Dear {first},\n\nOne thing before {weekday}: my hay fever is awful this week, so I'm taking our {title} "
        "indoors, to the boathouse's upstairs room with the radiator.\n\nBest wishes,\n{me}",
        "{first}, about the {title}: forget the bench by the fountain, I've got us the library reading room, under a "
        "roof. Shout if {weekday} no longer suits.\n\n{me}",
        "P.S. to my last mail, {first}: the picnic tables went with the roadworks, so on {weekday} the {title} moves "
        "into the clubhouse lounge. A proper room this time.\n\n- {me}",
    ),
    "as planned": (
        "{first} -\n\nre {weekday} ({title}): my train gets in a little late, so give me ten minutes' grace. Same "
        "place we settled on, room or bench, whichever it was.\n\nCheers, {me}",
        "Morning {first}! Could we add the hiring plan to the {title} on {weekday}? Nothing else moves - we meet "
        "where we agreed. See you then.\n{me}",
        "Printouts for the {title} on {weekday} are on me, {first}. The place is exactly where we said, so no change "
        "of plan there. - {me}",
        "Dear {first},\n\nOne thing before {weekday}: Sam may sit in for the first half of our {title}. The venue "
        "stays the one we fixed, indoors or out; I'm not touching it.\n\nBest wishes,\n{me}",
        "{first}, about the {title}: I'll pick up coffees on the way. Where we meet is unchanged. Shout if {weekday} "
        "no longer suits.\n\n{me}",
        "P.S. to my last mail, {first}: just confirming the {title} on {weekday} is on. The spot is whatever we agreed "
        "before - no room swapped, no bench swapped.\n\n- {me}",
    ),
    # Takes back a move indoors: points at the earlier mail, names the dropped plan, the kept one or neither.
    "back outdoor": (
        "{first} -\n\nre {weekday} ({title}): please disregard what I wrote about the meeting room - that booking's "
        "been cancelled, so we go back to what the invite said.\n\nCheers, {me}",
        "Morning {first}! I'm undoing my previous message: for the {title} on {weekday} we stick to the plan in the "
        "calendar invite, nothing changed from the original. See you then.\n{me}",
        "Change of heart about the {title} on {weekday}, {first} - what I said before no longer stands; it's the "
        "open-air walk round the park from the invite after all. - {me}",
        "Dear {first},\n\nOne thing before {weekday}: my earlier note moving our {title} into the tea room - cancel "
        "that. We're back where the invite put us.\n\nBest wishes,\n{me}",
        "{first}, about the {title}: I've changed my mind twice now - we're outside again, on the grass as first "
        "arranged, so forget my previous mail. Shout if {weekday} no longer suits.\n\n{me}",
        "P.S. to my last mail, {first}: actually, undo it. On {weekday} the {title} stays exactly as the original "
        "invite describes.\n\n- {me}",
    ),
    # The mirror: takes back a move outdoors, the meeting under a roof as the invite says.
    "back indoor": (
        "{first} -\n\nre {weekday} ({title}): please disregard what I wrote about walking the paths - they're "
        "closed anyway, so we go back to what the invite said.\n\nCheers, {me}",
        "Morning {first}! I'm undoing my previous message: for the {title} on {weekday} we keep to the calendar "
        "invite's plan, as it was from the start. See you then.\n{me}",
        "Change of heart about the {title} on {weekday}, {first} - what I said before no longer stands; it's the "
        "table inside the café from the invite after all. - {me}",
        "Dear {first},\n\nOne thing before {weekday}: my earlier note moving our {title} out to the benches by the "
        "fountain - cancel that. We're back where the invite put us.\n\nBest wishes,\n{me}",
        "{first}, about the {title}: I've changed my mind twice now - we're indoors again, in the meeting room as "
        "first arranged, so forget my previous mail. Shout if {weekday} no longer suits.\n\n{me}",
        "P.S. to my last mail, {first}: actually, undo it. On {weekday} the {title} goes ahead just as the original "
        "invite has it.\n\n- {me}",
    ),
    # Change words that keep a venue: another place offered or nearly taken, turned down; the meeting stays outdoors.
    "keep outdoor": (
        "{first} -\n\nre {weekday} ({title}): the visitor centre rang to offer us a room. Kind of them, but I turned "
        "it down; we carry on with the walk round the park.\n\nCheers, {me}",
        "Morning {first}! I had the tea room on hold for the {title} on {weekday} just in case - released it this "
        "morning. We're out on the picnic tables as it stands. See you then.\n{me}",
        "Thought about moving the {title} on {weekday} under a roof, {first}, and decided against it. Lakeside path "
        "it is, in the open. - {me}",
        "Dear {first},\n\nOne thing before {weekday}: Sam asked if our {title} should go into the clubhouse lounge. "
        "I've told him no - it stays out in the open air, by the fountain.\n\nBest wishes,\n{me}",
        "{first}, about the {title}: the library reading room is free on {weekday}, which tempted me. Still, we'll "
        "keep to the stroll along the promenade.\n\n{me}",
        "P.S. to my last mail, {first}: the boathouse lounge came free for {weekday}; I'm leaving it. The {title} "
        "remains on the grass, no cover.\n\n- {me}",
    ),
    # The mirror: a place in the open offered or nearly taken, turned down; the meeting stays under a roof.
    "keep indoor": (
        "{first} -\n\nre {weekday} ({title}): the path round the park has reopened, and walking it sounded lovely. "
        "I'm not leaving the visitor centre's meeting room for it, though; the path will keep.\n\nCheers, {me}",
        "Morning {first}! I'd pencilled in the picnic tables for the {title} on {weekday} just in case - dropped "
        "that idea this morning. We're inside the café by the window as it stands. See you then.\n{me}",
        "Thought about taking the {title} on {weekday} out into the open, {first}, and decided against it. Tea "
        "room it is, four walls. - {me}",
        "Dear {first},\n\nOne thing before {weekday}: Sam asked if our {title} should be a lap of the lake instead. "
        "No one is giving up the boathouse's upstairs room, I told him; he can do his lap after.\n\nBest wishes,\n{me}",
        "{first}, about the {title}: the lawn by the fountain is lovely on {weekday}, which tempted me. Still, we'll "
        "keep to the library reading room, under a roof.\n\n{me}",
        "P.S. to my last mail, {first}: the benches by the lake are free on {weekday}; I'm leaving them. The {title} "
        "remains in the clubhouse lounge, a proper room.\n\n- {me}",
    ),
    "event title": ("{title} · {names}", "{names} & me - {title}", "[{title}] {names}", "{title} w/ {names}",
                    "{names}: {title}"),
    "note subject": ("{weekday} - {title}", "Fwd: {title}", "Re: {weekday}", "{title} update", "re our {title}",
                     "See you {weekday}", "One thing"),
}

CENT = Decimal("0.01")


def _cash(value: Decimal) -> str:
    return f"{value:.2f}"


def _sale(shop: str, ref: str, a: str, tail: str, **_: Any) -> str:
    """An online sale: goods, delivery and a discount above what the card paid."""
    paid = Decimal(a)
    delivery = Decimal("4.99")
    off = (paid * Decimal("0.1")).quantize(CENT)
    return (f"{shop} - sale {ref}\n\nGoods          ${_cash(paid - delivery + off)}\n"
            f"Delivery       ${_cash(delivery)}\nMember discount -${_cash(off)}\n\n"
            f"Taken from card **** {tail}: ${a}\n\nQuestions? Just reply.")


def _parking(shop: str, a: str, extra: Decimal, user: str, **_: Any) -> str:
    """A prepaid account: what this visit cost, beside a balance bigger than it."""
    return (f"Hi {user},\n\nYour visit to {shop} is settled: ${a} came off your card when you left. Your prepaid "
            f"wallet still holds ${_cash(Decimal(a) + extra)} for next time; it was not touched.")


def _estimated(shop: str, ref: str, a: str, **_: Any) -> str:
    """An estimate at the order and the final charge, a little lower."""
    guess = Decimal(a) + Decimal("3.20")
    return (f"Thanks for ordering with {shop}.\nAt checkout we estimated ${_cash(guess)}; the final amount for {ref} "
            f"came to ${a}, and that is what we charged.")


def _folio(shop: str, a: str, clerk: str, **_: Any) -> str:
    """A statement: charges and a local tax that add up to the bill paid."""
    paid = Decimal(a)
    tax = (paid * Decimal("0.05")).quantize(CENT)
    return (f"Statement - {shop}\nServices ............... {_cash(paid - tax)}\nLocal levy ............. {_cash(tax)}\n"
            f"Balance settled by card  {a}\nBalance due ............ 0.00\n\nThanks again - {clerk}")


RECEIPTS_TOTAL = {
    "receipt_subject": (
        "{shop} - thank you!",
        "Paid: {ref}",
        "Your purchase, {ref}",
        "e-receipt",
        "We've charged your card - {shop}",
        "Checkout summary from {shop}",
        "Sale {ref}",
        "Re: today at {shop}",
        "Order {ref} has shipped",
    ),
    "receipt_body": (
        _sale,
        "{user}, your card was debited ${a} by {shop} today (ref {ref}). Hang on to this note for your expense "
        "claim. Changed your mind? Returns are accepted for 14 days.",
        "Hello {user},\n\nIt was lovely having you. I've settled the bill - ${a} went through on your card just now. "
        "Come back soon!\n\n{clerk}, {shop}",
        _parking,
        "Transaction approved\nMerchant: {shop}\nReference: {ref}\nSale amount: {a} USD\n\nShould you ever need a "
        "refund, it goes back to the same card.",
        _estimated,
        "Your {shop} order {ref} left us this morning and should arrive by Friday. We took the payment "
        "of ${a} on dispatch.",
        _folio,
    ),
    # A real charge ({a}) beside money that was not spent ({h}): a hold let go, a quote's estimate, an item paid back,
    # the order this one replaced, a credit left unused.
    "receipt_beside_body": (
        "Hi {user}, you're all checked out. We've let go of the ${h} we reserved on your card when you arrived - "
        "that never left your account - and billed ${a} for your stay. Safe travels!\n\n{clerk}, {shop}",
        "Final invoice {ref}\nQuoted beforehand: ${h}\nActual work, charged to card ending {tail}: ${a}\n\nYou only "
        "pay for what we did - thanks for choosing {shop}.",
        "We've charged ${a} for the part of {ref} we could send. The ${h} for the item we didn't have went straight "
        "back to your card, so you've only paid for what's in the box.",
        "{ref} replaces the order you called off before it - that one (${h}) was never billed. This one cost ${a} "
        "and has been taken from your card ending {tail}.",
        "{user}, thanks for coming in. Today's purchase of ${a} went on your card. The ${h} voucher on your {shop} "
        "account is still there - we didn't use it this time.",
    ),
    # A later note about a real order, naming no amount, under subjects a cancellation could carry too.
    "shipped_subject": (
        "Re: Your {shop} order",
        "Important: {ref}",
        "{shop}: we're sorry",
        "Your order {ref} has been sent off",
        "{shop} order {ref} - dispatch",
    ),
    "shipped_body": (
        "Dispatch notice\nOrder: {ref}\nStatus: with the courier\nExpected: within two working days",
        "Hi {user},\n\nSorry it took a little longer than planned - {ref} finally went out with this afternoon's "
        "van. You'll get a tracking link once the courier scans it.\n\n{clerk}, {shop}",
        "Everything for {ref} has been boxed up and collected by the courier; nothing more for you to do.",
        "You can pick up {ref} from our {shop} shop whenever suits - it's waiting behind the till with your name on "
        "it.",
        "Only the courier for {ref} has changed - the order itself stands as it was and leaves us today.",
    ),
    "quote_subject": (
        "{shop} - the price you asked about",
        "{shop}: receipt of your enquiry",
        "Receipt pending: proposal {ref}",
        "Following up on your enquiry",
        "Your order {ref} - awaiting your approval",
        "Price check from {shop}",
    ),
    "quote_body": (
        "Hi {user},\n\nAs promised, the numbers for the work: ${d} all in. We won't take a cent until you give us "
        "the go-ahead.\n\n{clerk}, {shop}",
        "Proposal {ref}\nProposed price: ${d}\nThis offer stands until the end of the month; accept it and we'll "
        "invoice you then.",
        "If you decide to order, it would come to {d} dollars. Nothing is booked or billed yet - just say the word.",
        "{shop} could do it for ${d}. Should you wish to proceed, reply to this email and we'll take payment then.",
        "Your tailored offer from {shop}: ${d}, should you choose to buy. No card has been charged.",
        "Hello {user} - regarding {ref}: we'd put it at ${d}. That's our price if you go ahead, not a bill.",
        "If you'd like the standard version, it's ${d}; the deluxe one would be ${x} instead. Tell {clerk} which you "
        "prefer - we don't take payment before then.",
    ),
    "refund_subject": (
        "Receipt for your return - {shop}",
        "Receipt - credit {ref}",
        "We've sent your money back",
        "Your {shop} return",
        "Good news about order {ref}",
        "{shop} account update",
    ),
    "refund_body": (
        "{shop} has issued you a credit of ${d} for the returned items (ref {ref}). It should show on your "
        "statement within a week.",
        "Hi {user},\n\nYou were overcharged, so I've sent ${d} back to the card you paid with. Apologies for the "
        "trouble.\n\n{clerk}, {shop}",
        "Return {ref} accepted.\nReimbursed: {d} USD\nTo: card ending {tail}",
        "The ${d} for your returned order is on its way back to you - no need to do anything.",
        "Hello {user}, the item you sent back reached us today and ${d} has been paid back to you.",
        "We've credited ${d} to your card ending {tail} after your return came in. Thanks for your patience.",
        "Total: ${d}\n\nThat is the sum we've just paid back to your card ending {tail} for the goods you returned "
        "on {ref}.",
    ),
    "hold_subject": (
        "Receipt: card pre-authorisation at {shop}",
        "Your stay at {shop} - deposit",
        "Reservation {ref} confirmed",
        "Security deposit on your card",
        "{shop} booking {ref}",
        "Receipt: deposit held",
    ),
    "hold_body": (
        "To guarantee reservation {ref} we have blocked ${d} on your card. The funds stay yours; the block lifts "
        "by itself after your stay.",
        "Hi {user},\n\nSo you're not surprised by your banking app: you'll see ${d} pending from {shop}. That's a "
        "security deposit, not a payment - it disappears once you've checked out.\n\n{clerk}",
        "Pre-authorisation\nAmount blocked: ${d}\nCard: ending {tail}\nStatus: pending, will be released - no "
        "money has moved.",
        "A deposit of ${d} is being held against your card ending {tail} until the rental is returned. You only pay "
        "if something is damaged.",
        "We've ring-fenced ${d} on your card for the duration of your booking. This is not a charge and will lapse "
        "on its own.",
        "Your card checked out fine: ${d} is on hold for now and will be freed up within a few days. Nothing was "
        "taken.",
        "Car hire {ref}: ${x} a day is payable when you bring the car back; until then we're only holding ${d} on "
        "your card ending {tail}, which isn't a charge.",
    ),
    "cancelled_subject": (
        "Your order {ref} has been called off",
        "{shop}: we're sorry",
        "Re: Your {shop} order",
        "Important: {ref}",
        "We couldn't complete your purchase",
        "{shop} order {ref} - cancellation",
    ),
    "cancelled_body": (
        "Hi {user}, unfortunately we had to call off order {ref}. You won't pay anything for it - the money has "
        "been released.\n\n{clerk}",
        "Order {ref} will not ship. We've withdrawn the charge, so nothing will leave your account.",
        "As you requested, {ref} is cancelled. The full amount is back with you; you'll see nothing on your "
        "statement.",
        "Sorry {user} - the item in {ref} was discontinued, so we stopped the order and undid the payment.\n\n{clerk}",
        "No charge for {ref} stands: the order was cancelled before dispatch and the money goes back to you.",
        "We're writing to let you know {ref} was dropped at your request; there's no charge against you for it.",
        "The ${d} you were charged for {ref} is back on your card: we cancelled the order when our supplier let us "
        "down.\n\n{clerk}",
        "Hi {user}, order {ref} (${d}) has been called off, as you asked. Nothing will be taken for it.",
    ),
    "duplicate_subject": (
        "Another copy: {ref}",
        "Your {shop} receipt again",
        "Receipt reprint: {ref}",
        "As requested: receipt",
        "Re: can I get that receipt again?",
        "{ref} - copy for your files",
    ),
    "duplicate_body": (
        "Hi {user}, here's a fresh copy of receipt {ref} for ${d} - the same purchase you already paid for, not a "
        "second one.\n\n{clerk}",
        "Reprint\nReceipt no. {ref}\nTotal paid: ${d}\nOriginal issued earlier this week.",
        "You mentioned you'd lost the receipt for {ref}, so I'm sending it again: ${d}, paid already. No new payment "
        "was made.\n\n{clerk}",
        "Re-sent at your request: order {ref}, ${d}. This repeats the receipt we emailed at the time.",
        "The original receipt for {ref} (${d}) bounced, so here it is once more. You haven't been charged again.",
        "For your records: a second copy of {ref} - ${d}, the same payment as before.",
        "We charged your card ${d} for {ref} a few days ago; here is that receipt a second time, as you wanted. It is "
        "the same payment, not another.",
    ),
}


# scheduling: a colleague's day (busy spans as stated, the free starts, the date), and a busy hour taken back.
DAY_HOURS = range(9, 17)
SPOKEN = {9: "nine", 10: "ten", 11: "eleven", 12: "noon", 13: "one", 14: "two", 15: "three", 16: "four", 17: "five"}
LENGTHS = {1: "a one-hour", 2: "a two-hour", 3: "a three-hour", 4: "a four-hour", 5: "a five-hour",
           6: "a six-hour", 7: "a seven-hour", 8: "an eight-hour"}


def _list(items: list[str], last: str = "and") -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


def _ampm(hour: int) -> str:
    return "12pm" if hour == 12 else f"{hour - 12}pm" if hour > 12 else f"{hour}am"


def _said(hour: int) -> str:
    return "noon" if hour == 12 else f"{SPOKEN[hour]} o'clock"


def _blocks(hours: list[int]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for hour in sorted(hours):
        if out and out[-1][1] == hour:
            out[-1] = (out[-1][0], hour + 1)
        else:
            out.append((hour, hour + 1))
    return out


def _busy_starts(spans: list[list[int]] | list[tuple[int, int]]) -> list[int]:
    return [h for a, b in spans for h in range(a, b)]


PLACES = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def _from_top(nth: int, count: int) -> str:
    """An agenda item's place counted from the top ("the only one" of one, "the final one" of several)."""
    return "only" if count == 1 else "final" if nth == count and count > 2 else PLACES[nth - 1]


def _from_end(nth: int, count: int) -> str:
    """The same place counted from the end of the list."""
    back = count - nth
    return "the only one" if count == 1 else "the last one" if back == 0 else \
        "the one before last" if back == 1 else f"the {PLACES[back]} from the end"


SCHEDULING = {
    "availability": (
        lambda spans, free, named, **_: f"my diary for {named} has " + _list(
            [f"{LENGTHS[b - a]} block starting at {a}:00" for a, b in spans])
        + " booked. Outside of that I can do any time from 9 to 5.",
        lambda spans, free, named, **_: "a meeting starting at " + _list(
            [f"{h}:00" for h in _busy_starts(spans)], "or") + f" won't work for me on {named}; any other start "
        "up to 16:00 is fine.",
        lambda spans, free, named, **_: f"{named} - engaged " + _list([f"{a:02d}.00-{b:02d}.00" for a, b in spans])
        + ". Free the rest of the day (09.00 to 17.00).",
        lambda spans, free, named, **_: "I'm free " + _list([f"from {a}:00 to {b}:00" for a, b in _blocks(free)])
        + f" on {named}, and not otherwise, sorry.",
        lambda spans, free, named, **_: f"my {named} is clear apart from " + _list(
            [f"the stretch from {_said(a)} to {_said(b)}" for a, b in spans]) + ".",
        lambda spans, free, named, **_: "the hours I could still give you are the ones starting at " + _list(
            [_ampm(h) for h in free]) + "; the rest of that day is already spoken for.",
        lambda spans, free, named, **_: "checked my calendar. Taken:\n" + "\n".join(
            f"- {a}:00 until {b}:00" for a, b in spans) + "\nEverything else between 9:00 and 17:00 is open.",
    ),
    "correction": (
        lambda hour, **_: f"Oh wait - the {hour}:00 slot just opened up, the meeting I had then got cancelled.",
        lambda hour, **_: f"One more thing: I'm no longer busy at {_ampm(hour)}; that meeting has been called off.",
        lambda hour, **_: f"Correction: my {_said(hour)} entry was a leftover from last week, so I'm free at "
        f"{_said(hour)} after all.",
        lambda hour, **_: f"P.S. The {hour}-{hour + 1} block is gone from my calendar, so I'm available then.",
        lambda hour, **_: f"Sorry, just saw that what I had from {hour}:00 was moved to another day, so I can do "
        f"{hour}:00 after all.",
        lambda hour, **_: f"Forget what I said about {_ampm(hour)}: I'm free then now.",
    ),
    # A colleague's day as named meetings (items: (title, start, end) by start), every other hour 9-17 free.
    "agenda": (
        lambda items, named, **_: f"{named}, as it stands:\n" + "\n".join(
            f"* {t}, {a:02d}.00-{b:02d}.00" for t, a, b in items) + "\nAny hour not listed (9:00-17:00) is free.",
        lambda items, named, **_: f"my {named} goes like this: " + ", then ".join(
            f"the {t.lower()} from {_ampm(a)} to {_ampm(b)}" for t, a, b in items)
        + ". Around those I'm free, 9am to 5pm.",
        lambda items, named, **_: f"{len(items)} thing{'s' if len(items) > 1 else ''} in my diary for {named}: "
        + _list([f"{t.lower()} ({LENGTHS[b - a]} slot from {_said(a)})" for t, a, b in items])
        + ". Nothing else between nine and five.",
        lambda items, named, **_: f"time | what ({named})\n" + "\n".join(
            f"{a}-{b} | {t}" for t, a, b in items) + "\nall other working hours open",
        lambda items, named, **_: f"as for {named}, " + "; ".join(
            f"{t.lower()} keeps me busy {a}h-{b}h" for t, a, b in items)
        + ", and I'm free for anything else in the working day.",
    ),
    # A meeting of the agenda named by its title is off: its hour (never written) is free.
    "dropped": (
        lambda title, **_: f"One change since: the {title.lower()} is off, which frees me up for that slot.",
        lambda title, **_: f"Scratch the {title.lower()} from that list - it's been pushed to another week.",
        lambda title, **_: f"Good news, the {title.lower()} won't happen that day, so count that time as open.",
        lambda title, **_: f"If it helps, I'm happy to give up the {title.lower()}; treat its slot as free.",
        lambda title, **_: f"{title}? Cancelled since I wrote - I'm available then.",
    ),
    # The same, the meeting named by its place on the agenda (nth of count, by start).
    "dropped nth": (
        lambda nth, count, **_: f"Change of plan: the {_from_top(nth, count)} item on my list is cancelled, so I'm "
        f"free for it.",
        lambda nth, count, **_: "The one meeting I gave you is off now." if count == 1 else
        f"Of the {count} meetings I gave you, number {nth} is off now.",
        lambda nth, count, **_: f"Counting from the top, the {_from_top(nth, count)} entry no longer stands - that "
        f"time is open.",
        lambda nth, count, **_: f"Of what I listed, {_from_end(nth, count)} has been called off; I can do that time.",
    ),
    # A meeting of the agenda named by title moved to a new hour (written, and busy); its old hour (never written) is
    # free. Words of freeing sit beside the new hour.
    "moved": (
        lambda title, hour, **_: f"The {title.lower()} has a new slot: {_ampm(hour)}. Its old one is free now.",
        lambda title, hour, **_: f"Heads-up - the {title.lower()} now starts at {_said(hour)}, so it's no longer "
        f"where I had it.",
        lambda title, hour, **_: f"Small change: I'm free when the {title.lower()} was, because it's been rebooked "
        f"for {hour:02d}.00.",
        lambda title, hour, **_: f"Reshuffled: the {title.lower()} runs {hour}:00-{hour + 1}:00 instead of when I "
        f"said, so I'm clear at the old time.",
    ),
    # An hour the first answer left open is busy now.
    "addition": (
        lambda hour, **_: f"Something new just came in for {hour}:00, so I'm busy then as well.",
        lambda hour, **_: f"Sorry, one more clash: {_ampm(hour)} to {_ampm(hour + 1)} just got booked.",
        lambda hour, **_: f"Late change - I'm no longer free at {_said(hour)}.",
        lambda hour, **_: f"Please also treat {hour}h-{hour + 1}h as taken; it was booked after I replied.",
        lambda hour, **_: f"My {hour:02d}.00 slot has just been filled, sorry.",
    ),
}


# conflicts: the request, the regime settling customer against internal, and where a losing meeting of the user's goes
# (each destination keeps the grid the public ones state, in words of its own).
G1 = "it must start at :00 or :30, between 9:00 and 17:00, without making a new clash"
G2 = "full or half hours only, 9 to 5, and no fresh overlap"
G3 = "a start on the hour or at half past, all inside 9:00-17:00, clear of every other event"

CONFLICTS = {
    # Each field is one decision as the people asked argued it and whose view the user takes ("disputed",
    # "disputed3"), so each stands as a clause of its own; the three one-to-ones ("trio") follow the request.
    "request": (
        "I asked around about {named}, which is double-booked, and got different answers, so here is how it shakes "
        "out. Which overlaps need fixing - {accept}. When a personal commitment and a meeting collide - {home}. When "
        "a client meeting and an internal one collide - {regime}. If a loser is an event I organised, it moves, and "
        "where to - {destination}. If a loser is someone else's invitation, decline it. Afterwards email each person "
        "whose meeting changed, and no one else.",
        "Could you untangle {named} for me? Settle it like this.\n\nOverlaps to resolve: {accept}.\nPersonal "
        "versus work: {home}.\nClient versus colleagues: {regime}.\nWhere a losing event of my own ends up: "
        "{destination}.\n\nA losing invitation from someone else gets declined. Only the people whose meetings "
        "change hear from you.",
        "Whatever gives way on {named}: my own events get moved, other people's invitations get declined, and only "
        "the people affected get an email. To decide what gives way I collected opinions. The personal clash first "
        "- {home}. Then the customer meeting against the internal one - {regime}. Then which of the overlaps to "
        "deal with - {accept}. Last, where my moved events land - {destination}.",
        "{named} is a mess and I'd like it fixed, and the people I asked each answered my four questions "
        "differently. Which overlaps get fixed? {accept}. Client or internal? {regime}. Where does a loser I organised "
        "move? {destination}. (One organised by anybody else is simply declined.) Family or work? {home}. Then a note "
        "to whoever's meeting changed - nobody else.",
        "Help me sort out {named}, please; the people I consulted don't agree, so I've said whose view counts. As "
        "for my personal commitment and the meeting on top of it, {home}. As for the customer and the internal "
        "meeting, {regime}. As for which of the overlaps really must go, {accept}. A loser I set up myself is "
        "rebooked; as for where, {destination}. A loser somebody else set up, decline. Write only to the people "
        "whose plans change.",
    ),
    # Two people's rules for one decision ({x} {p}'s, {y} {q}'s) and whose the user takes ({who}) or sets aside
    # ({other}).
    "disputed": (
        "{p} reckons \"{x}\", while {q} reckons \"{y}\" - {who} gets my vote",
        "I heard \"{x}\" from {p} and \"{y}\" from {q}. {other}'s take is the one I'm setting aside",
        "from {q}: {y}. From {p}: {x}. I'll follow {who}, not {other}",
        "I'm taking {who}'s advice here over the other one - {p} suggested \"{x}\", {q} suggested \"{y}\"",
        "according to {p}, {x}. According to {q}, {y}. Ignore {other} on this",
    ),
    # Three people's rules ({x} {p}'s, {y} {q}'s, {z} {r}'s) and whose the user takes.
    "disputed3": (
        "{p} suggested \"{x}\", {q} suggested \"{y}\" and {r} suggested \"{z}\"; of the three I'm backing {who}",
        "I'm following {who} here. The three takes were: {x} ({p}); {y} ({q}); {z} ({r})",
        "the one I want is {who}'s, out of \"{y}\" from {q}, \"{z}\" from {r} and \"{x}\" from {p}",
    ),
    # A third clash after the request: three one-to-ones at {at}, one stays, the two others lose like any loser; {rule}
    # says which stays.
    "trio": (
        "Last thing: at {at} I've somehow got {a}, {b} and {c} stacked on top of each other. Just one of those "
        "survives, and the two that don't are losers like the rest - {rule}.",
        "There's a third collision too, three half-hour slots at {at} ({a}, {b}, {c}); I can't split three ways, so "
        "treat all but one as losers, same as above. To pick the survivor: {rule}.",
        "{at} is booked three times over: {a}, {b}, {c}. Which single one I keep - {rule}. The other two get the "
        "treatment any other loser gets.",
    ),
    # One person's rule for the triple-booked slot: {a} stays, the other two lose.
    "keep_one": (
        "{a} should survive",
        "hold on to {a} and let the other two go",
        "the one worth keeping is {a}",
    ),
    "accept_none": (
        "there's {a} colliding with {b}, and {c} colliding with {d} - I need both sorted",
        "{c} sits on top of {d}, {a} on top of {b}; neither can stay like that",
        "no overlap survives: not {a} against {b}, not {c} against {d}",
    ),
    "accept_pair": (
        "{a} running into {b} is fine by me - keep both, I'll dip in and out - whereas {c} versus {d} must be "
        "resolved",
        "{c} versus {d} is the collision to resolve; {a} versus {b} I'll live with, so don't touch either",
        "resolve {c} against {d} only: I'm happy to half-attend {a} and {b}, leave that pair alone",
    ),
    "personal_stays": (
        "my private commitments keep their time and any work meeting on top of one loses",
        "I won't budge on anything personal - whatever meeting overlaps it yields",
        "family things outrank the meetings they collide with",
        "protect the personal stuff; a colliding meeting is the one to sort out",
    ),
    "personal_yields": (
        "this once it's my private plans that shift, and a meeting overlapping them keeps its slot",
        "work meetings outrank my personal plans this time - reschedule the personal one",
        "anything personal can be rearranged; leave a meeting that collides with it where it is",
        "don't touch a meeting on top of a family thing - the family thing is what goes elsewhere",
    ),
    "customers": (
        "if it's a client versus an internal meeting, the client keeps the slot",
        "external clients take precedence - the internal meeting is the one to give way",
        "whatever the order of the two, I keep the client and let the internal one go",
        "we don't bump clients: the internal meeting loses",
        "normally I'd be tempted to keep the internal one this week, but no - the client meeting stays",
    ),
    "internal": (
        "the internal meeting stays and the customer one gives way, since {why}",
        "{why}, so this week colleagues come before clients",
        "clients take a back seat this week: {why}",
        "this week the customer meeting is the one to give way, because {why}",
        "usually I'd protect the client meeting, but {why}, so keep the internal one",
    ),
    "customers_except": (
        "the client meeting wins over the internal one - unless the client is {x}: we're handing {x} off, so with "
        "them the internal meeting stays",
        "clients first, with one exception: {x}, an account we're phasing out, gives way to internal meetings",
        "internal meetings give way to customers, apart from {x}'s - {x} is leaving us, so that one can be bumped",
        "I'd keep any customer over an internal meeting except {x}, whose contract is ending",
    ),
    "internal_except": (
        "{why}, so internal meetings beat clients this week - except {x}: that account is wobbly, they keep their "
        "slot",
        "colleagues before clients for now; the single exception is {x}, who we can't afford to upset",
        "the internal meeting wins ({why}), unless the customer is {x} - then the customer wins",
        "{x} is the only client who outranks an internal meeting this week - their renewal is on the line; every "
        "other client gives way",
    ),
    "person": (
        "keep whichever meeting {p} is part of - customer or internal makes no difference",
        "{p} is the one I must see that day, so the meeting with {p} survives and the other gives way",
        "the deciding factor is {p}: their meeting stays",
        "don't go by start times or by customer vs internal - the meeting with {p} wins",
    ),
    "earlier": (
        "the meeting that begins first stays put and the later one yields",
        "go by start time: the earliest start keeps its slot, whether it's a client or not",
        "whichever is scheduled to start sooner keeps its place",
        "the later-starting meeting is the one that moves or gets declined, even if it's the customer",
    ),
    "later": (
        "the meeting with the later start time stays put and the earlier one yields",
        "go by start time, but backwards: the later start keeps its slot",
        "whichever is scheduled to start second wins; the first one was only pencilled in",
        "the earlier-starting meeting gives way, customer or not",
    ),
    "earliest": (
        f"to the first opening on the calendar that day, counting from 9:00 ({G1})",
        f"as early that day as it fits ({G2})",
        f"into the earliest gap of the day - even if that's before where it was ({G3})",
    ),
    "after": (
        f"to the first free start following the end of the meeting that beat it ({G2})",
        f"to follow the winning meeting, at the soonest free start after it is over ({G3})",
        f"later the same day, at the first free moment once the winning meeting has ended ({G1})",
    ),
    "latest": (
        f"into the final free start of that day, however late it is ({G3})",
        f"as late in the day as it will still fit ({G1})",
        f"to the end of the day: the last slot still open ({G2})",
    ),
    "before": (
        f"to finish before the winner of that clash begins, as close to it as possible ({G1})",
        f"to the latest slot that ends no later than the start of the meeting it lost to ({G2})",
        f"into the last gap that finishes before the winning meeting starts ({G3})",
    ),
    "afternoon": (
        f"to the afternoon - the first free start at or after 13:00 ({G2})",
        f"to the earliest slot from 1pm on ({G3})",
        f"to the first opening in the second half of the day, one o'clock or later ({G1})",
    ),
}


# triage: deadlines reached by linking (an event less a lead, a moved or relayed deadline, another request's), and
# the noise around them. Fillers, asides and alarms start with a space (they follow a sentence); the newsletter and
# the promotion are "subject\nbody".
TRIAGE = {
    "before_0": (
        "The latest it can land is when {ref} starts.",
        "Once {ref} starts it's too late, so it has to be with me before that.",
        "My cut-off is the start of {ref}.",
        "Please don't let it go past the start of {ref}.",
        "Ideally I'd walk into {ref} with it already done - that's the deadline.",
    ),
    "before_30": (
        "Send it no later than 30 minutes prior to {ref}.",
        "The half hour before {ref} is when I read it, so it must reach me by then.",
        "The cut-off is the start of {ref} minus thirty minutes.",
        "Aim for half an hour before {ref} begins - I want to skim it beforehand.",
    ),
    "before_60": (
        "It should be with me sixty minutes before {ref} starts.",
        "Get it over one hour before the start of {ref}, please.",
        "I want an hour with it before {ref}, so that's when it's due.",
        "Not just before {ref} - an hour before it, at the latest.",
    ),
    # Which meeting: the one meant and its look-alike both named (but one phrasing a kind), the one meant set apart
    # by a contrast, a negation or a correction; the look-alike comes first in about half of them.
    "event_topic": (
        "the {lower} where we cover {topic} rather than {aside}",
        "the {topic} edition of the {lower}, which isn't the {aside} edition",
        "your {lower} (topic: {topic}) - the {aside} one is a red herring",
        "your {lower} - I don't mean the {aside} session, I mean the {topic} one",
        "the {lower} where {aside} is on the agenda - scratch that, where {topic} is",
        "whichever {lower} isn't the {aside} one - so the {topic} one",
        "the \"{title}: {topic}\" slot in your calendar",
    ),
    "event_who": (
        "the {lower} with {who} in it rather than {other}",
        "the meeting on your calendar that has {who} on the invite - {other}'s is a different one",
        "the {lower} that {other} isn't on but {who} is",
        "{other}'s meeting with you - sorry, I mean {who}'s",
        "your {lower} alongside {who}",
    ),
    "event_role": (
        "the {lower} with our {role} in it rather than the {other_role}",
        "the one on your calendar with our {role} invited - the {other_role}'s is a different one",
        "the {lower} that the {other_role} doesn't attend but our {role} does",
        "the {other_role}'s meeting with you - sorry, I mean our {role}'s",
        "the {lower} where you'll see our {role}",
    ),
    "event_us": (
        "our call, rather than your one with {other}",
        "the slot we have together - {other}'s slot with you is a different one",
        "the meeting {other} isn't in but you and I are",
        "your meeting with {other} - sorry, I mean our 1:1",
        "our sit-down",
    ),
    # Two meetings with the same person: both orders named, the one meant set apart; the two kinds mirror each other
    # phrasing by phrasing.
    "event_earlier": (
        "the earlier-scheduled meeting between you and {who}, rather than the later-scheduled one",
        "the meeting with {who} that comes first - the one that comes second doesn't count",
        "of your two meetings with {who}, not the later one but the earlier one",
        "the later of the two {who} meetings on your calendar - scratch that, the earlier",
    ),
    "event_later": (
        "the later-scheduled meeting between you and {who}, rather than the earlier-scheduled one",
        "the meeting with {who} that comes second - the one that comes first doesn't count",
        "of your two meetings with {who}, not the earlier one but the later one",
        "the earlier of the two {who} meetings on your calendar - scratch that, the later",
    ),
    "first_deadline": (
        "Hope you're well. {Ask}, and the deadline for that is {old}.",
        "{Ask} - ideally {old}, and no later.",
        "When you get a minute: {ask}. It's due {old}.",
        "{Ask}. Can I count on having it {old}?",
        "Heads-up: {ask}. Timing-wise, I need it {old}.",
    ),
    "shift_explicit": (
        "Plans changed overnight, so I need it {new} instead.",
        "New timing: I need it {new}. Please forget {old_day}.",
        "Small change - could you have it to me {new}? That replaces what I said before.",
        "Correction to my mail yesterday: it's now due {new}.",
        "Things moved on my side, so {old_day} no longer applies - I need it {new}.",
    ),
    "shift_day_earlier": (
        "Bad news, the whole thing moved up a day, so I need it 24 hours earlier than I said.",
        "Could you shave a day off the deadline I gave? Keep the time as it was.",
        "The date I gave you is now one day too late - same clock time, but the day before.",
        "They brought everything forward, so please move it to the previous day at the same hour.",
    ),
    "shift_day_later": (
        "Breathing room: the deadline I gave you moves out by 24 hours.",
        "You can take one more day on it - keep the same time, just the following day.",
        "Things slipped at our end, so it's due a day after what I said, at the same hour.",
        "Relax a bit - the day after my original deadline, same time, is fine now.",
    ),
    "shift_hours_later": (
        "I can give you a couple of extra hours - same day as before, two hours later.",
        "Good news: the deadline I gave slides back two hours.",
        "Take two hours more than my first mail said.",
        "The timing eased a little: two hours after what I asked for is fine.",
    ),
    "shift_hours_earlier": (
        "I need to pull my deadline in by a couple of hours - two hours before the time I gave you, same day.",
        "Could you get it to me two hours ahead of what I originally said?",
        "Things sped up here: the deadline is now two hours earlier than my first mail.",
        "Sorry, less time than I said - knock two hours off the deadline.",
    ),
    "relay": (
        "Just got a call from {sender} at the airport - their words on the {noun}: \"{change}\"",
        "I'm relaying because {sender}'s email is down: {change}",
        "I ran into {sender} with {witness} earlier, and {sender} asked us to let you know about the {noun}. "
        "Quote: {change}",
        "On the {noun}, a message from {sender}: {change}",
        "Got a text from {sender} meant for you: {change}",
        "{witness} asked me to forward this from {sender}, about the {noun}: {change}",
        "Not my deadline, but {sender} is stuck in a workshop and wanted you to hear it today: {change}",
    ),
    "relay_subject": (
        "Re: {subject} (from {sender})",
        "Passing on: {noun}",
        "{sender} asked me to write",
        "For you from {sender}",
        "{noun} - a message for you",
    ),
    "peer": (
        "{Ask}. For timing, go by {other}'s {their}: whenever that is due, so is this.",
        "{Ask}, due at exactly the same moment as {other}'s {their}.",
        "{Ask}. I'm not sure of the exact time, but it's tied to {other}'s {their} - the two are due together.",
        "{Ask}. It's due when {other}'s {their} is due.",
        "{Ask}. {other}'s {their} and this one share a deadline.",
    ),
    "peer_noun": (
        "{Ask}. It shares its deadline with the {their}.",
        "{Ask}. The timing is the one set for the {their}.",
        "{Ask}. Due together with the {their}.",
        "{Ask}. Match the {their} deadline on this, please.",
    ),
    # The last word on a moved deadline: the change taken back (revert) or held (confirm), each carrying the other's
    # words negated, taken back or put in the mouth of {witness} (but one phrasing a kind, naming nobody); the two
    # kinds mirror each other phrasing by phrasing.
    "revert": (
        "As of now we're back to the deadline from my first mail - the talk of the moved deadline being firm came "
        "from {witness}, and it's mistaken.",
        "Don't go by the update, even if {witness} insists it stands: the original timing applies again.",
        "{witness} passed on that what my last mail said is final; it isn't - disregard the new deadline.",
        "The deadline we started with still holds; {witness} heard 'the update stands', but that's wrong.",
        "The update doesn't stand after all - we're back to the deadline from my first mail.",
    ),
    "other_task": (
        "Good talking earlier. For the record, the {task} needs to be done {when}.",
        "Don't forget the {task}: {when}.",
        "I'll have the {task} ready {when}.",
        "On the {task}: I'll get it to you {when}.",
        "Per our chat, the {task} lands {when}.",
    ),
    "aside": (
        " Also, the all-hands got pushed a day, same time.",
        " Different topic: the kitchen clean-up moved two hours earlier.",
        " By the way, Friday drinks are now a day sooner.",
        " PS - the IT training session slid back two hours.",
        " (Completely separate: the board dinner moved forward a day, same hour.)",
    ),
    "filler": (
        " I'll be offline from {x} for a bit.",
        " Heads-up: I'm in a workshop starting {x}, so I may reply slowly.",
        " If you need me, I'm around after {x}.",
        " (Dentist at {x}, back soon after.)",
        " My phone is off until {x}.",
    ),
    "alarm": (
        " I can't stress enough how much this matters.",
        " Please don't leave this one - a lot rides on it.",
        " Apologies for the pressure, but it really can't wait.",
        " Honestly, this one keeps me up at night.",
        " Would really appreciate this being at the top of your pile!",
        " It's a big deal, so please give it your full attention.",
    ),
    "subject": (
        "{subject} - your input",
        "{subject}: over to you",
        "{subject}?",
        "Pls look: {subject}",
        "Ask re {subject}",
        "{subject} / next step",
        "Waiting on you - {subject}",
    ),
    "newsletter": (
        "{brand} digest\nIn today's {brand} digest: container prices, a new rail corridor and what tariffs mean for "
        "you. Unsubscribe at any time.",
        "Issue {number} is out\n{brand}, issue {number}: a deep dive into cold-chain costs, plus the reader poll "
        "results. View in browser.",
        "Your {brand} roundup\nThe stories our readers clicked most this week, from {brand}: fuel hedging, yard "
        "automation, and a reminder that next month's customs forms are due soon.",
        "{brand} | Weekend reading\nFive long reads picked by the {brand} editors, and a free webinar this "
        "afternoon. You're receiving this because you subscribed.",
        "Inside {brand} this week\nDock labour talks resume; warehouse vacancies hit a low; our columnist on "
        "last-mile pricing. Read more on the {brand} site.",
        "{brand} - the morning note\nMarkets, freight and one chart you need to see, courtesy of {brand}. Update "
        "your email preferences here.",
    ),
    "promotion": (
        "Only hours left, {first}!\n{first}, {pitch} here from {promo}. Our spring sale wraps up at 17:00 today - "
        "lock in half-price licences before it's gone.",
        "{first}, your exclusive offer expires today\nHi {first}, this is {pitch} at {promo}. I've reserved a "
        "discount for you until 5pm today. Just reply 'yes' and it's yours.",
        "Don't let your {promo} account lapse\n{first}, your free {promo} plan runs out at 17:00. Upgrade today "
        "and keep every file. Cheers, {pitch}",
        "Can we talk today, {first}?\n{pitch} from {promo} - I've got a 15-minute slot before 17:00 to show you "
        "what we can do. Time-sensitive pricing!",
        "Re: pricing for your team\nHi {first}, {pitch} ({promo}) again. Our bundle price is valid only until "
        "17:00 today - after that it goes up. Act now!",
        "Flash deal, {first}: today only\nEverything at {promo} is 30% off until 5pm. Any questions, ask me - "
        "{pitch}.",
    ),
    "ask_lease": (
        "the {thing} has to be signed by you and returned to the landlord",
        "your signature is the one thing the {thing} still lacks",
        "I'd like you to sign the {thing} so it can go back to the landlord",
        "the landlord is holding out for your signed {thing}",
    ),
    "ask_budget": (
        "the {thing} is stuck until you approve it",
        "please approve the {thing} - finance is waiting",
        "your approval of the {thing} is what finance needs to close",
        "spending is frozen until the {thing} has your approval",
    ),
    "ask_brief": (
        "please send me three {thing} for the press brief",
        "for the press brief I'm after three {thing} from you",
        "three {thing} from you would complete the press brief",
        "your {thing} are the last gap in the press brief I'm writing",
    ),
    "ask_contract": (
        "the draft {thing} is with you for comments",
        "please mark up the draft {thing} with your comments for legal",
        "legal won't sign the draft {thing} until they have your comments",
        "your notes on the {thing} are what legal is asking me for",
    ),
    "ask_analyst": (
        "the {thing} is waiting for your sign-off",
        "please sign off the {thing} so HR can move",
        "the {thing} can't go out without your sign-off",
        "HR would like the {thing} signed off by you",
    ),
    "ask_lisbon": (
        "the {thing} are waiting on your go-ahead before the travel desk books",
        "please OK the {thing} so the travel desk can book them",
        "the {thing} stay unbooked until you give the nod",
        "the travel desk wants your yes on the {thing}",
    ),
    "title_lease": (
        "Signature needed: lease",
        "Lease addendum to sign",
        "Your lease addendum",
    ),
    "title_budget": (
        "Budget - your approval",
        "Approval of the budget",
        "Budget still open",
    ),
    "title_brief": (
        "Points for the press brief",
        "Press brief - your input",
        "Your talking points",
    ),
    "title_contract": (
        "The contract draft",
        "Contract: comments please",
        "Vendor contract review",
    ),
    "title_analyst": (
        "The analyst offer",
        "Analyst: sign-off",
        "Hiring the analyst",
    ),
    "title_lisbon": (
        "Lisbon travel",
        "Flights to Lisbon",
        "Lisbon: booking",
    ),
    "noun_lease": (
        "signature for the lease",
        "lease addendum paperwork",
        "lease papers",
    ),
    "noun_budget": (
        "budget",
        "approval of the budget",
        "budget paperwork",
    ),
    "noun_brief": (
        "press brief points",
        "talking points for the brief",
        "press brief input",
    ),
    "noun_contract": (
        "draft contract",
        "comments on the contract",
        "contract mark-up",
    ),
    "noun_analyst": (
        "analyst hire",
        "sign-off for the analyst",
        "analyst paperwork",
    ),
    "noun_lisbon": (
        "Lisbon trip",
        "flights to Lisbon",
        "trip to Lisbon",
    ),
    "shift_event": (
        "{old_day} no longer applies. {deadline}",
        "Plans moved since yesterday, so the deadline has too. {deadline}",
        "{deadline} That replaces what I told you yesterday.",
        "Not {old_day} any more - here is the new deadline. {deadline}",
    ),
    "confirm": (
        "As of now the moved deadline is firm - the talk of going back to the deadline from my first mail came from "
        "{witness}, and it's mistaken.",
        "Don't go by the original timing, even if {witness} insists it applies again: the update stands.",
        "{witness} passed on that you should disregard the new deadline; you shouldn't - what my last mail said is "
        "final.",
        "The moved deadline still holds; {witness} heard 'back to the original deadline', but that's wrong.",
        "We're not back to the deadline from my first mail after all - the update stands.",
    ),
    "unlinked": (
        " Separately, {other} has the {their} going - that has a deadline of its own, unrelated to this one.",
        " The {their} {other} is chasing runs on its own timeline, not this one.",
        " (No connection to {other}'s {their}, by the way - different deadline.)",
        " Whatever {other} tells you about the {their}, this one keeps its own clock.",
    ),
    "request": (
        "Please go through last night's mail and triage it here in chat, in your own words. Urgent means I have to "
        "act on it before {cutoff} today, however relaxed the tone - put those first, then everything else. For each "
        "item: the sender, what they need, and the deadline as a day and a time (where a mail points at my calendar "
        "or an earlier mail, look it up). Newsletters and promotions stay out, and answer nobody.",
        "Here in chat, a triage of what arrived overnight: first whatever is due from me before {cutoff} today "
        "(urgent, even if written calmly), then the rest. Name who sent it, what they need and when - day and time, "
        "chasing any pointer to my calendar or to earlier mail. Your words, not theirs. No replies to anyone, and "
        "skip newsletters and promotions.",
        "Overnight inbox, please, summarised here in chat in your own words and without replying to anyone. Anything "
        "I owe before {cutoff} today counts as urgent and comes first; then the others. Give each its sender, the "
        "need and the due day and time - check my calendar and earlier mail when they're referred to. Newsletters "
        "and promotions don't belong in the list.",
    ),
}


# phishing: real mail and scams share their words (a scam copies the real reminder or invoice); only who IT said
# writes and the user's rules decide. "where" is positional: the first six say the service desk sends the reminder,
# the last six the sign-in provider, as in the public book. Each mail is "subject\nbody"; texts have no subject.
PHISHING = {
    "announcement": (
        "Password changes: how it works this quarter\nHello everyone,\n\nPasswords are due for their quarterly "
        "change next week, one team at a time. {where} The one and only place to set a new password is {page}; "
        "IT will never ask you for it in an email.\n\n{desk_name}",
        "Next week: rotating passwords\nHi team,\n\nA short one. {where} When it arrives, head to {page} and pick a "
        "new password.\n\n{desk_name}",
        "Upcoming password expiry\nDear colleagues,\n\nYour password will expire some time next week as part of the "
        "regular rotation. {where} Nobody at IT needs to know your password, so never send it to anyone.\n\nBest,"
        "\n{desk_name}",
        "Rotation week is coming\nAll,\n\n{where} You then have three days to update your password at {page}. "
        "Reply here if anything is unclear.\n\n{desk_name}",
        "Quarterly password reset - what to expect\nHi all,\n\nHere's what happens next week. {where} Please keep "
        "that reminder to yourself and only ever enter your password on {page}.\n\n{desk_name}",
        "Passwords: rotation from Monday\nHello,\n\nFrom Monday we rotate everyone's password. Change yours at "
        "{page} once your reminder lands. {where}\n\nThanks,\n{desk_name}",
    ),
    "where": (
        "The reminder will be sent from {sender}, the same mailbox this note comes from.",
        "As in past rounds, {sender} is the address your reminder comes from.",
        "A few days before your turn, {sender} will email you a reminder.",
        "We at the service desk send the reminder ourselves, same as last quarter; no outside company is involved.",
        "Look out for a reminder from this mailbox - we're handling it in-house.",
        "Even though sign-in runs through {provider}, they send nothing this round: the reminder is ours, from the "
        "service desk.",
        "The reminder this quarter is sent by {provider}, our sign-in provider, from {sender} - not by the service "
        "desk.",
        "{sender} is a real {provider} address - now that they run our sign-in, that's where your reminder comes "
        "from.",
        "{sender} ({provider}, who run our sign-in) will send your reminder.",
        "We're not sending reminders this time; {provider}, our sign-in provider, does that now.",
        "Your reminder will come from {provider} instead of from us.",
        "{provider} takes care of the reminders now, from an address of their own - nothing will come from this "
        "desk.",
    ),
    "reminder": (
        "{first}, your password needs changing by {day}\nHello {first},\n\nYour turn in the rotation has come: the "
        "current password stops working on {day} at 09:00. Set a new one at {page}.\n\n{signer}",
        "Password expiry notice\nHi {first},\n\nYour password expires {day}. To avoid being locked out, update it "
        "now at {page}. We will never ask you for your password.\n\n{signer}",
        "IMPORTANT - reset before {day}\n{first},\n\nThis is the reminder we promised. Please go to {page} and "
        "choose a new password before {day}. It only takes a moment.\n\n{signer}",
        "Time for a new password, {first}\nHi {first}, quick reminder: the rotation reaches your account on {day}. "
        "Head to {page} beforehand and set a fresh password.\n\nThanks,\n{signer}",
        "Your sign-in: action by {day}\nDear {first},\n\nAfter {day} your old password will no longer be accepted. "
        "The reset page is {page}.\n\nKind regards,\n{signer}",
        "Reminder: {day} is your rotation day\n{first} - as announced last week, your password runs out on {day}. "
        "Change it at {page}; nothing else is needed from you.\n\n{signer}",
    ),
    "forward": (
        "Fwd: {subject}\nSending this on, {first} - IT says everyone has to do it this week.\n\n-------- Original "
        "message --------\n{body}",
        "Fw: {subject}\nJust had this one - did you get it too? Took me two minutes.\n\n{body}",
        "{subject}\n{first}, forwarding this from IT since you weren't on the list.\n\n> {body}",
        "FW: {subject}\nHey {first}! Do this before your meeting, it's quick.\n\nBegin forwarded message:\n{body}",
        "Fwd: {subject}\nPassing along - the team lead asked me to make sure everyone sees it. {signer}\n\n{body}",
        "Re: Fwd: {subject}\n{first}, see IT's message below; I've already done mine.\n\n---\n{body}",
    ),
    "note": (
        "The {doc} is up\nHi {first},\n\nI've put the {doc} on the intranet: {link}. Let me know if you'd like "
        "changes.\n\n{signer}",
        "Re: {doc}\n{first} - link as promised: {link}. I've locked the {doc}; the password I'll tell you face to "
        "face, not over email.\n\n{signer}",
        "Quick review?\nHi {first}, could you look over the {doc} before Friday? {link} (intranet sign-in "
        "needed)\n\n{signer}",
        "{doc} for tomorrow\nHey {first},\n\nHere's the {doc}: {link}. It needs your usual intranet login, nothing "
        "else.\n\nCheers,\n{signer}",
        "The {doc} you asked about\nHi {first},\n\n{link} - that's the current {doc}. Comments in the margin are "
        "mine.\n\n{signer}",
        "Heads up on the {doc}\n{first}, I nearly fell for a fake 'confirm your password' mail this morning, so "
        "I've kept the {doc} on our intranet: {link}. No need to log in anywhere new.\n\n{signer}",
        "{doc} - final version\nHi {first},\n\nThe final {doc} is at {link}. I locked editing; the password for "
        "edits is with the team lead, not in email.\n\n{signer}",
        "Notes + {doc}\n{first} - from our chat: {link} holds the {doc} and my notes. Talk at lunch?\n\n{signer}",
    ),
    "invoice": (
        "{supplier} invoice {number}\nHello,\n\nAttached is invoice {number}: ${amount}, payable within 30 days at "
        "{link}.\n\nBest regards,\n{signer}",
        "PAST DUE: {number}\nHello,\n\nWe haven't yet received payment of ${amount} for invoice {number}, which is "
        "now overdue. Please settle it today at {link}. Transfers go to the same IBAN as always, {on_file}.\n\n"
        "{signer}",
        "Second notice - invoice {number}\nHi,\n\nThis is a second notice: ${amount} remains open on {number}. Card "
        "payments at {link}; bank transfers to the account we have always used. Nothing on our side has changed."
        "\n\n{signer}",
        "Your monthly statement\nHello,\n\nOpen items: invoice {number}, ${amount}. Settle whenever convenient at "
        "{link}.\n\nThank you,\n{signer}",
        "Invoice {number} ({supplier})\nHi,\n\n{number} is attached, for ${amount}. Online payment: {link}. "
        "For transfers, our IBAN stays {on_file} - please keep using it.\n\n{signer}",
        "{number}: ${amount} due\nHello,\n\nInvoice {number} (${amount}) is attached, payable at {link}. Please be "
        "careful: scammers have been sending look-alike emails announcing new bank details for us. We have not "
        "changed banks; our IBAN is {on_file}.\n\n{signer}",
        "Invoice {number} from {supplier}\nHello,\n\n${amount} is payable on {number} via {link}. We never announce "
        "a change of bank account by email - if you receive one, please phone us first.\n\n{signer}",
        "Reminder: {number} due this week\nHello,\n\nA friendly reminder that invoice {number} for ${amount} falls "
        "due on Friday. Pay at {link} or transfer to IBAN {on_file}.\n\nMany thanks,\n{signer}",
        "{supplier} - payment request {number}\nHi,\n\n${amount} for {number}. Our payment page: {link}. Account "
        "for transfers: IBAN {on_file}.\n\n{signer}",
    ),
    "gift_text": (
        "{first}? It's {ceo}. Lost my phone, texting from a temp number. Could you pick up {count} gift cards at "
        "${value} each for a client gift? Send me the codes here - and please keep it quiet.",
        "This is {ceo}, using a colleague's phone. Stuck in a board meeting. Need {count} ${value} gift cards ASAP "
        "for staff rewards - photograph the codes and text them to me. Don't call.",
        "Hi {first}, {ceo} here from my private number. Are you free? I need you to buy {count} gift cards of "
        "${value} before lunch. I'll reimburse you tonight. Just text me the codes.",
        "{ceo} here - can't talk, in back-to-backs. Quick favour: {count} gift cards, ${value} each, for a customer "
        "thank-you. Reply with the card codes. Keep this between us for now.",
        "It's {ceo}. Please get {count} x ${value} gift cards today and send me the numbers on the back by text. "
        "It's a surprise for the team, so no one else should know.",
        "{first}, it's {ceo} on a new number. I need {count} gift cards worth ${value} each right away. Text the "
        "codes to this number when you have them.",
    ),
    "raffle_text": (
        "Got the raffle gift cards today - they're locked in the top drawer, receipts are in the expenses folder.",
        "Quick update: raffle prizes bought, three gift cards, and the receipts are with finance.",
        "The gift cards for Friday's raffle ended up cheaper than planned. I'll drop the receipts off later.",
        "No need to order gift cards for the raffle, I picked them up on my way in. Receipts are on my expense "
        "claim.",
        "Raffle gift cards are sorted and in the safe. Could you sign off the expense when it comes in?",
        "Bought the gift cards for the raffle this morning - all in an envelope on my desk, receipts too.",
    ),
    "platform_move": (
        " Starting next month, the pay-online link on our invoices will take you to {platform}, who now process our "
        "billing.",
        " A small change: online payments move to {platform} from next month.",
        " Next time, the payment link will take you to a page at {platform} - they handle our invoicing now.",
        " (From next month, card payments go through {platform}.)",
        " FYI, {platform} will host our payment page going forward.",
        " We've switched billing platforms: future links point to {platform}.",
    ),
    "correction": (
        "Re: {subject}\nOne correction to my note last week: {where}\n\n{desk_name}",
        "Correction - password reminders\nHello again,\n\nI got one detail wrong before. {where} The rest of the "
        "note is unchanged.\n\n{desk_name}",
        "Re: {subject}\nHi all - the sender I named for the reminder was wrong. {where}\n\n{desk_name}",
        "Reminder sender has changed\nTeam,\n\nSince my last message, things moved on. {where}\n\n{desk_name}",
        "Small fix to the rotation notice\nApologies for the confusion. {where} Nothing else changes.\n\n{desk_name}",
        "Update on password reminders\nHello,\n\nAn update to my earlier message: {where}\n\nThanks,\n{desk_name}",
    ),
    "guess": (
        "Re: {subject}\nDidn't someone say {guess} sends these now? That's what I heard in our team meeting.\n\n"
        "{signer}",
        "Re: {subject}\nLast time mine came from {guess}, so I'd expect the same.\n\n{signer}",
        "Re: {subject}\nPretty sure it'll be {guess} this round - our manager mentioned it.\n\n{signer}",
        "Re: {subject}\nJust so everyone knows, I've been told the reminder comes from {guess}.\n\n{signer}",
        "Re: {subject}\nWait - I thought {guess} handled the reminders?\n\n{signer}",
    ),
    "new_number": (
        "Updated mobile\nHello all,\n\nPlease save my new mobile number: {number}. The old phone goes back this "
        "week.\n\n{ceo}",
        "New number for me\nTeam - I'm now on {number}. Texts to the old number won't get through after Friday.\n\n"
        "{ceo}",
        "Contact change\nHi everyone, quick housekeeping: my phone number is now {number}. Email stays the same.\n\n"
        "{ceo}",
        "Phone\nHi all - the number to reach me on is {number} from now on.\n\n{ceo}",
        "Please update your contacts\nHi all,\n\n{number} is my new mobile, effective immediately.\n\nThanks,\n{ceo}",
    ),
    "domain_move": (
        " Starting next month, invoices will be sent from the {domain} domain - same people, same bank.",
        " Our billing team's address changes next month to {address}.",
        " Note: we're moving invoicing to {domain}; please add it to your safe senders.",
        " From next month you'll receive our invoices from {address}.",
        " Admin note: our billing mail moves to {domain} next month - nothing else changes.",
        " Small housekeeping item: as of next month, the mail carrying our invoices will come from {address}. It is "
        "genuinely us.",
    ),
    "domain_warn": (
        " One more thing: {domain} does not belong to us. Scammers set it up, so bin anything sent from it.",
        " Be careful with {domain}: it was registered by someone pretending to be us.",
        " We've been told of messages sent from {domain}; that address has nothing to do with our company.",
        " Security notice - {domain} is an imitation of our address. Please treat its emails as fraud.",
        " (Heads-up: {domain} isn't one of ours, whatever it claims.)",
        " Last, a warning we are sending every customer: mail from {domain} is not ours, so please don't act on it.",
    ),
    "account_change": (
        "{supplier} - new bank account\nHello,\n\nJust so you know: {supplier} now banks elsewhere. {rep} mentioned it "
        "and I rang their office to double-check. Please use IBAN {iban} from now on; {old} has been closed.\n\n"
        "{signer}",
        "Records updated for {supplier}\nHi,\n\nAfter a verification call with {rep}, I've replaced {supplier}'s "
        "account in our system: {old} is out, {iban} is the one on file.\n\n{signer}",
        "{supplier} payments\nHi - heads-up that {supplier} changed their bank. I checked with {rep} by phone before "
        "updating anything. The account we hold on file is now {iban} (the previous one, {old}, no longer works)."
        "\n\n{signer}",
        "Bank switch at {supplier} - confirmed\nHi,\n\nI rang {rep} myself rather than trust the email, and yes, "
        "{supplier} really did move banks. So {old} is dead; what we hold on file now, and what we pay into, is IBAN "
        "{iban}.\n\n{signer}",
        "{supplier}: pay {iban} from now on\nHello,\n\nShort version: {old} is closed. {rep} confirmed over the "
        "phone that {supplier} now banks with another bank, and {iban} is on file in its place.\n\n{signer}",
    ),
    "personal_sign": (
        " ({name}, from my own phone - the work one is charging)",
        " Sent from {name}'s private mobile.",
        " - {name}. Different number, this is my personal phone.",
        " {name} (personal mobile)",
    ),
    "it_schedule": (
        "Who rotates when\nHello all,\n\nAccounting goes first on {day}, the rest of you later in the week. Until "
        "your reminder lands there is nothing for you to do.\n\n{desk_name}",
        "Timing of the password change\nHi,\n\nMost of you will reach your rotation on {day}. The reminder will come "
        "the way we said; you need not do anything yet.\n\n{desk_name}",
        "Sign-in may be sluggish\nAll,\n\nExpect the sign-in page to run slowly on {day} while the rotation runs. "
        "This note needs no reply.\n\n{desk_name}",
        "How the rotation is going\nHello everyone,\n\nThe first teams are through without trouble; your turn is "
        "{day}. As ever, IT never wants your password in an email.\n\n{desk_name}",
    ),
    "it_other": (
        "Visitor Wi-Fi\nHello,\n\nFrom this week the visitor Wi-Fi password rotates weekly; {address} hands it out."
        "\n\n{desk_name}",
        "New door-entry codes\nHi all,\n\nDoor codes and the shared locker password changed today. Ask {address} "
        "if yours no longer works.\n\n{desk_name}",
        "Conference phone\nTeam,\n\nThe conference phone's admin password was reset. Please write to {address} if "
        "it prompts you for one.\n\n{desk_name}",
    ),
    "refer": (
        "Check your {month} mail: whoever sent you the sign-in set-up email then is who sends the reminder now.",
        "In {month} you received a multi-factor enrolment email; the reminder comes from that very sender and no "
        "other.",
        "Look for a reminder from the address that sent your {month} sign-in enrolment link; no other sender is us.",
        "Remember the sign-in set-up mail from {month}? The reminder comes from that same sender.",
        "It's the sender of your {month} enrolment mail who sends the reminder - anything from elsewhere isn't "
        "genuine.",
    ),
    "setup": (
        "Action: enrol for multi-factor sign-in\n{first},\n\nWe're switching everyone to multi-factor sign-in. "
        "Your enrolment is waiting at {page}; please finish it before Friday.\n\n{signer}",
        "{first}, two minutes to secure your account\nHello {first}, start your sign-in enrolment here: {page}\n\n"
        "Thanks,\n{signer}",
        "Sign-in enrolment needed\nHello {first}, please complete your sign-in enrolment at {page}.\n\nThanks,\n"
        "{signer}",
        "Set up your new sign-in, {first}\nWelcome to the new sign-in. Enrol at {page} this week.\n\n{signer}",
    ),
    "pitch": (
        "Simpler sign-in for your team\nHi {first}, teams switch to {other} to roll out multi-factor sign-in in an "
        "afternoon. Take the tour: https://{site}/tour\n\nThe {other} team",
        "{first}, tired of password resets?\n{other} automates password rotation and sign-in enrolment. Start "
        "free: https://{site}/start\n\n{other}",
        "Quick question about your sign-in\nHello {first},\n\nWho handles sign-in enrolment at your company? "
        "{other} could save you hours - https://{site}/book\n\nBest,\n{other} sales",
        "Meet {other}\nHi {first}, passwordless sign-in for the whole team, set up in a day. Learn more at "
        "https://{site}\n\n{other}",
    ),
    "account_kept": (
        "{supplier}: no bank change\nHi,\n\nAn email claimed {supplier} now wants paying into {old}. I phoned {rep}, "
        "who said nobody there sent it and nothing has moved. We keep {iban} on file.\n\n{signer}",
        "Don't switch {supplier}'s account\nHello,\n\nThe account we hold for {supplier} stays {iban}. {rep} told me "
        "on a call that they never asked for payments to go to {old} - that request was fake.\n\n{signer}",
        "Checked: {supplier} payments\nHi - heads-up. Someone wrote saying {supplier} had moved to {old}. {rep}, "
        "when I rang, knew nothing of it: {supplier} has not changed banks, so {iban} remains the one on "
        "file.\n\n{signer}",
        "Re: {supplier} IBAN\nHello,\n\nSpoke to {rep} this morning. {old} has nothing to do with {supplier}; their "
        "bank is unchanged and {iban} stays in our records.\n\n{signer}",
    ),
    "raffle_ceo": (
        "Gift cards for the raffle are bought, as {ceo} asked - I'll hand you the receipts for my expenses.",
        "Done the raffle shopping for {ceo}: cards are in my bag for Friday, receipts to follow for the claim.",
        "{ceo}'s raffle prizes sorted (gift cards). Could you sign off my expenses when the receipts reach you?",
    ),
    "official_desk": (
        "Book your laptop swap, {first}\nHello,\n\nYour laptop is up for replacement. Choose when we collect the old "
        "one ({link}), ideally before {day}.\n\n{desk_name}",
        "Check your registered devices\n{first},\n\nWe're tidying the asset list. Please look over the devices we "
        "have under your name at {link} - there is nothing to download.\n\n{desk_name}",
        "Two questions on room booking\nHi {first}, how is the new meeting-room booking working for you? Short "
        "survey: {link}\n\nThanks,\n{desk_name}",
    ),
    "official_provider": (
        "{first}, your monthly sign-in report\nHello,\n\nLast month's sign-in activity for your account is ready to "
        "view at {link}\n\n{provider}",
        "Sign-in from a new laptop\n{first}, we noticed a new laptop signing in to your account yesterday. If that "
        "was you, ignore this; details are at {link}.\n\n{provider}",
        "Last week at a glance\nHi {first}, a summary of your sessions over the past week: {link}\n\nThe {provider} "
        "team",
    ),
    "not_provider": (
        "This round {provider} sits out the rotation.",
        "Should {provider} ({address}) write to you about it, that is not something we stand behind.",
        "{provider} looks after everyday sign-in, yet the reminder this quarter is not theirs to send.",
        "{address} mailed you last quarter for {provider}; that is over, and it has no role now.",
        "Mail from {address} about passwords this time? Leave it alone - that address has no role in this round.",
    ),
    "not_desk": (
        "No reminder goes out from this mailbox, {address}, this time.",
        "This round we at {address} keep out of the reminders.",
        "{address} did the reminders last quarter; this time it has no part in them.",
        "If a reminder arrives from {address}, it did not come from us this round.",
        "This quarter {address}, our own address, is only here to answer questions - someone else sends the reminder.",
    ),
    "desk_aside": (
        "Your laptop refresh, {first}\nHello,\n\nYour laptop is due for replacement; we'll get in touch to book a "
        "time.\n\n{signer}",
        "Network points on the new floor\nHi {first}, from Monday the network points on the new floor are "
        "live.\n\n{signer}",
        "VPN down on Saturday\n{first}, the VPN will be offline on Saturday night while we do "
        "maintenance.\n\n{signer}",
    ),
    "provider_aside": (
        "Weekend maintenance at {provider}\nHello {first},\n\nWe're doing maintenance this weekend; expect slower "
        "sign-in on Sunday.\n\n{signer}",
        "New at {provider}: dark mode\nHi {first}, dark mode is here, and sign-in on mobile is now "
        "faster.\n\n{signer}",
        "Your team this quarter\n{first}, a usage summary from {provider}: 4,210 sign-ins by your team this "
        "quarter.\n\n{signer}",
    ),
    # The _turned kinds: each name sits beside cue words of both leanings; only the whole sentence says which holds.
    "account_change_turned": (
        "{supplier} - which account?\nHi,\n\n{iban} looked like a fraud to me at first, and {old} is still on most "
        "of our records. {rep} settled it on the phone: {supplier} switched banks, so the account our records show "
        "no longer exists and {iban} is on file now.\n\n{signer}",
        "Re: {supplier} IBAN\nHello,\n\nOur vendor file calls {old} current and {iban} closed. It was written before "
        "{supplier} moved banks, as {rep} confirmed when I phoned, so it has it backwards: we pay {iban}, and {old} "
        "is shut.\n\n{signer}",
        "{supplier} update\nHi,\n\nA mail asked us to stop using {old}, and I suspected {iban} was a scam, so I "
        "called {rep}. No scam: {supplier} has a new bank, {old} was theirs until last month and is closed, and "
        "{iban} goes on file.\n\n{signer}",
        "Checked: {supplier}\nHello,\n\nWhoever says {supplier} still banks at {old} is behind the times, and {iban} "
        "is not the fake it looks like. {rep} told me on a call they changed banks. Please pay {iban}.\n\n{signer}",
        "{supplier}'s bank\nHi,\n\nKeep paying {old}? Not any more. New account {iban}? Not a fake. Both answers "
        "came from {rep} on the phone: {supplier} moved banks, and {iban} is now on file.\n\n{signer}",
    ),
    "account_kept_turned": (
        "{supplier} - no move\nHi,\n\n'{supplier} has a new bank: pay {old} from now on, {iban} is closed.' That is "
        "what a mail told us last week. {rep} says on the phone that {supplier} never sent it and never moved, so "
        "{iban} stays on file.\n\n{signer}",
        "Re: {supplier} account\nHello,\n\nI was asked to replace {iban} with {old} in our records as {supplier}'s "
        "current account. I didn't: {rep} told me by phone that the request was fake and their account has not "
        "changed.\n\n{signer}",
        "{supplier} bank details\nHi,\n\nOur old account for {supplier}, {iban}, is still the right one. The 'new' "
        "one, {old}, came in a mail {rep} never sent - I asked {rep} on the phone, and {supplier} has not changed "
        "banks.\n\n{signer}",
        "Heads-up: {supplier}\nHello,\n\nA supplier mail marks {iban} as closed and {old} as new. Ignore both marks: "
        "{rep}, on the phone, knew nothing of any move, and we still pay {supplier} into {iban}.\n\n{signer}",
        "{supplier}: checked by phone\nHi,\n\nIs {old} now {supplier}'s account, and is {iban} closed? So the mail "
        "said. No and no: {rep} told me they never moved banks, so we keep paying {iban}.\n\n{signer}",
    ),
    "domain_move_turned": (
        " A security note about {domain}: nobody is impersonating us there. It is our own new billing domain, and "
        "next month's invoices come from it.",
        " Please don't report {domain} as phishing, close as it is to our name - our billing team really moved to "
        "it and bills from it next month.",
        " Some of you blocked {domain} as a fake. Unblock it: from next month it is where our invoices come from.",
        " {domain} is no fraud, whatever your spam filter says: that look-alike is ours, and our billing mail moves "
        "there next month.",
    ),
    "domain_warn_turned": (
        " 'Our invoices now come from {domain}' - if you read that, the mail was not ours; we never moved our "
        "billing.",
        " We hear a notice asks customers to add {domain} as our new billing address from next month. We sent no "
        "such notice and do not own that domain.",
        " Nothing about our billing has moved to {domain}, whatever a 'change of address' mail may say.",
        " Has someone told you {domain} is our billing team's new home? It belongs to a fraudster, not to us.",
    ),
    "platform_move_turned": (
        " Wondering whether a {platform} payment page in our name is real? It is - our online payments move there "
        "next month.",
        " Next month's payment link goes to {platform}, not to our own site. That is no scam: {platform} now runs "
        "our billing.",
        " A customer asked if {platform} was a phishing site; no, it is our new billing platform, and next month's "
        "link uses it.",
    ),
    "platform_warn": (
        " We do not bill through {platform}; a payment page there under our name is fake.",
        " A mail that tells you our payments now run through {platform} is not from us - we never moved there.",
        " Someone made a {platform} account pretending to be us. We have no account with {platform}.",
        " Should a 'pay us on {platform} from now on' notice reach you, it is fraud; we have no page there.",
    ),
    "gift_text_named": (
        "{first}, {ceo} here - I got your number from {colleague}. Can you buy {count} gift cards of ${value} "
        "today for a client? Text me the codes; this stays between us.",
        "It's {ceo}, texting from a new number. I need {count} x ${value} gift cards urgently and {colleague} "
        "couldn't help, so please send me the codes here and tell no one.",
        "{colleague} said you're the one to ask. This is {ceo}: {count} gift cards at ${value} each, bought today, "
        "codes texted to me. A surprise, so keep quiet.",
    ),
    "where_desk": (
        "The reminder is not coming from {provider}, though {provider} is still our sign-in provider: {sender} "
        "sends it, as it always has.",
        "{sender} is no longer just for questions - it sends your reminder this round. {provider}, our new sign-in "
        "provider, keeps to the sign-in page.",
        "Some of you expect the reminder from {provider} now that it runs sign-in. Not so: it comes from us, the "
        "service desk.",
        "Don't wait for {provider} to remind you; {provider} keeps doing sign-in, but the reminder is the desk's, "
        "from {sender}, not an outside company's.",
    ),
    "where_provider": (
        "We keep answering questions here, but the reminder is not ours: {provider} sends it, and {sender} is no "
        "fake.",
        "Not from us, not from this mailbox: your reminder comes from {sender}, which belongs to {provider}, our "
        "sign-in provider.",
        "{sender} may look odd, not being an IT address. It is {provider}'s, and {provider} sends the reminder this "
        "quarter; we still do everything else.",
        "The desk keeps its usual jobs; the reminder is no longer one of them. {provider} took it over and sends it "
        "from {sender}.",
    ),
    "not_provider_turned": (
        "The reminder is ours to send; {provider} carries on with the sign-in page as usual.",
        "We handle the reminder. {provider}, at {address}, still writes to you about your devices and sign-in.",
        "Mail from {address} keeps coming for {provider}'s own matters, like new devices - the reminder itself is "
        "the desk's.",
    ),
    "not_desk_turned": (
        "The reminder comes from our provider; {address} stays open for your questions.",
        "Questions still go to us at {address}. The reminder will reach you from somewhere else.",
        "Our provider is the one sending the reminder this time, while {address} keeps handling everything else.",
    ),
    # IT's note this morning vouching for a service's new sender ({service} is a noun phrase, "the payroll portal");
    # the warning sentence may open or close that note; the vouched service's own mail asks nothing of a password.
    "it_vouch": (
        "{address} is genuine\nHello all,\n\nBefore anyone forwards it to us as suspicious: the mail you get from "
        "{address} today really is from {service}. We made that switch ourselves this week.\n\n{desk_name}",
        "A change you'll notice today\nDear colleagues,\n\nFrom this morning, mail for {service} is sent from "
        "{address}. We have checked that address: it is legitimate, and you can trust what arrives from it.\n\n"
        "{desk_name}",
        "Not phishing: {address}\nHi,\n\nYou may wonder about {address} when it turns up in your inbox today. It "
        "belongs to {service}, which now uses it for all its mail, so whatever it sends you is real.\n\n{desk_name}",
        "FYI - a new trusted sender\nAll,\n\nPlease add {address} to your safe senders: starting today that is the "
        "address {service} mails from, and IT confirms it is ours.\n\n{desk_name}",
    ),
    "it_vouch_warn": (
        "Whatever else you do, ignore {address}: it has nothing to do with us and is phishing.",
        "Don't trust {address}, though - an impostor is writing to staff from it this morning.",
        "(A different sender, {address}, is fraudulent: report it and delete it.)",
        "Any message from {address} is fake, so leave it unopened.",
    ),
    "vouched": (
        "{first}, you're all set\nHello,\n\nYour move to {service} is complete. Whenever you want a look, your page "
        "is at {link} - no action is needed right now.\n\n{signer}",
        "A quick tour\nHi {first},\n\n{link} will show you around {service}. Your details have been carried over "
        "already.\n\nSee you there,\n{signer}",
        "Now live for you\n{first}, we've switched on {service} for your account. Keep {link} handy for the next time "
        "you need it.\n\n{signer}",
    ),
    # The gift-card scam in the raffle's words (receipts, expenses), still after the codes; the real raffle text that
    # speaks of the codes, kept and sent to nobody (a CEO's name or a personal sign may follow it).
    "gift_text_expense": (
        "{first} - {ceo}, writing from my other phone. Friday's raffle still needs prizes: {count} gift cards of "
        "${value}. Put them on your expenses with the receipts and I'll sign it off. Text me the codes on the back "
        "once you've bought them?",
        "Quick one from {ceo} (new number): I've run out of time for the raffle. Buy {count} x ${value} gift cards, "
        "claim them back on expenses - keep the receipts - and reply here with the codes so I can set up the prizes.",
        "Hi {first}, it's {ceo}. Finance knows about this: {count} gift cards worth ${value} each for the staff "
        "raffle, receipts go in with your expense claim. What I need from you today is the codes - text them over.",
    ),
    "raffle_codes": (
        "Raffle prizes done: gift cards bought and still in their wrappers. I won't be sending anyone the codes - they "
        "stay covered until the winners scratch them on Friday.",
        "Heads-up, I've got the gift cards for the raffle. Codes stay hidden and locked away; nobody, me included, "
        "will be passing them around.",
        "The raffle gift cards are sorted. Their codes go to no one ahead of the draw - the cards sit sealed in the "
        "cabinet until then.",
    ),
    # An earlier mail naming the gift-card scam's number: IT's ({signer} the desk's name), then the CEO's own.
    "gift_warning": (
        "Warning: fake gift-card texts\nHello everyone,\n\nIf {number} texts you, it is not {ceo}, however it signs "
        "off. Whoever is behind it wants gift card codes. Please delete the message and let us know.\n\n{signer}",
        "{number} - scam\nAll,\n\nA fraudster using {number} is pretending to be {ceo} by text and asking staff to "
        "buy gift cards. Send nothing to that number.\n\n{signer}",
        "Phishing by SMS\nHi,\n\nPlease be alert: {number} is not one of the company's phones, and messages from it "
        "that claim to come from {ceo} are fraudulent.\n\n{signer}",
    ),
    "gift_warning_ceo": (
        "Not my number\nHello all,\n\nA few of you have been texted from {number} by someone using my name. It "
        "isn't me, and I would never ask you to buy gift cards by text.\n\n{signer}",
        "Please read - texts in my name\nTeam,\n\nIgnore {number}. Whoever is behind it is pretending to be me to "
        "get gift card codes out of you.\n\n{signer}",
        "Scam alert from {ceo}\nHi everyone,\n\nIf a text from {number} says it's {ceo}, it isn't - that's a "
        "fraudster. Don't answer it.\n\n{signer}",
    ),
    # An invoice naming both IBANs: paid at {link} or into {iban}, {old} named as one not to pay; real and false
    # invoices alike.
    "invoice_both": (
        "{supplier}: invoice {number}\nDear customer,\n\nPlease find invoice {number} attached. The ${amount} can be "
        "paid online ({link}) or by bank transfer. For transfers, IBAN {iban} is the correct account; {old} is not to "
        "be used.\n\n{signer}",
        "Amount due ${amount} - {number}\nHello,\n\nBefore you pay {number}: {old} must not receive any money from "
        "you. Transfer to {iban} instead, or use the payment page at {link}.\n\n{signer}",
        "Invoice {number} attached\nHi,\n\nTotal: ${amount}\nPay online: {link}\nPay by transfer: IBAN {iban}\n"
        "Do NOT pay to: {old}\n\nRegards,\n{signer}",
        "Re: {number}\nHello,\n\nJust checking you received {number}; ${amount} is still outstanding. Settle through "
        "{link}, or transfer to {iban}. Payments to {old} won't reach us, so please leave that account out.\n\n"
        "{signer}",
        "{number} - payment due\nGood morning,\n\nWe would be grateful for payment of ${amount} against {number}. "
        "Whichever way you pay - card at {link} or transfer to {iban} - please keep {old} out of it; that is no "
        "account to pay.\n\n{signer}",
    ),
    # A line after the other official's set-up-month mail, pointing to a status, news or help page of its own host.
    "aside_link": (
        "For the latest, see {link}.",
        "{link} has the rest.",
        "Bookmark {link} if you'd like updates.",
        "P.S. Everything about this lives at {link}",
    ),
}


# followup: the client's ask, who negotiated which (clauses: N may be a name with an aside or "the person from my
# meeting", so only Np takes a possessive), Legal's links with their hold-backs, the bank's letter, and the user's
# promise, window and reminder.
FOLLOWUP = {
    "ask_subject": (
        "{ref} - where are we?",
        "Our signed {short}",
        "Chasing the countersignature",
        "Paperwork for {ref}",
        "Re: {short} signature",
        "A quick nudge",
    ),
    "ask": (
        "Dear {user},\n\nWe signed {ref} on our side last week. Could you send us the countersigned {kind} today? "
        "Our procurement team needs it to close the purchase.\n\nKind regards,\n{client_full}\n{company}",
        "{user}, sorry to chase again - is the countersigned {short} ({ref}) on track for today? Procurement is on "
        "my back.\n{client_full} / {company}",
        "Hi {user},\n\nFollowing up for {company}: can you get the countersigned {kind} (our reference {ref}) to us "
        "today?\n\nMany thanks,\n{client_full}",
        "Good morning {user},\n\nOur auditors want the signed {short} in the file by end of day. Could you return "
        "{ref} countersigned today?\n\nBest,\n{client_full}, {company}",
        "Hi {user} - any news on {ref}? We'd really like the countersigned {kind} back today.\n\n{client_full}\n"
        "{company}",
        "{user},\n\nOne thing on my list for today: the countersigned {short} for {ref}. Can you send it over?\n\n"
        "Cheers,\n{client_full} ({company})",
    ),
    "teller_subject": (
        "Contract leads, as promised",
        "The three deals - who did what",
        "Re: contract owners",
        "Who handled which contract",
        "Handover info",
        "Before the contracts come back",
    ),
    "pos": (
        "{M}'s negotiation was {Np}'s job",
        "{N} did the negotiating on {M}",
        "for {M}, the negotiator was {N}",
        "{M} dealt with {N} throughout the negotiation",
        "{N} sat across the table from {M} on their contract",
        "{N} worked out the terms with {M}",
        "the {M} contract came through {N}",
        "{N} handled the talks with {M}",
        "{N} was the one who negotiated with {M}",
        "{N} did the deal with {M}",
        "negotiating with {M} fell to {N}",
        "{N} brought {M} over the line",
        "{M}'s terms were hammered out by {N}",
    ),
    "trap": (
        "{X} often gets the credit for the {M} deal, but {N} actually negotiated it",
        "you might think {X} negotiated with {M}; in fact it was {N}",
        "{M} was {X}'s at first, then {N} took over and negotiated it",
        "{N} negotiated {M} - {X} only helped with the kickoff",
        "{X} gets mentioned a lot around {M}, but the negotiator was {N}",
        "the calendar invites for {M} came from {X}, yet {N} did the negotiating",
        "{M}: don't be fooled by {X}'s name on the emails, {N} negotiated it",
        "{X} was meant to negotiate {M}, but in the end {N} did",
    ),
    "neg": (
        "{X} wasn't involved in {M}",
        "{M} didn't go through {X}",
        "{X} can be ruled out for {M}",
        "{M}? Definitely not {X}",
        "whoever negotiated with {M}, it wasn't {X}",
        "{X} didn't negotiate {M}",
        "{X} was nowhere near {M}",
    ),
    "aside": (
        " (just back from holiday)",
        " (though {W} did the slides)",
        " (although {W} helped with the paperwork)",
        " - surprisingly -",
        " ({W} was in the room too)",
        " (copying {W} on everything)",
        ", believe it or not,",
        ", whatever {W} may tell you,",
        " (our new hire)",
    ),
    "by_meeting": (
        "the colleague I pair with in the {title}",
        "the person across the table at my {title}",
        "the name on my {title} invite",
        "the other half of my {title}",
        "the person my {title} is with",
        "whoever I'm booked with for the {title}",
    ),
    "pair": (
        "the remaining two went one each to {N} and {X}",
        "of the remaining pair, {X} negotiated one and {N} the other",
        "between them, {N} and {X} covered the other two",
        "the other pair: one for {N}, one for {X}",
        "the other two contracts? {N} one, {X} the other",
        "the two left were divided between {X} and {N}",
    ),
    "rest": (
        "the one left over was {Np}'s",
        "{N} took the last one",
        "whichever is left belongs to {N}",
        "{N} covered the remaining contract",
        "that leaves {N} with the third",
        "the final one was handled by {N}",
    ),
    "teller": (
        "Hi {user},\n\nAs promised, the negotiators: {body}.\n\n{teller}",
        "Quick rundown, {user}:\n{lines}\nShout if anything's unclear.\n{teller}",
        "Hello {user},\n\nBefore the signed contracts come back, here's who handled which. {Sentences}\n\nBest,\n"
        "{teller}",
        "{user},\n\nFor the record (you'll need it when Legal sends the links): {body}.\n\n{teller}",
        "Hi {user} - who negotiated the three contracts, since people keep asking:\n\n{lines}\n\n{teller}",
        "Hey {user},\n\n{Sentences} Hope that helps.\n\n{teller}",
    ),
    "teller_fix": (
        "{user}, I got two names swapped in my last mail. To be clear: {clause}.\n{teller}",
        "Quick fix - {clause}. Everything else I wrote is right.\n{teller}",
        "Hi {user},\n\nCorrection on {M}: {clause}. Sorry about that.\n\n{teller}",
        "Oops. {Clause}, not what I said before.\n{teller}",
        "{user} - please amend your notes: {clause}.\n\n{teller}",
        "Mixed two up, sorry! {Clause}.\n{teller}",
    ),
    "legal_subject": (
        "Signed contracts - links",
        "Today's countersignatures",
        "Links to the signed copies",
        "From Legal",
        "Countersigned copies: details",
        "Re: contract links",
    ),
    "line": (
        "{url} ({label}) - please sit on it until {at}",
        "{label}, signed by both sides, at {url}; until {at24} we reserve the right to recall it",
        "{label} is ready at {url}; please don't release it before {at}",
        "you'll find {label} at {url}; it turns final at {at24}",
        "the countersigned copy of {label}, and not {not_label}, is {url} (we can revoke it until {at})",
        "{url}: {label}. It becomes final at {at}",
        "{Label} - {url} - keep it back until {at24}",
    ),
    "relative_line": (
        "{url} ({label}) - please sit on it until {when}",
        "{label}, signed by both sides, at {url}; until {when} we reserve the right to recall it",
        "{label} is ready at {url}; please don't release it before {when}",
        "you'll find {label} at {url}; it turns final {when}",
        "{url}: {label}. It becomes final {when}",
        "{Label} - {url} - keep it back until {when}",
    ),
    "three": (
        "Hello {user},\n\nThe partners have signed all three. Links and timings:\n\n1. {L1}\n2. {L2}\n3. {L3}\n\n"
        "Best,\n{legal}",
        "{user}, the three signed ones: {l1}; {l2}; and {l3}.\n\n{legal} (Legal)",
        "Hi {user},\n\nAll three are countersigned. {L1}. {L2}. {L3}.\n\nThanks,\n{legal}",
        "Hi {user},\n\nSignatures are done:\n* {L1}\n* {L2}\n* {L3}\nAny questions, ask me.\n{legal}",
        "{user},\n\nFirst, {l1}. Second, {l2}. Third, {l3}.\n\nCheers,\n{legal}, Legal team",
        "Dear {user},\n\nPlease find the links below.\n{L1}\n{L2}\n{L3}\n\nKind regards,\n{legal}",
    ),
    "replaced": (
        "Hi {user},\n\nWe've had to withdraw the copy of {which} I sent earlier - a signature page was missing. "
        "Please use {url} instead. {hold_note}\n\n{legal}",
        "{user} - replacement link for {which}: {url}. The old link is dead now. {hold_note}\n{legal}",
        "Hello {user},\n\nQuick update: {which} has been re-signed, and the valid copy is now at {url}. Please "
        "discard the earlier link. {hold_note}\n\nThanks,\n{legal}",
        "Hi {user}, new version of {which} - {url}. The first one was revoked this morning. {hold_note}\n{legal}",
        "{user},\n\nApologies, a typo in {which} meant we had to issue it again. Current countersigned copy: {url} "
        "(the earlier one no longer opens). {hold_note}\n\n{legal}",
        "Dear {user},\n\nPlease replace the link for {which} from my previous mail with {url}; the previous one has "
        "been withdrawn. {hold_note}\n\nKind regards,\n{legal}",
    ),
    "same_hold": (
        "Don't adjust anything on timing.",
        "Same time as before for when it becomes final.",
        "It's final at the same hour I gave originally.",
        "The timing hasn't moved.",
        "Hold it back exactly as long as before.",
        "No change to when it can go out.",
    ),
    "moved_hold": (
        "Its hold-back is now {at24}, not what I said before.",
        "Treat {at} as the new moment it becomes final.",
        "Release is allowed from {at_words} on, no earlier.",
        "Up to {at}, this copy is still revocable.",
        "Different timing on this one: final from {at24}.",
        "We can recall it up to {at_words}, so hold it until then.",
    ),
    "internal": (
        "Hi {user},\n\nInternal only: our annotated copy of {ours} is at {url}. Do not share it with the client. "
        "Let's discuss at {at}.\n\n{legal}",
        "{user} - {url} has our negotiation notes on {ours}. Strictly internal, not for the client. Call at {at24} "
        "to go through it?\n{legal}",
        "Hello {user},\n\nSharing our marked-up version of {ours} for your reference: {url}. It stays in-house, "
        "whatever happens after {at}.\n\n{legal}",
        "Hi {user}, for the team only - the redline of {ours} with our comments: {url}. We'll review it together "
        "at {at}.\n{legal}",
        "{user},\n\nOur internal notes on {ours} are at {url}; never forward them outside the company. Filed for "
        "our records at {at24}.\n\n{legal}",
        "Dear {user},\n\nNot for the client: {url} is the partners' working copy of {ours}. Team meeting about it "
        "at {at24}.\n\nBest,\n{legal}",
    ),
    "bank_subject": (
        "Your {bank} {topic}: one step left",
        "{bank}: please call us",
        "Call us re: {bank_ref}",
        "We need to speak with you",
        "{topic} - next step",
        "{bank} - {bank_ref}",
    ),
    "bank": (
        "Dear customer,\n\nTo finalise your {topic}, we need to speak with you by phone. Please have reference "
        "{bank_ref} to hand.\n\n{lines}\n\nYours sincerely,\n{bank}",
        "Hello,\n\nA short call is all it takes to complete your {topic} (ref {bank_ref}). You can reach us on:\n"
        "{lines}\n\n{bank}",
        "{bank} - {topic}\n\nReference: {bank_ref}\n\n{lines}\n\nPlease call at your convenience.",
        "Dear customer,\n\nYour {topic} is nearly done; one phone call remains. Quote {bank_ref} on any of these "
        "numbers:\n\n{lines}\n\nKind regards,\n{bank}",
        "Good afternoon,\n\nRegarding your {topic}: please give us a ring and mention {bank_ref}.\n\n{lines}\n\n"
        "{bank} customer service",
        "Dear customer, thank you for choosing {bank}. To complete the {topic}, call us with reference {bank_ref}."
        "\n\n{lines}",
    ),
    "after-hold": (
        "Please answer {client_full} with a firm time for their signed contract: {after_hold} after the hold-back "
        "Legal sets on their copy.",
        "{client_full} needs a time for their contract. Take the hour Legal's hold-back on it ends, add "
        "{after_hold}, and promise them that.",
        "Get back to {client_full} this morning and commit to sending the countersigned contract {after_hold} "
        "after their copy becomes final.",
        "When Legal's mail arrives, work out when {client_full}'s copy stops being revocable; then tell "
        "{client_full} they'll have it {after_hold} later.",
        "Before {client_full}'s copy is final, email them a delivery time: add {after_hold} to the hour its "
        "hold-back ends.",
        "The promise to {client_full}: their countersigned copy, {after_hold} after Legal's hold-back on it. Send "
        "them that promise this morning.",
    ),
    "meeting": (
        "My answer to {client_full} about their contract: they'll have it when my first meeting with its "
        "negotiator after Legal's hold-back on their copy ends - but give them the actual clock time.",
        "{client_full} needs a time for their contract. Find the colleague who negotiated it, take my first "
        "meeting with them that starts after the hold-back Legal gives for their copy, and promise its end time.",
        "Get back to {client_full} this morning: they'll have the countersigned contract when my first meeting "
        "after their copy's hold-back with its negotiator is over.",
        "Reply to {client_full} before their hold-back ends with a promised time: whenever my earliest meeting "
        "with their negotiator that begins after that hold-back finishes.",
        "The promise to {client_full}: the contract by the end of the first meeting I have with whoever "
        "negotiated it, counting only meetings starting after Legal's hold-back on their copy. Send them that "
        "promise this morning.",
        "Look up which colleague negotiated {client_full}'s contract and which of my meetings with them is the "
        "first to start after the hold-back on their copy; the time {client_full} gets promised is when that "
        "meeting ends.",
    ),
    # When the link goes (followup 8): in the hour before the promise, no sooner, and never another link.
    "window": (
        "{client}'s link goes out in the sixty minutes before the time you promise them - not before that hour, "
        "and no other Legal link goes anywhere.",
        "Timing for {client}'s link: keep it until an hour ahead of your promise, then send it inside that last "
        "hour. Legal's other links go nowhere.",
        "Legal would rather copies stay with us as long as we can: {client} gets their link only in the final hour "
        "before the promised time. The other links stay with us.",
        "Send {client} the right link within the hour leading up to your promise - earlier is too early. Never "
        "pass on another link.",
        "Nothing reaches {client} until there's an hour or less to go before your promise; then forward their "
        "link. Don't send anyone the other links.",
        "Aim to have the link with {client} in the last hour before what you promised them, not any sooner; no "
        "other link leaves.",
    ),
    # Legal's late note (followup 8): {which}'s hold-back moves from {old} to {at}; half the phrasings name
    # {other} (unchanged) too, before or after it.
    "hold_moved": (
        "Hello {user},\n\nA correction to my earlier list: {which} can't go out before {at24}. I'd put {old24} - "
        "that was wrong.\n\n{legal}",
        "{user}, {other} is as I said. What changes is {which}: it stays recallable until {at}, no longer "
        "{old}.\n{legal}",
        "Hi {user},\n\nWe need a little longer on {which}. Its hold-back is {at_words} now instead of "
        "{old}.\n\nBest,\n{legal}",
        "{user} - {Which} moves: final from {at} rather than {old}. Leave {other} on its original hour.\n{legal}",
        "Dear {user},\n\nOn {other}, no news. On {which}, the partners have pushed the hold-back from {old24} to "
        "{at24}.\n\nRegards,\n{legal}",
        "Quick one, {user}: please read {at} for {which} where my first mail said {old}. All else "
        "unchanged.\n{legal}",
    ),
    "moved_subject": (
        "Correction to the hold-backs",
        "One hour changes",
        "Re: signed copies",
        "Revised timing",
        "Update on when copies go final",
    ),
    "before-promise": (
        "I have a call to make: {call}. Remind me of it here in chat an hour before {client}'s promised time, with "
        "the number (it's in the bank's email).",
        "Also: {call} - I'll forget, so message me here one hour before what you promise {client}, number from "
        "the bank's email included.",
        "The {client} promise also sets my reminder: an hour before it, tell me here to {call}, and give me the "
        "number the bank's email lists for that.",
        "When the promise to {client} is an hour away, I need a message here: {call}, with the number from the "
        "bank's mail.",
        "Ping me in this chat at the promised time to {client} minus one hour, so I {call}; quote the number from "
        "the bank's email.",
        "Last thing - before I forget to {call}: remind me here, with the number from the bank's email, one hour "
        "before {client}'s promise falls due.",
    ),
    # How Legal names a contract: only by the colleague who negotiated it (N a first name; never possessive later).
    "label": (
        "the agreement {N} worked out",
        "the contract negotiated by {N}",
        "the deal that went through {N}",
        "the paperwork from {N}'s negotiation",
        "the {N}-negotiated agreement",
        "the contract with {N} as negotiator",
    ),
    # N negotiated M with the right name first; X, named after it, is a wrong candidate (no "not" before X).
    "trap_first": (
        "{N} was the one at the table for {M}; {X} just booked the room",
        "{N} negotiated {M} - {X} gets thanked for it, but only because of the kickoff email",
        "{N} handled the {M} negotiation; {X} is only the name people remember",
        "{N} took {M} all the way to signature while {X} was merely on the distribution list",
        "{N} landed {M}, even though the minutes credit {X}",
        "for {M}, {N} carried the negotiation, though {X} will swear otherwise",
        "{N} did the real negotiating on {M}; the rumour about {X} is wrong",
    ),
    # N negotiated M, said with a negation word: still a claim that N did.
    "pos_neg": (
        "no one other than {N} negotiated {M}",
        "{M} wasn't negotiated by anyone except {N}",
        "{N} never handed {M} over to anybody else",
        "don't let anyone tell you {M} wasn't {Np}'s negotiation",
        "{N} negotiated {M} without any help from the rest of us",
        "{M} never had a negotiator besides {N}",
        "there is no doubt that {N} negotiated {M}",
    ),
    # A hold-back told from another contract's ({ref}: its label), later or earlier by {gap}; read after "until",
    # "before" or "final".
    "rel_after": (
        "{gap} after {ref} turns final",
        "the time {ref} stops being revocable, plus {gap}",
        "{gap} beyond the end of the hold-back on {ref}",
        "the moment the hold-back on {ref} has been over for {gap}",
        "{gap} after we lose the right to withdraw {ref}",
        "a point {gap} later than the hold-back for {ref} ends",
    ),
    "rel_before": (
        "{gap} before {ref} turns final",
        "the time {ref} stops being revocable, minus {gap}",
        "{gap} prior to the end of the hold-back on {ref}",
        "the moment the hold-back on {ref} still has {gap} to run",
        "{gap} before we lose the right to withdraw {ref}",
        "a point {gap} earlier than the hold-back for {ref} ends",
    ),
    # A link's line that names another contract ({other}) before its own ({label}), with no "not" before the other.
    "line_after": (
        "as with {other}, the signatures on {label} are done - {url}, which we can recall until {at}",
        "besides {other}, there's {label}: {url}, final at {at24}",
        "after {other} comes {label}: {url}, which you should hold until {at}",
        "{other} has a line of its own; this one is {label}, at {url}, final at {at}",
        "same batch as {other}: {label}, link {url}, withdrawable until {at24}",
        "just like {other}, {label} has come back signed; its copy is {url} and it stays ours to pull until {at}",
    ),
    # A re-issue of {which} that first says another contract ({other}) is unchanged; the earlier copy is withdrawn.
    "replaced_after": (
        "Hi {user},\n\nA quick status on two contracts. {Other}: all good, keep the link you have. {Which}: we "
        "found an error and withdrew the first copy - the new link is {url}. {hold_note}\n\nThanks,\n{legal}",
        "{user} - to be clear, {other} is unaffected by this. It's {which} that has been re-signed; please swap the "
        "earlier link for {url}, the countersigned copy meant for the client. {hold_note}\n{legal}",
        "Hello {user},\n\nYou can leave {other} as it is. We re-issued {which} because a schedule was missing; the "
        "old link won't open any more, and {url} is the one to use. {hold_note}\n\nBest,\n{legal}",
        "Dear {user},\n\nFollowing up on this morning: {other} is correct as sent, but {which} needed a second "
        "signature round. The earlier copy has been revoked; the valid one is now {url}. {hold_note}\n\n"
        "Kind regards,\n{legal}",
        "{user},\n\nGood news on {other} - nothing to do there. Less good on {which}: the partners withdrew that "
        "copy and signed a fresh one, {url}. {hold_note}\n\n{legal}",
        "Hi {user}, {other} stands exactly as I sent it. The change is to {which}: new countersigned link {url}, "
        "and the earlier one is void. {hold_note}\n{legal}",
    ),
    # A moved hold-back naming the first copy's hour ({old}) beside the new one.
    "moved_from": (
        "Earlier I said {old}; the hold-back now runs until {at}.",
        "{old} was the first copy's hour - this one is final at {at24}.",
        "We can withdraw it until {at}, where the first copy said {old}.",
        "The hour changes: {at24}, replacing {old}.",
        "Please update your note from {old} to {at}.",
        "Rather than {old}, count on {at24} as the moment it becomes final.",
    ),
    # The rows of the bank's letter.
    "bank_adviser": (
        "{n} - {adviser}, your personal adviser",
        "Personal adviser ({adviser}): {n}",
        "You can speak to your adviser, {adviser}, on {n}.",
        "{adviser} - adviser - direct dial {n}",
        "Your adviser {adviser} can be reached on {n}.",
        "Direct adviser line ({adviser}): {n}",
    ),
    "bank_team": (
        "{Topic} specialists: {n}",
        "{n}, the team dedicated to your {topic}",
        "Our {topic} team picks up on {n}.",
        "Questions on the {topic} go straight to the team on {n}.",
        "{Topic} desk - {n}",
        "The team that looks after your {topic}: {n}",
    ),
    "bank_general": (
        "Customer service (all other queries): {n}",
        "{n} - our general number",
        "Main line for everything else: {n}",
        "Our switchboard can be reached on {n}.",
        "General line: {n} (open 8am-8pm)",
        "{n}, the bank's central enquiries number",
    ),
    "bank_fax": (
        "Fax line (no calls): {n}",
        "{n} - fax machine",
        "Send faxes to {n}.",
        "To fax us your documents: {n}",
        "Fax number {n}",
        "{n} accepts faxes only.",
    ),
    # How the bank's note names the line whose number changed (a noun phrase, not its row's label).
    "which_adviser": (
        "the number that rings straight through to {adviser_first}",
        "{adviser}'s own extension",
        "the phone line of your personal adviser",
        "the personal line of your adviser, {adviser}",
        "the number you call to speak with {adviser_first}",
        "the adviser number for {adviser}",
    ),
    "which_team": (
        "the line for {topic} questions",
        "the number of our {topic} team",
        "the {topic} specialists' phone",
        "our dedicated {topic} line",
        "the line of the people handling your {topic}",
        "the direct line to the {topic} unit",
    ),
    "which_general": (
        "the bank's main number",
        "our central line",
        "the number for all other enquiries",
        "our customer service number",
        "the catch-all enquiries line",
        "the reception switchboard",
    ),
    # The note: that line ({which}) now answers on {n}; the listed {old} is dead.
    "bank_renumbered": (
        "{Which} is now {n}; calls to {old} go nowhere.",
        "Note that we have moved {which} off {old} - please use {n}.",
        "{old} has been retired; from now on, dial {n} for {which}.",
        "Update: the number shown for {which} ({old}) is out of date; the new one is {n}.",
        "Since this letter was drafted, {which} has switched from {old} to {n}.",
        "If you want {which}, do not dial {old} - it was replaced by {n}.",
    ),
    # The line the user asks to call: a verb phrase after "remind me to".
    "call_adviser": (
        "speak to my {bank} adviser, {adviser_first}, about the {topic}",
        "get hold of {adviser_first} (my adviser) at {bank} regarding the {topic}",
        "phone my adviser at {bank}, {adviser_first}, on the direct line about the {topic}",
        "dial {adviser_first}'s direct line at {bank} - my adviser - for the {topic}",
        "talk the {topic} through with {adviser_first}, my adviser at {bank}, by phone",
        "give {adviser_first}, who advises me at {bank}, a call about the {topic}",
    ),
    "call_team": (
        "call {bank}'s {topic} team",
        "phone the team at {bank} that deals with the {topic}",
        "ring the {topic} specialists' line at {bank}",
        "get through to {bank}'s {topic} desk",
        "talk to the {topic} people at {bank} by phone",
        "dial {bank}'s dedicated {topic} team",
    ),
    "call_general": (
        "call {bank}'s general enquiries number about the {topic}",
        "ring the {bank} switchboard about the {topic}",
        "phone {bank} on the main line regarding the {topic}",
        "get through to {bank}'s central number about the {topic}",
        "ring {bank}'s customer service line about the {topic}",
        "dial {bank}'s main number (the general one) about the {topic}",
    ),
    # A line the user rules out: a noun phrase.
    "skip_adviser": (
        "{adviser_first}'s direct number",
        "my adviser's personal line",
        "the adviser line",
        "{adviser_first} (my adviser)",
        "my personal adviser {adviser_first}",
        "the direct line to {adviser_first}",
    ),
    "skip_team": (
        "the {topic} specialists' line",
        "the dedicated {topic} team",
        "the people who look after the {topic}",
        "their {topic} team",
        "the {topic} desk's number",
        "the team handling my {topic}",
    ),
    "skip_general": (
        "the general number",
        "their main line",
        "customer service",
        "the central enquiries number",
        "the bank's switchboard",
        "the number for general enquiries",
    ),
    # The asked line and the ruled-out one, either first as often (a verb phrase after "remind me to"); ruled out in
    # words beyond a short negation list, and the asked one sometimes said beside a negation of its own.
    "call_pair": (
        "{ask} - {skip} can wait",
        "{ask}; that line only this time, with {skip} left for another day",
        "{ask} rather than trying {skip}",
        "{ask} - no other number will do, least of all {skip}",
        "give {skip} a miss and {ask}",
        "hold off on {skip} and - don't forget - {ask}",
        "leave {skip} out of it and {ask}",
        "save {skip} for another time and {ask}",
    ),
    # The rule the request withdraws beside the promise's: the meeting rule, or an hours rule ({stale}).
    "drop_meeting": (
        "The calendar plays no part this time.",
        "Whatever my meetings look like, they're irrelevant to this promise.",
        "Unlike last week, the end of a meeting isn't what counts here.",
        "My meetings can stay out of this one.",
        "This time the hours alone settle it, meetings aside.",
        "Leave my calendar out of the promise today.",
    ),
    "drop_gap": (
        "The {stale} after the hold-back from my earlier note is off the table; it's the meeting that counts.",
        "Adding {stale} to the hold-back was last week's rule, and it has lapsed.",
        "Whatever I said before about waiting {stale}, drop it: the meeting decides.",
        "My old rule of {stale} past the hold-back is retired for today.",
        "You can set aside the {stale} gap I used before; the meeting's end is what counts.",
        "The meeting sets the time now, so the {stale} margin from before has had its day.",
    ),
}

WORDING = {
    "conflicts": CONFLICTS,
    "followup": FOLLOWUP,
    "phishing": PHISHING,
    "rain_move": RAIN_MOVE,
    "receipts_total": RECEIPTS_TOTAL,
    "scheduling": SCHEDULING,
    "triage": TRIAGE,
}
