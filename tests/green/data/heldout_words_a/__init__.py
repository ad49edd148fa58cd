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
        "keeping the time, and let everyone on the invite know. Meetings indoors are fine as they are.",
        "I'm worried about the weather. Outdoor meetings of mine: if it's due to rain at the location that day, "
        "please rebook each at the same time on the first dry working day after (dry at that location), and "
        "email the invitees the new date.",
        "Some of my meetings are out in the open - please check each one's local forecast. Rain on the day means "
        "moving it: same clock time, next weekday without rain at that place. Tell the attendees. Anything under "
        "a roof doesn't move.",
        "Rain check, literally: any open-air meeting I've got coming up where rain is forecast at its place on "
        "that date needs moving to the next working day that's dry there, at the same hour. Please inform the "
        "people invited once it's moved.",
        "Quick job: look up the forecast for wherever my outdoor meetings are. If rain is expected on the day, "
        "move the meeting to the following dry working day for that place (keep the time) and send the invitees "
        "a note.",
    ),
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
        "Payment confirmation {ref}",
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
    "quote_subject": (
        "{shop} - the price you asked about",
        "Offer {ref}",
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
    ),
    "refund_subject": (
        "Receipt for your return - {shop}",
        "Credit {ref}",
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
    ),
    "hold_subject": (
        "Receipt: card pre-authorisation at {shop}",
        "Your stay at {shop} - deposit",
        "Reservation {ref} confirmed",
        "Security deposit on your card",
        "{shop} booking {ref}",
        "Temporary authorisation",
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
    ),
    "duplicate_subject": (
        "Another copy: {ref}",
        "Your {shop} receipt again",
        "Reissued receipt {ref}",
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
}

WORDING = {
    "rain_move": RAIN_MOVE,
    "receipts_total": RECEIPTS_TOTAL,
    "scheduling": SCHEDULING,
}
