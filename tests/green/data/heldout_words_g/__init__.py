"""Held-out wording (issue 34) of the classics sms_coordination_classic, meeting_scheduling, contacts_lookup_classic,
multi_day_followup and email_triage_basic: every phrasing in words of its own, keeping each kind's fields, meaning
and balance (docs/authoring-parts.md, "Held-out wording")."""

from __future__ import annotations

from typing import Any

from ._etb_a import WORDS as _ETB_A  # email_triage_basic's item letters, first half
from ._etb_b import WORDS as _ETB_B  # and second half
from ._mdf_more import merged as _mdf_merged  # multi_day_followup's session-22 kinds and added phrasings
from ._sms_more import WORDS as _SMS_MORE  # sms_coordination_classic's kinds of session 22

PACK = "heldout-words-g"

_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


# ------------------------------------------------------------------------------------------------ sms_coordination
def _twelve(moment: Any) -> str:
    """"1pm", "9:30am"."""
    hour = moment.hour % 12 or 12
    return f"{hour}{'' if moment.minute == 0 else f':{moment.minute:02d}'}{'am' if moment.hour < 12 else 'pm'}"


def _span(slot: Any) -> str:
    return f"{_twelve(slot.start)} and {_twelve(slot.end)}"


def _joined(items: list[str], last: str = "or") -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


def _offer_lines(user: str, plumber: str, company: str, slots: tuple[Any, ...], **_: Any) -> str:
    """Numbered lines, each a day and the window he turns up in."""
    rows = "\n".join(f"{n}) {_DAYS[s.start.weekday()]} the {s.start.day}th - turning up between {_span(s)}"
                     for n, s in enumerate(slots, 1))
    return (f"{user}, it's {plumber} from {company}. Got your message, rotten luck with that sink. Here's when I "
            f"could come round:\n{rows}\nThe times are when I'd arrive; the fix itself takes an hour or so. Let me "
            f"know the number you want, and text over your full address - plus the code for the main door, so I can "
            f"get in if you're held up.")


def _offer_days(user: str, plumber: str, company: str, slots: tuple[Any, ...], **_: Any) -> str:
    """Prose, day by day, the windows of one day together."""
    days: dict[Any, list[Any]] = {}
    for s in slots:
        days.setdefault(s.start.date(), []).append(s)
    said = [f"on {_DAYS[d.weekday()]} ({d.day} March) I could arrive "
            + _joined([f"between {_span(s)}" for s in group]) for d, group in days.items()]
    return (f"No worries {user}, leaks are my bread and butter. Looking at my week: {'; '.join(said)}. Whichever "
            f"suits, send it back with the address, and if your building has an entry code, pop that in too so I'm "
            f"not stuck outside. Cheers - {plumber}")


def _offer_slash(user: str, plumber: str, company: str, slots: tuple[Any, ...], **_: Any) -> str:
    """Terse, 24-hour clock, day/month dates."""
    names = [f"{_DAYS[s.start.weekday()]} {s.start:%H:%M} to {s.end:%H:%M} (the {s.start.day}th)" for s in slots]
    return (f"{company}: windows open this week - {', '.join(names)}. Pick one, then I need the address and any door "
            f"code for the building. {plumber}")


def _offer_question(user: str, plumber: str, company: str, slots: tuple[Any, ...], **_: Any) -> str:
    """A question per window, the arrival time first."""
    names = [f"{_twelve(s.start)}-{_twelve(s.end)} on {_DAYS[s.start.weekday()]} {s.start.day} March" for s in slots]
    return (f"Hey {user}! Would any of these work for you: {_joined(names)}? (That's the slot I'd turn up in.) Once "
            f"you've picked, message me your full address, and the front door code if there is one - saves "
            f"ringing around if you're not in. {plumber}")


def _offer_table(user: str, plumber: str, company: str, slots: tuple[Any, ...], **_: Any) -> str:
    """A small table: date, then the window."""
    rows = "\n".join(f"{s.start.day:>2} Mar ({_DAYS[s.start.weekday()][:3]})  {_twelve(s.start)} to {_twelve(s.end)}"
                     for s in slots)
    return (f"Hi, {plumber} here ({company}). Free this week:\n{rows}\n(arrival windows)\nJust reply with the one "
            f"you'd like. I'll also need your street address and, if the building has one, the door code.")


SMS = {
    "offer": (_offer_lines, _offer_days, _offer_slash, _offer_question, _offer_table),
    # The two hours lists mirror each other phrasing for phrasing, the same cue words in both, only which frame is
    # ruled out differs: each names both parts of the day, its own first in five of nine; a start cue ("12:00 or
    # later", "noon or later", "midday or later") sits in five of each list, "end by 12:00" in four (both, one or
    # neither), ruled in in one list and out in the other.
    "hours_afternoon": (
        "Afternoons only, please - I'm tied up every morning: the window should start at 12:00 or later, so nothing "
        "that has to end by 12:00 -",
        "My mornings are spoken for all week, so skip any slot that would end by 12:00; I'm free in the afternoon, "
        "for a window that would start at 12:00 or later -",
        "Could you go for an afternoon? Mornings I'm at the studio, so the window needs to open at 12:00 or later -",
        "Any morning slot is out, I'm at the studio until lunch; the afternoon's fine, so book a window starting at "
        "noon or later -",
        "I'm home in the afternoons this week and out at work all morning, so nothing before midday: a window that "
        "begins at midday or later -",
        "The morning's no use to me, I'm out for that half of the day - so a window that must end by 12:00 won't "
        "work; make it an afternoon one -",
        "Book me an afternoon slot please: my morning shift runs till midday, so a window that'll end by 12:00 is no "
        "good -",
        "Morning's out - I'm at the studio then - but my free afternoon starts at midday, so the window shouldn't "
        "open any earlier than that; later is fine -",
        "Please keep it to the afternoon - I won't be home in the morning, so the visit can't come before "
        "lunchtime -",
    ),
    "hours_morning": (
        "Mornings only, please - I'm tied up every afternoon: the window should end by 12:00, so nothing that has "
        "to start at 12:00 or later -",
        "My afternoons are spoken for all week, so skip any slot that would start at 12:00 or later; I'm free in the "
        "morning, for a window that would end by 12:00 -",
        "Could you go for a morning? Afternoons I'm at the studio, so the window can't open at 12:00 or later -",
        "Any afternoon slot is out, I'm at the studio from lunch until the evening; the morning's fine, so don't "
        "book a window starting at noon or later -",
        "I'm home in the mornings this week and out at work all afternoon, so everything before midday: no window "
        "that begins at midday or later -",
        "The afternoon's no use to me, I'm out for that half of the day - so a window that must end by 12:00 is what "
        "works; make it a morning one -",
        "Book me a morning slot please: my afternoon shift starts at midday, so a window that'll end by 12:00 is just "
        "right -",
        "Afternoon's out - I'm at the studio then - but my free morning runs till midday, so the window shouldn't "
        "close any later than that; earlier is fine -",
        "Please keep it to the morning - I won't be home in the afternoon, so the visit has to be done before "
        "lunchtime -",
    ),
    "partner_opener": (
        "Hey! ",
        "Hi hon - ",
        "Sorry, one thing: ",
        "Oi! ",
        "Just remembered - ",
        "Babe, ",
        "From the bus: ",
    ),
    # Position for position: three reasons of a user home in the afternoons, then three of one home in the mornings.
    "partner_reason": (
        "Can we not have the plumber round on {day} afternoon? It's Mum's birthday dinner that evening and I'll be "
        "at the stove from lunch onwards, so the kitchen has to be completely mine all {day} afternoon x",
        "{day} afternoon is the shoot - the photographer's doing my recipes in our kitchen, so there can't be a "
        "plumber in there then x",
        "The cooking club's coming to ours on {day}, which means I'm prepping in the kitchen the whole {day} "
        "afternoon. Keep the plumber out of it then please x",
        "My catering course's health inspector is checking our kitchen on {day} morning - it needs to be empty and "
        "spotless for the whole of {day} morning, so book the plumber some other time x",
        "The photographer's booked for {day} morning to shoot my recipes at ours, so the plumber can't be in the "
        "kitchen that morning x",
        "I've got the cooking club round for brunch on {day} - I need the kitchen to myself all {day} morning, so "
        "no plumber booked then please x",
    ),
    # {old} (Sunday's day) is free now, {day} {part} needed: the needed day first in four of eight, and in two the
    # negative words beside the needed day and asking words beside the freed one; {part} beside {old} too in two.
    "partner_lifted": (
        "Plot twist: my sister's bailed on {old}, so book the plumber that day if it suits. Where I do need the "
        "kitchen is {day} {part} - the landlord is coming round to inspect x",
        "{old} {part} is free for the plumber now - sis and I have shifted our cooking to {day} instead, so it's "
        "{day} {part} the plumber has to steer clear of x",
        "Go ahead and give {old} to the plumber, my sister can't make it. Not {day} {part}, mind - no way, that's "
        "when I'm baking for the bake sale now x",
        "Turns out {old} won't happen, the sister plan fell through, so the plumber can come then. Instead the "
        "landlord's booked an inspection for {day} {part}, and I'll need the kitchen clear for it x",
        "{day} {part} I'll need the kitchen now, sorry - the landlord moved the inspection. On the plus side, {old} "
        "is open again, my sister's not coming x",
        "{day} {part} is a no-go for the plumber now - my sister moved our cooking day there. Please just book {old}, "
        "which is free again x",
        "Could the plumber avoid {day} {part}? The landlord's inspection got pushed there. {old} {part} doesn't "
        "matter any more - my sister's cancelled x",
        "Need the kitchen {day} {part} now, for bake sale prep (it got moved). {old} I won't be needing at all, so "
        "feel free to book it x",
    ),
    "dentist_moved_subject": (
        "Re: your check-up",
        "Your check-up on the move",
        "Please note: new appointment time",
        "Dr. {dentist}'s diary has changed",
        "A change to your booking with us",
        "Rebooked",
    ),
    # Position for position as the public notes: away at a course (old cancelled), on a course that day, rebooked
    # after your call, away that day, the old time no longer works for the dentist.
    "dentist_moved": (
        "Dear {first},\n\nWe're sorry to move you: on {away} Dr. {dentist} will be on a training course. Your "
        "check-up, previously {old}, now takes place {new}. The earlier booking no longer stands, and you needn't "
        "reply unless the new time is a problem for you.",
        "Hello {first} - Dr. {dentist} has a course on the day you were booked, so {old} won't go ahead. We've put "
        "you in for {new} instead.",
        "Hi {first},\n\nThanks for ringing us. As discussed, you're now booked for {new}, and we've cancelled {old}.",
        "{first} - a change from the practice: with Dr. {dentist} away on {away}, we've taken you out of {old} and "
        "booked you in for {new}.",
        "Dear {first}, Dr. {dentist} is no longer available for your appointment on {old}, so we've moved your "
        "check-up to {new}. Sorry for the reshuffle - the front desk",
    ),
    "office_prompt": (
        "avoid the day I'm at the office - {boss} sends round which one each week",
        "keep clear of my office day this week (check {boss}'s email for it)",
        "not be on the office day either (normally {usual}, but {boss} mailed that it's different this week)",
        "not fall on the day {boss} wants the team in this week",
        "it can't be my day in the office, whichever one {boss} picked this week",
    ),
    # {day} this week's office day, {usual} the usual one (a home day this week): ten by weekday, four days before
    # or after ({prev}, {after}); the office day first in four of the ten, and in three the office day sits in the
    # negative-sounding clause ("nobody stays home", "no working from home", "don't plan a home day") and {usual}
    # in the plain one.
    "office_mail": (
        "Where we'll be this week\nHi all - {day} is when we're in this week. {usual} is off, the heating engineers "
        "need the floor. {boss}",
        "Quick swap\n{usual} won't be an office day this week; come in on {day} instead, desks are reserved.",
        "Re: Team day\nThe client wants to meet on {day}, so that's our day in the office this week - {usual} you "
        "can work from home. Thanks, {boss}",
        "Change for this week\nThe office is closed on {usual} for fire-alarm tests, so we'll gather there on {day}. "
        "{boss}",
        "In on {day}\nConfirming the team's at the office on {day} this week rather than on {usual}.",
        "This week's plan\nInstead of our usual {usual}, it's {day} at the office. See you there! {boss}",
        "Rota\n{usual}: remote. {day}: everyone in. Just for this week.",
        "Client visit\n{usual} you can stay at home for once this week. {day}, though, nobody stays home - we're all "
        "in for the client. {boss}",
        "All hands on deck\nNo working from home on {day} this week - everyone's needed at the office. {usual} "
        "becomes a home day instead. {boss}",
        "Home days this week\nFeel free to work from home on {usual}. Don't plan a home day for {day} - we'll be in "
        "the office that day.",
        "Our in-office day\n{usual} is off this week - we'll all be in on the day after {prev} instead. {boss}",
        "Who's in when\nThis week nobody works from home the day after {prev}: we're all in then. {usual} is a home "
        "day for once.",
        "Office swap\nCome in the day before {after} this week; {usual} is cancelled. {boss}",
        "Change of day\nNobody's in on {usual} this week - our office day is the day ahead of {after}.",
    ),
    "office_first": (
        "Office this week\nUsual plan - in on {usual}. {boss}",
        "Team day\nThe room's booked for {usual}, see you all there.",
        "This week\n{boss} here: we're in the office on {usual}, as normal.",
        "Reminder\nDon't forget, {usual} is our in-office day this week.",
    ),
    "office_fix": (
        "Re: Office this week\nSorry all, wrong day - it's {day}, because on {usual} the room's double-booked.",
        "Update\nChange of plan: {day} instead of {usual}. {boss}",
        "Re: Team day\nAh, my mistake - {day} is the office day, not {usual}.",
        "Correction\nPlease ignore {usual}; the office day is now {day}. {boss}",
    ),
    # Position for position (with the reason's index): the event names the day.
    "partner_event": (
        "Can the plumber avoid the day of {event}? I'll be in the kitchen that whole {part} x",
        "With {event} coming up, I'll be cooking non-stop through the {part} of that day - keep the plumber away "
        "from it please x",
        "Check our calendar for {event}: the {part} of that day I need the kitchen, so don't book the plumber in "
        "then x",
    ),
    "partner_ps": (
        " PS you can ignore {free}, I won't be home.",
        " (No need to protect {free} - I'm out all day.)",
        " Oh, {free} doesn't matter, I'm not cooking then.",
        " PS {free} is fine - don't hold it for me.",
        " And I won't need the kitchen on {free} at all.",
    ),
    # The dentist's offer of another time nobody took (the booking stands), worded like a move.
    "dentist_offer_subject": (
        "Move your check-up?",
        "Rebook with Dr. {dentist} instead?",
        "A slot has come free - new time possible",
        "Changing your appointment: now an option",
        "Your booking: another time on offer",
    ),
    "dentist_offer": (
        "Dear {first},\n\nSomeone has cancelled, so we now have {alt} free. Should you prefer to move your check-up "
        "there instead, just reply and we'll rebook it. If we don't hear from you, you keep {booked} - that "
        "appointment still stands.",
        "Hello {first} - your check-up with Dr. {dentist} remains booked for {booked}, and nothing changes unless you "
        "ask. We now also have {alt} open, though, if you'd like to rebook to that instead.",
        "{first}, a quick question from the front desk: could you move to {alt}? We're trying to free up space in the "
        "diary. It's entirely optional - if not, your booking for {booked} stays exactly as it is.",
        "Hi {first},\n\nWe can now offer you {alt} instead, in case that's easier. Want to move? Ring us and we'll "
        "rebook you. Otherwise there's nothing to do: you're still booked with Dr. {dentist} for {booked}.",
        "Hi {first}! Good news if {booked} is tricky for you: a slot on {alt} is now free, and we could move you "
        "there instead. We'll only rebook you if you say yes - until then, {booked} is your appointment and it isn't "
        "cancelled.",
    ),
    # The reminder during the day: subject, then a body naming no time.
    "dentist_reminder": (
        "Check-up coming up\nDear {first}, a quick reminder that you're due to see Dr. {dentist} for your check-up "
        "this week. To confirm, just reply YES; to change it, give us a ring. - {dentist} Dental",
        "Dr. {dentist} - see you this week\n{first}, we're looking forward to your visit. If you can, come along ten "
        "minutes before your time to fill in a short form. - {dentist} Dental",
        "Don't forget your check-up\nHello {first}! Your dental check-up with us is later this week. If anything's "
        "unclear, our reception is happy to help. - {dentist} Dental",
    ),
    # The later mail calling off the move: {day} stays the office day, {moved} is a home day again.
    "office_kept": (
        "Re: Office day this week\nForget the switch - we won't be going in on {moved} after all. {day} stays our "
        "office day, as normal. {boss}",
        "Change cancelled\n{day} is not changing this week after all, so come in then as usual; {moved} goes back to "
        "being a home day.",
        "Re: This week\nGood news: turns out we don't need to swap. So it's {day} in the office like always, and "
        "{moved} at home. {boss}",
        "Office day - update\nNo home day on {day} this week after all: the change is cancelled, so {moved} is off "
        "and we're back to normal. {boss}",
        "Re: In-person day\nSorry, ignore my last mail: nobody needs to be in on {moved}. See you on {day}, the usual "
        "day.",
    ),
    # The later mail about another matter on {other} (no office day); the first mail's office day stands.
    "office_aside": (
        "Quiz night\nThe pub quiz team needs a sixth on {other} evening, the Crown at 8 - any takers? {boss}",
        "Re: This week's rota\nOne more thing: the office is shut on {other} for a deep clean, so don't turn up "
        "there - not that anyone was planning to. {day} is unaffected. {boss}",
        "Out of office\nI'm away {other} for a family thing, so I won't be answering mails that day. Our office day "
        "doesn't change - still {day}.",
        "Re: Team day\nThe quarterly webinar is now on {other}; join on video from home. Nothing else moves. {boss}",
        "Parcel for the team\nThe new monitors are being delivered to my flat on {other}, not to the office, so I'll "
        "be home that day waiting for the courier. Office day is still {day}.",
    ),
    # Sunday's text: the kitchen kept free on {old}, the {part}.
    "partner_sunday": (
        "One more thing - {old} {part} my sister's coming over so we can cook together. Can the kitchen stay free for "
        "us then? No workmen booked in that {part}, please x",
    ),
    # Pairs, n with n: the mid-morning text pointing back at Sunday's day (still needed / off) and the day of {event}
    # (fine / needed), no weekday.
    "partner_still": (
        "Sunday night's plan hasn't changed - my sister's still coming, so I need the kitchen to myself that {part}. "
        "Book the plumber another day. The day we've got {event} is fine by the way, that's only an evening thing x",
        "About the kitchen: what I asked for last night still stands, I'll be using it the whole {part} that day. The "
        "day of {event} doesn't matter though - that's only in the evening, so the plumber can come then x",
        "Did you get my weekend message? Nothing's changed, keep that {part} clear of plumbers please, my sister's "
        "definitely coming. You can ignore {event} - it's an evening do, so that day is no problem x",
    ),
    "partner_dropped": (
        "Sunday night's plan is off - my sister can't come after all, so that day's fine for the plumber. The day "
        "we've got {event} is the problem now: I'll be cooking for it all {part}, so no plumber then please x",
        "About the kitchen: what I asked for last night doesn't stand any more, book whoever you like that day. It's "
        "the day of {event} I need it - the whole {part}, so keep the plumber away then x",
        "Did you get my weekend message? Ignore it, my sister's cancelled. What I do need is the kitchen all {part} "
        "on the day we're doing {event}, so don't book the plumber then x",
    ),
    # Pairs, n with n: the later text taking the lift back ({old} needed again, {new} free) or repeating it ({day}
    # needed, {old} free), in the same words.
    "partner_undo": (
        "Oh no, disregard this morning's text - we're back to what I said on Sunday. I need the kitchen {old} {part} "
        "again, and {new} can go to the plumber x",
        "Right, {new} is free after all, book it if you like - my sister can come, so it's {old} {part} I'm keeping "
        "clear. Sorry for the back-and-forth x",
        "Just so we're clear, I've changed my mind again: no plumber {old} {part}, it's happening after all. Please "
        "stop holding {new} for me x",
        "Last one, promise: {new} is off my list, the plumber can have it. {old} {part} is back on my list - sis is "
        "coming after all x",
    ),
    "partner_recap": (
        "Oh, and disregard Sunday's text for good - we're going with what I said this morning. I need the kitchen "
        "{day} {part}, and {old} can go to the plumber x",
        "Right, {old} is free after all, book it if you like - my sister can't come, so it's {day} {part} I'm keeping "
        "clear. Sorry for the back-and-forth x",
        "Just so we're clear, I haven't changed my mind: no plumber {day} {part}, it's happening then. Please stop "
        "holding {old} for me x",
        "Last one, promise: {old} is off my list, the plumber can have it. {day} {part} is on my list, like this "
        "morning - sis isn't coming after all x",
    ),
    # Pairs, n with n: the later text moving the need ({old} free, {day} needed) or restating it ({day} still needed,
    # {other} fine), with the same cue words ("moved", "still", "now", need and release).
    "partner_moved": (
        "Bit of news: the whole thing's moved to {day} {part}, so I still need the kitchen, just then - {old} is free "
        "for the plumber now x",
        "Don't hold {old} for me any more, it's been moved. {day} {part} is when I need the kitchen now - still no "
        "plumber then please x",
        "Update: I still need the kitchen, but {day} {part} instead - it got moved, so {old} is fine to book now x",
        "The plumber can come {old} after all - no kitchen needed then. But {day} {part}, no: that's where it's moved "
        "to x",
        "Ugh, they've moved it on me. It's still happening, now {day} {part}, so keep the plumber away then. {old} I "
        "don't need at all any more x",
    ),
    "partner_same": (
        "Bit of news: you may have heard it moved to {other}, but it hasn't - I still need the kitchen {day} {part}, "
        "and {other} is free for the plumber now x",
        "Don't hold {other} for me, nothing's been moved there. {day} {part} is when I need the kitchen - still no "
        "plumber then please x",
        "Update: I still need the kitchen {day} {part} - nothing got moved, so {other} is fine to book now x",
        "The plumber can come {other} - no kitchen needed then. But {day} {part}, no: that's where it still is, "
        "nothing moved x",
        "Ugh, they nearly moved it on me, but no. It's still happening {day} {part}, so keep the plumber away then. "
        "{other} I don't need at all x",
    ),
}


# ------------------------------------------------------------------------------------------------ meeting_scheduling
def _and(items: list[str]) -> str:
    return _joined(items, "and")


def _week_lines(days: list[tuple[str, list[str], str]], **_: Any) -> str:
    """A line per day, the day in full."""
    rows = [f"{d} - " + (off if off else ", ".join(b) if b else "nothing in") for d, b, off in days]
    return "Where I stand, Tuesday to Friday (UTC):\n" + "\n".join(rows)


def _week_sentences(days: list[tuple[str, list[str], str]], **_: Any) -> str:
    """Running prose, the day after what fills it."""
    out = []
    for d, b, off in days:
        if off:
            out.append(f"{d} I'll be {off}")
        elif b:
            out.append(f"{_and(b)} {'is' if len(b) == 1 else 'are'} taken on {d}")
        else:
            out.append(f"nothing at all on {d}")
    return "All in UTC: " + "; ".join(out) + "."


def _week_busy(days: list[tuple[str, list[str], str]], **_: Any) -> str:
    """Only the taken times, then the days away, then the rest."""
    busy = [f"{d[:3]} {block}" for d, b, off in days for block in b]
    away = [f"{d} ({off})" for d, b, off in days if off]
    text = "Blocked in my calendar (UTC): " + ("; ".join(busy) if busy else "nothing") + "."
    if away:
        text += f" Away: {_and(away)}."
    return text + " Otherwise I'm free."


def _week_compact(days: list[tuple[str, list[str], str]], **_: Any) -> str:
    """One line, days separated by bars."""
    cells = [f"{d[:3]}: " + (off if off else " + ".join(b) if b else "open") for d, b, off in days]
    return "UTC times - " + " | ".join(cells)


def _week_free(days: list[tuple[str, list[str], str]], **_: Any) -> str:
    """The open days first, then the ones with something in them."""
    open_days = [d for d, b, off in days if not b and not off]
    lines = [f"{d}: busy {_and(b)}" for d, b, off in days if b]
    lines += [f"{d}: {off}" for d, b, off in days if off]
    head = f"{_and(open_days)} {'is' if len(open_days) == 1 else 'are'} completely clear. " if open_days else ""
    return head + "Times in UTC.\n" + "\n".join(lines)


MEETING = {
    "week layout": (_week_lines, _week_sentences, _week_busy, _week_compact, _week_free),
    "not before": (
        "Please don't put anything earlier than {t} - {why}.",
        "Start times from {t} onwards only ({why}).",
        "My day doesn't begin until {t} - {why}.",
        "({why}: {t} is my earliest start.)",
        "Anything from {t} is fine; before that I can't ({why}).",
    ),
    "end by": (
        "Whatever slot you choose has to be wrapped up by {t} ({why}).",
        "{t} is my cut-off every day this week - {why}.",
        "Nothing that runs past {t}, please: {why}.",
        "I need to be gone by {t} each day ({why}), so please plan around that.",
        "Latest finish for me is {t} ({why}).",
    ),
    "hint": (
        "Also keep in mind {what}, which I emailed you about on Friday.",
        "And there's {what} to factor in - it's all in my earlier email.",
        "Please check my message from last week about {what} too.",
        "I flagged {what} in a mail before the weekend; that still holds.",
        "(Bear {what} in mind as well - see what I wrote to you last Friday.)",
    ),
    "opening": (
        "Thanks for organising.",
        "Sounds good.",
        "Glad to.",
        "Of course.",
        "Great idea.",
        "Sure thing - here goes.",
        "Yes, let's do it.",
    ),
    # Position for position: four subjects of a day away at a site, four of a late start, four of an early finish.
    "older email subject": (
        "{day} = {place} day",
        "Away at {place}",
        "Recurring: site days",
        "{day}s for the rest of March",
        "Early starts",
        "Drop-off duty",
        "Schedule note (March)",
        "Before you book me",
        "Leaving at {t} this month",
        "End of the day",
        "Schedule note (March)",
        "Family stuff, FYI",
    ),
    "older email opening": (
        "Before anything lands in my diary - this applies through the end of March: ",
        "A scheduling note that holds until March is out: ",
        "So you have it when planning this month: ",
    ),
    # Position for position with the public notes: three of a weekday at a site, three of a late start, three of an
    # early finish.
    "older email": (
        "{day} is my site day at {place}, every week. I'm on the shop floor with no laptop, so could you leave "
        "{day}s clear of any meeting for me?",
        "you won't get me on a {day}: I drive up to {place} each week and I'm tied up there until the evening. "
        "Anything on a {day} is a no.",
        "every {day} I'm working from the {place} plant. Please treat {day} as a day I can't be booked on.",
        "I drop the kids at school each morning, which means {t} is the earliest any meeting of mine can begin.",
        "until school drop-off is done I'm not around - so {t} at the earliest for any meeting start, please.",
        "with drop-offs every morning, I can't take anything that begins ahead of {t}.",
        "nursery closes early, so I'm out of the door at {t} daily - please make sure whatever you schedule for me "
        "is done by then.",
        "my working day stops at {t} (I collect my son), so nothing that would still be going after {t}, please.",
        "please keep my meetings wrapped up by {t}: after that I'm on childcare duty every day.",
    ),
    "day off": (
        "away ({why})",
        "out all day - {why}",
        "on leave ({why})",
        "unavailable, {why}",
    ),
    "decline": (
        "Hi {user},\n\nI'm afraid this slot no longer works for me. {cust} have just fixed their {topic} call for "
        "that very time - it's the only one {blocker} could offer this week, after {free_day} fell through - and "
        "I'll be at their offices the whole of {day} too, so cross that day off for me as well. Could the {short} go "
        "somewhere else that suits everyone?\n\nOne request while you're moving it: could you give that {topic} a "
        "10-minute slot on the agenda? {o1} and {o2} ought to hear the latest. There's no need for anything about "
        "the {decoy_topic} with {decoy}; we closed that out. Once the new invite shows the item, I'll "
        "accept.\n\nBest,\n{me}",
        "{user}, before anything else: the {decoy} {decoy_topic} point I wanted to raise is resolved, so please "
        "don't spend any of the meeting on it. Now the awkward part - I need to turn this one down, because {cust} "
        "only had this exact slot for the {topic} ({blocker} couldn't do any other), and {day} has filled up with "
        "them as well ({free_day} is still open for me, whatever I said earlier). Can you move the {short}?\n\nAnd "
        "could we spend 10 minutes of it on that {topic}? It would help {o1} and {o2} to know where it is at. I'll "
        "accept when the invite lists it.\n\n{me}",
        "Hi {user} - the {topic} call with {cust} has been set for exactly this time ({blocker} couldn't do anything "
        "else this week), so I have to decline. They'd talked about {free_day} for a visit but went for {day} "
        "instead, so I can't do {day} either. A different time for everyone, please.\n\nOn the agenda, please "
        "include 10 minutes on that {topic} so that {o1} and {o2} are up to date. The {decoy} {decoy_topic} can stay "
        "off it - nothing new there. I'll say yes as soon as it's there.\n\nThanks,\n{me}",
        "Hi {user},\n\nUpdate from my side: the {decoy} {decoy_topic} is done and dusted, nothing to discuss there. "
        "Less happily, {cust} just grabbed that very hour for the {topic} call, and there's no other time {blocker} "
        "can do; they've also booked me for the whole of {day} ({free_day} they didn't want after all). I'm "
        "declining for now - could you reschedule for everyone?\n\nWhen you do, please put 10 minutes on the agenda "
        "for that {topic}, so {o1} and {o2} hear how it's going. I'll accept the updated invite as soon as it has "
        "that.\n\n{me}",
    ),
    "decline again": (
        "Hi {user},\n\nI still can't say yes to this one - the agenda doesn't have what I asked for in the way I "
        "asked.\n\n{me}",
        "{user}, this version still misses the mark on the agenda point I raised, so it's a no for the moment."
        "\n\n{me}",
        "Not yet, {user} - please reread my request about the agenda and send it again.\n\n{me}",
    ),
    "day gone": (
        "Hi {user},\n\n{day} won't work - I'm with the customer all that day, as I mentioned. Declining.\n\n{me}",
        "{user}, I told you {day} is taken now, so I can't accept this time.\n\n{me}",
        "Afraid not: I'm away all of {day} now. Please pick another time.\n\n{me}",
    ),
    "aside": (
        "(The offsite last week went on until {t} - thankfully done now.)",
        "In case they got lost: the slides went out at {t} last Friday.",
        "Sunday's train home gets in at {t}, but that's the weekend, so no bearing on this.",
        "Last Monday's fire alarm test went off at {t} - let's hope there's none this week.",
    ),
    "open day note": (
        "FYI, the {day} site visits have wrapped up, so my {day}s are normal again.",
        "My {day} training course was cancelled, so I'm available on {day}s again.",
        "I've pushed my {day} leave to next month, which means {day}s this month are business as usual.",
    ),
    "open day subject": (
        "{day}s are free again",
        "{day}s back to normal",
        "{day} availability (update)",
    ),
}


# ------------------------------------------------------------------------------------------------ contacts_lookup
CONTACTS = {
    "visit_title": (
        "{project} - visit on site",
        "Site walk: {project}",
        "{project} site inspection",
        "Walk round the {project}",
        "Meet on site ({project})",
    ),
    "pm_visit_subject": (
        "{project} visit - attendees",
        "Wednesday's site visit",
        "Who's on the {project} walk round",
        "{project} site visit list",
        "Attendance for Wednesday ({project})",
    ),
    "pm_visit": (
        "{u},\n\nCurrent attendees for Wednesday's visit at {old_place} ({old}): {team}. The client might add "
        "someone - I'm asking and will come back to you.\n\n{pm}",
        "Hi {u} - quick update on Wednesday. For {old} at {old_place} we've got {team}. I've asked the client if "
        "anyone else should join and will update you.\n\nBest,\n{pm}",
        "Hello {u},\n\n{team}: that's who is down for the visit so far ({old_place}, {old}, Wednesday). Still "
        "waiting on the client about one more name.\n\n{pm}",
    ),
    "reason": (
        "at a structural survey across town",
        "chairing the contractors' meeting",
        "on the road to the Northgate depot",
        "in back-to-back design reviews",
        "supervising the crane delivery",
        "at a health and safety audit",
        "looking after the Millbrook handover",
    ),
    "venue": (
        "Riverside Pantry", "Beacon Rooms", "Maltings Hall", "Signal Box cafe", "Corn Exchange room",
        "Anchor Studio", "Gasworks Gallery", "Orchard Room", "Pump House", "Boathouse cafe", "Chandlery Hall",
        "Forge Rooms", "Quarry Works", "Printworks Studio", "Tollgate House", "Mill Pond cafe",
    ),
    "venue_street": (
        "Millstone Road", "Cooper Lane", "Barge Street", "Lock Road", "Pottery Lane", "Weir Street", "Anvil Row",
        "Malthouse Lane", "Lighterman Street", "Gasholder Road", "Tidemill Way", "Sawmill Lane", "Furnace Street",
        "Ferryman's Row",
    ),
    "recent_text": (
        "{u}, sent the revised plans over just now. {f}",
        "Thanks for sorting the access badge, {u}! {f}",
        "At the site gate - where are you? {f}",
        "Can we talk tomorrow about the snagging list? {f}",
        "Got the quote back, will forward. {f}",
    ),
    "request": (
        "Hi! Can you spread the word about tomorrow? The {project} site visit is no longer at {old} at {old_place} - "
        "it's {new} at {place}. {texted} should get a text; {emailed} an email, and only ever to their work "
        "address, not a personal one. You'll find them all in my contacts, and every message needs both the new "
        "time and the new place. {pm} ({pm_email}) is working out if anyone else should be there; if a name comes "
        "from {pm} by email, let that person know as well, by whatever channel {pm} asks. Please update the visit "
        "in my calendar too, and once the replies are in, tell me here who's confirmed and who can't come.",
        "Tomorrow's {project} site visit: new time {new} (instead of {old}), new place {place} (instead of "
        "{old_place}). Please email {emailed} - work addresses only, personal ones never - and send {texted} a "
        "text. Everyone's in my contacts. If {pm} ({pm_email}) writes to you with one more name, tell them too, in "
        "the way {pm} says. Shift the calendar entry as well, then give me a rundown here of who's said yes and "
        "who can't come, once they've answered.",
        "Could you tell people that tomorrow's {project} visit has moved? {old} becomes {new}, and instead of "
        "{old_place} we're meeting at {place}. By text: {texted}. By email (their work address, never the personal "
        "one): {emailed}. My contacts have everyone's numbers and emails. {pm} ({pm_email}) may still email "
        "you someone to add - if so, do as {pm} asks for them. Please move it in my calendar and, after they reply, "
        "report here who's in and who isn't.",
        "A job for this morning: the site visit for the {project} tomorrow is now {new} at {place}, not {old} at "
        "{old_place}. Text {texted} and email {emailed}; the emails go to work addresses, never personal ones. "
        "Look them up in my contacts and give everyone the new time and place. There may be an email from {pm} "
        "({pm_email}) naming one more person - reach them however {pm} says. Also change the visit in my calendar, "
        "and when everyone's answered, tell me who's confirmed and who won't make it.",
        "Tomorrow's {project} site visit has changed, both time and place: {new} rather than {old}, at {place} "
        "rather than {old_place}. Can you let them know - a text to {texted}, an email to {emailed} (the work "
        "address; personal ones are off limits)? It's all in my contacts. Watch for an email from {pm} "
        "({pm_email}): if {pm} names someone else, tell them too, as {pm} asks. Move my calendar entry, and "
        "report back here on who's confirmed and who can't come once you've heard from them.",
    ),
    # Four plain additions, then two that carry words of refusal or of someone not coming beside the one to add
    # (as the asides carry words of coming beside the one not to tell).
    "addition": (
        "{u},\n\nThe client asked for {who} to join us tomorrow - our {role}. Please {how} so they have the new time "
        "and place too; you'll have their details in your contacts.\n\nBest,\n{pm}",
        "Hi {u} - one addition to tomorrow's visit. {who} ({role}) should be there. Would you {how} to pass on the new "
        "time and place?\n\n{pm}",
        "Hello {u},\n\nWe'll need our {role} on site as well, so could you {how} about the new time and place - "
        "{who}, that is. You'll find them in your contacts.\n\nMany thanks,\n{pm}",
        "Hi {u},\n\nJust heard back from the client - they'd like {who} there too (our {role}). Could you please "
        "{how} so they know the new time and where we're meeting?\n\nAll the best,\n{pm}",
        "{u},\n\nThe client won't hear of us going ahead without {who} ({role}), so they can't be left off. Please "
        "{how} the new time and place.\n\n{pm}",
        "Hi {u} - I'd hoped we could manage without our {role}, but no: the client won't go ahead unless {who} is "
        "there. Could you {how} with the new time and place? Their details are in your contacts.\n\nThanks,\n{pm}",
    ),
    # The first five as before; then six that name both numbers with words of old and new beside each the wrong
    # way round or both ways (a number tried and given up, one gone back to), so only the whole sentence says
    # which works.
    "old_number_note": (
        "{old} no longer works - the current mobile is {new}.",
        "Don't use {old} any more, lost that phone in March.",
        "Mobile changed recently; the right one ends in {tail}.",
        "{new} is the number now ({old} was cancelled).",
        "Old work phone {old} was returned when they changed jobs.",
        "Tried a new number ({old}) for a few weeks but gave it up; back on the original {new}.",
        "{old} - the new phone, returned under warranty and disconnected. Still reachable on the old one, {new}.",
        "The older SIM, {new}, is the one that works; the newer {old} was never switched on.",
        "Old: {new} (still active). New: {old} (cancelled in March).",
        "Ring {new}, the new number. The one from last year, {old}, went dead over New Year.",
        "{old} belonged to the handset work swapped out in February; calls now go to the replacement, {new}.",
    ),
    "confirm": (
        "Perfect, {u} - {slot} at {addr}, I'll be there. {f}",
        "No issue at all, {slot} at {venue} is fine with me. {f}",
        "Not ideal timing but I've shuffled things round - {slot}, {addr} works. {f}",
        "Sorry, only just saw this! Yes to {slot} at {venue}. {f}",
        "Thanks {u}. {slot} at {venue} - noted and in my diary. {f}",
        "Great, {slot} it is. See you at {addr}. {f}",
        "No worries about the change. {slot} at {venue}, count on me. {f}",
        "I nearly said no as I had a call booked, but I've moved it: {slot} is good. {f}",
        "{slot} at {venue}? Yes - I'm not {reason} after all, that got moved. {f}",
    ),
    "decline": (
        "Thanks {u}. I'm sorry, but {slot} won't work for me - I'm {reason}. Could you forward me the notes? {f}",
        "Shame - at {slot} I'm {reason}, so I can't make it. Notes afterwards would help. {f}",
        "{u}, thanks for letting me know. I'm {reason}, so I'll have to sit this one out at {slot}. {f}",
        "{slot} at {venue} would have been nice, but I'm {reason}. Carry on without me. {f}",
        "Got it. At {slot} I'm {reason} though - can someone send me the notes? {f}",
        "Thanks for the update! I'm {reason}, so {slot} is a no from me. Please fill me in afterwards. {f}",
    ),
    # The user's aside on a colleague not to tell (set in brackets inside the list of those to tell, its full stop
    # dropped, or after the request): each means "don't write to {other}" while carrying the words a request to
    # tell someone carries (text, email, let know, be there, coming) or a refusal's.
    "request_aside": (
        "There's no need to text or email {other}; I've already let them know myself.",
        "{other} won't be coming after all, so skip them.",
        "Whatever you do, don't tell {other}: they're not part of this visit.",
        "{other} is in my contacts as well, but they've moved to another project - leave them be.",
        "Even though {other} will be there, they've already heard, so no message for them.",
    ),
    # The project manager's word on {other} beside the addition: never "tell them".
    "addition_aside": (
        "About {other}: they offered to come along, but the client wants only one person from that firm, so please "
        "don't get in touch with them.",
        "{other} crossed my mind too, but they aren't needed - no message to them, please.",
        "No need to contact {other}; I've already passed on the new time and place to them.",
        "Leave {other} off the list - they're away tomorrow.",
        "I spoke to {other} this morning and they'll be there regardless, so don't message them.",
    ),
}


# ------------------------------------------------------------------------------------------------ multi_day_followup
FOLLOWUP = {
    "replaced": (
        "Hi {user},\n\nSorry - the copy of the {ref} I sent you earlier has been withdrawn (it cited the wrong "
        "clause). Here is the corrected countersigned version to use: {link}\n\n{legal}",
        "{user}, please swap links: the {ref} is now at {link}. The earlier one is void.\n{legal}",
        "Hello {user},\n\nA fresh countersigned {ref} has been issued, and {link} is the one that counts. The link "
        "from before has stopped working.\n\n{legal}",
        "Hi {user} - change of link! What goes to {client} is {link}, not the one I sent this morning.\n{legal}",
        "{user},\n\nThe partners made a late correction, so the {ref} was re-signed: {link}\nWe've disabled the "
        "old link.\n\nBest,\n{legal}",
        "Hi {user},\n\nReplacing this morning's link - please send {client} the countersigned {ref} at {link} "
        "instead. The earlier copy shouldn't be used.\n\n{legal}",
    ),
    "internal": (
        "Hi {user},\n\nSharing our internal markup of the {ref} (negotiation notes included) at {decoy} - this one "
        "is just for us, not for {client}.\n\n{legal}",
        "{user} - the {ref} with our redlines: {decoy}. Internal only, please don't pass it on.\n{legal}",
        "Hello {user},\n\nFor reference inside the firm, the partners have annotated the {ref}: {decoy}\n\n{legal}",
        "Hi {user}, our in-house playbook notes on the {ref} are at {decoy}. Not for sending out.\n{legal}",
        "{user},\n\nJust so you have it: our commented {ref} is at {decoy}. It stays within the company.\n\n{legal}",
        "Hi {user},\n\nAttached for our own files - {decoy} is the {ref} with our negotiating comments. Please keep "
        "it internal.\n\n{legal}",
    ),
    "adviser": (
        "{adviser} (your adviser), direct: {n}",
        "Call your adviser {adviser} on {n}.",
        "Direct to your adviser - {adviser}, {n}",
        "{n} will reach {adviser}, your personal adviser.",
    ),
    "general": (
        "Main line: {n}",
        "{n} - general customer line, open 8am to 8pm",
        "Other questions can go to our switchboard on {n}.",
        "Switchboard (all enquiries): {n}",
    ),
    "fax": (
        "Fax line: {n}",
        "{n} - fax, not for calls",
        "You can fax paperwork to {n}.",
        "Fax number {n}",
    ),
    "other": (
        "Hi {user},\n\nDifferent client, same day: {other_client} signed their {other_ref} as well, filed at "
        "{decoy}. Their account manager takes it from here.\n\n{legal}",
        "{user} - heads-up, {decoy} is the {other_ref} for {other_client}, now fully signed. No action for you or "
        "{client}.\n{legal}",
        "Hello {user},\n\nWhile I think of it: {other_client}'s paperwork ({other_ref}) is complete too - {decoy}. "
        "It stays with their team.\n\n{legal}",
        "Hi {user}, the second signature came through on {other_client}'s {other_ref} ({decoy}). Just logging it "
        "with you; it's their account, not {client}'s.\n{legal}",
        "{user},\n\nFor completeness, {other_client} ({other_ref}) is executed: {decoy}. Separate from your "
        "{ref}.\n\n{legal}",
    ),
    "scrubbed": (
        "Hi {user},\n\nMy mistake - the {ref} file from earlier had our private margin notes left in. Send {client} "
        "this clean countersigned one instead: {link}\n\n{legal}",
        "{user} - the earlier link was our marked-up office copy, not for outside eyes. The version for {client} is "
        "{link}\n{legal}",
        "Hello {user},\n\nThe first {ref} I shared still showed the partners' notes to each other, so it's been "
        "taken down. {client} should receive {link}.\n\n{legal}",
        "Hi {user}, swap in {link} for {client}: my earlier link pointed at our own commented copy of the {ref}.\n"
        "{legal}",
        "{user},\n\nApologies, I attached our working draft with team notes earlier. The signed {ref} to pass on to "
        "{client}: {link}\n\n{legal}",
    ),
    "cover": (
        "{cover} is standing in for {adviser} until next week - reach {cover} on {n}",
        "With {adviser} on holiday, your case sits with {cover}: {n}",
        "Temporary contact while {adviser} is off: {cover}, {n}.",
        "{n} - {cover}, who has picked up your case from {adviser} for now.",
    ),
    "bank_deadline": (
        "Reference {ref}: your locked mortgage rate is guaranteed only until {when}.",
        "The rate we reserved for you ({ref}) lapses at {when} unless you act.",
        "Your reserved rate under {ref} has a cut-off of {when}.",
        "Time is short on {ref}: the locked rate stops at {when}.",
    ),
    "correction": (
        "Hi {user},\n\nLate change, apologies: the {category} line is now {new} instead of {old} after a refund. "
        "Revised total {total}.\n\n{olu}",
        "{user} - adjust one figure please: {category} {new}. Total therefore {total}.\n{olu}",
        "Hello {user},\n\nAfter one last invoice match, {category} lands at {new} (was {old}). That moves the total "
        "to {total}; nothing else moved.\n\n{olu}",
        "Hi {user}, swap {old} for {new} on {category}, which brings everything to {total}. Rest as sent.\n{olu}",
    ),
    "opening": (
        "Hello! {client} has me in a workshop of theirs till Wednesday afternoon, so my mail is in your hands. Expect "
        "around a dozen check-ins till then, spaced up to four hours apart - arrange them so you're present whenever "
        "something falls due.",
        "Out at the {client} workshop till Wednesday afternoon; you're minding my email. Roughly twelve "
        "check-ins separate now from then, none more than four hours after the last, so schedule yourself "
        "around deadlines.",
        "Could you run my inbox while I'm with {client} (workshop, back Wednesday afternoon)? There'll be some "
        "twelve check-ins, at most four hours between any two: be on hand when things are due.",
        "I'm away with {client} for a workshop, back Wednesday afternoon. Take over my email; you'll have a dozen or "
        "so check-ins, each within four hours of the last, so be there when something's due.",
    ),
    "ask_contract": (
        "Contract for {client}: {sam} has asked for it. Write back to {s} today saying the countersigned {ref} "
        "reaches them by {when}. Legal ({legal}) mails it to me tomorrow yet keeps the right to retract it up to "
        "Tuesday night, meaning it only goes to {s} on {day}, on or before that time.",
        "{sam} ({client}) is chasing the countersigned {ref}. Today, confirm to {s} a delivery by {when}. {legal} in "
        "Legal emails the copy tomorrow, but it isn't safe to share until after Tuesday night - hand it over on "
        "{day} and not a minute past the time given.",
        "Please reply to {s} ({sam}, {client}) today: the countersigned {ref} will be with them by {when}. Tomorrow "
        "{legal} from Legal forwards the copy, which can still be recalled up to Tuesday night; forward it to {s} "
        "on {day}, not sooner, and within that deadline.",
        "{client}'s {sam} wants their countersigned {ref}. Give {s} a date today: {when}. The copy comes from "
        "{legal} (Legal) tomorrow but stays revocable till Tuesday night, so it's a {day} send, on time and not "
        "early.",
    ),
    "ask_figures": (
        "{priya} is going to write tonight wanting the Q2 vendor numbers. Let {p} know this evening they'll "
        "have them by {when}, then send them on {day} (no earlier). Base them on {olu}'s final version arriving "
        "tomorrow - the early draft {olu} circulated isn't final.",
        "This evening {priya} will want Q2's vendor totals. Confirm to {p} tonight: by {when}. Send on {day}, not "
        "before, and only {olu}'s finals from tomorrow; ignore the draft {olu} sent this morning.",
        "A request from {priya} for Q2's vendor numbers lands this evening. Answer {p} tonight with {when} "
        "as the time; on {day} (not sooner) send the numbers, taking {olu}'s final set due tomorrow rather than "
        "today's early draft.",
        "Once {priya} asks tonight about Q2 vendor spend, commit to {when}, and deliver on {day}, never earlier. "
        "The source is {olu}'s final email tomorrow; {olu}'s draft this morning is not it.",
    ),
    "remind_at": (
        "Ping me here at {when} to phone the bank regarding my mortgage rate-lock, giving me their reference number "
        "and the line of the person currently on my application.",
        "Please nudge me in chat at {when} to call my bank about the locked rate - include their reference plus a "
        "number for whoever now looks after my application.",
        "At {when}, drop me a note here: call the bank re the rate lock, with the application reference they quoted "
        "and also the phone number of the person dealing with it now.",
        "Set me a reminder here for {when} about ringing the bank on the rate-lock extension: the reference they "
        "gave plus the number of the person in charge of my application at the moment.",
    ),
    "remind_before": (
        "Ping me here {gap} before the locked mortgage rate lapses (the bank's email gives the deadline) to phone "
        "them, giving their reference plus the line of the person currently on my application.",
        "Please nudge me in chat {gap} ahead of the rate lock's cut-off - their email states it - to call the bank, "
        "including their reference plus a number for whoever now looks after my application.",
        "{gap_cap} before the locked rate runs out (see the bank's email for when), drop me a note here to call "
        "them, with the application reference and the phone number of the person dealing with it now.",
        "Set me a reminder here for {gap} before the bank's rate-lock deadline in their email: ring them, with the "
        "reference plus the number of the person in charge of my application at the moment.",
    ),
    "closing": (
        "Leave every other message alone and commit to nothing more - the rest can wait for me. When {day}'s jobs "
        "are all finished, send me a brief wrap-up here.",
        "No replies to anyone else and no other commitments; I'll handle what's left on my return. A quick recap "
        "here on {day} once it's all complete.",
        "Everything else waits for me: don't respond or promise anything to anyone. On {day}, after it's all "
        "wrapped, give me a short rundown here.",
        "Ignore the rest of my mail and make no further promises. When everything's finished on {day}, a few lines "
        "here on how it went.",
    ),
}


# ------------------------------------------------------------------------------------------------ email_triage_basic
TRIAGE = {
    "alarm": (
        "Please put this one at the top of your pile.",
        "I wouldn't normally chase, but this really can't wait.",
        "Marking this URGENT - sorry to shout.",
        "(This one matters to me - could it jump the queue?)",
        "Apologies for the pressure; it's urgent on my end.",
        "Needs your eyes today if at all possible, please!",
        "I'll be honest, I'm quite worried about this one.",
    ),
    "follow_up": (
        "Tomorrow I'll send everything in full, by {later} at the latest.",
        "You'll get the next part from me by {later} on Thursday.",
        "By {later} on Friday I'll be back in touch.",
        "I'll come back to you by {later} {other_day}.",
        "Next update from me {other_day}, around {later}.",
        "The remaining details will reach you {other_day} at {later}.",
        "Shall we talk {other_day} at {later}?",
        "If it helps to go through it, I'm free {other_day} from {later}.",
        "I'll drop you a line by {later} {other_day} with the rest.",
    ),
    "offer": (
        "A call at {later} on Monday would work too.",
        "Next Wednesday I have {later} open if you'd like to talk.",
        "Thursday at {later} I could run through it with you.",
        "If easier, give me a ring {other_day} at {later}.",
        "Could also do a quick call {other_day}, {later}.",
        "Happy to jump on the phone at {later} {other_day}.",
    ),
    # An opening line naming an earlier clock time that is no deadline; half of them with a word of harm.
    "aside": (
        "Our shared drive went down around {aside}, which is why this comes late.",
        "Since {aside} I've been in back-to-back calls, so forgive the slow answer.",
        "The card reader in reception stopped working shortly after {aside}; I've been sorting that out.",
        "(Had the dentist until {aside}, hence the gap in replies.)",
        "Mail sync failed on my laptop around {aside} - apologies if anything of yours went unanswered.",
        "I left you a voice message around {aside}; not sure it got through.",
        "The lift broke down again around {aside}, so I've been on the stairs between floors and am behind.",
        "Catching up on email after a training session that wrapped up around {aside}.",
    ),
}


WORDING = {
    "contacts_lookup_classic": CONTACTS,
    "email_triage_basic": {**TRIAGE, **_ETB_A, **_ETB_B},
    "meeting_scheduling": MEETING,
    "multi_day_followup": _mdf_merged(FOLLOWUP),
    "sms_coordination_classic": {**SMS, **_SMS_MORE},
}
