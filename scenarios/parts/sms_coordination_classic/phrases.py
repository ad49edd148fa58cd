"""The phrasebook of sms_coordination_classic (``PHRASES``, the part's ``phrasebook``): every kind of message a world
words, in the phrasings it draws from. A world draws which phrasing of each kind it uses by index (``params``, kept in
its ``Params``; world 0 the first of each) and fills it in ``texts`` and ``world``, both through ``PHRASES`` so that a
wording pack words them anew (``scenario_kit.wording``).

Where a phrasing's position carries a fact, a pack's phrasings keep the public order: ``partner_reason`` holds the
three reasons of a user at home in the afternoons, then the three of one at home in the mornings (the index also
picks the partner's personality note and reply); ``partner_event`` takes the reason's index; the dentist's note takes
one index for its subject and its body; ``office_first`` and ``office_fix`` share one draw (first, then correction);
an ``office_mail`` phrasing naming ``{after}`` (the day after the office day) is not drawn when that day is a
Saturday."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from green_agent.scenario_kit.phrasing import Phrasebook

from .clock import ampm, offered, weekday
from .templates import (
    HOURS_WORDING,
    LIFTED_SUNDAY,
    LIFTED_TEXTS,
    MORNING_REASONS,
    MOVED_SUBJECTS,
    OFFER_BODIES,
    OFFER_SUBJECTS,
    OFFICE_AFTER,
    OFFICE_ASIDE,
    OFFICE_BEFORE,
    OFFICE_FIRST,
    OFFICE_FIX,
    OFFICE_KEPT,
    OFFICE_MAIL,
    OFFICE_REF,
    PARTNER_DROPPED,
    PARTNER_MOVED,
    PARTNER_PS,
    PARTNER_REASONS,
    PARTNER_RECAP,
    PARTNER_REF_TEXTS,
    PARTNER_SAME,
    PARTNER_STILL,
    PARTNER_UNDO,
    REMINDERS,
)

if TYPE_CHECKING:
    from .params import Slot


def _offer_list(user: str, plumber: str, company: str, slots: tuple[Slot, ...]) -> str:
    names = [offered(s) for s in slots]
    return (f"Hi {user}, {plumber} here - sorry to hear about the sink! This week I can do "
            f"{', '.join(names[:-1])} or {names[-1]} (that's my arrival window, the job itself is about an hour). "
            f"Text me back which one you want and I'll lock it in. Also send me the full address so I've got it "
            f"right - and the door code if there is one, so I can let myself in if nobody's around.")


def _offer_bullets(user: str, plumber: str, company: str, slots: tuple[Slot, ...]) -> str:
    lines = "\n".join(f"- {weekday(s.start)} {s.start.day} March, {ampm(s.start)}-{ampm(s.end)}" for s in slots)
    return (f"Hello {user}! Sorry about the leak. What I've got free this week (arrival windows):\n{lines}\n"
            f"Which one? Send the full address with it, and the door code if you have one, in case nobody's in. "
            f"- {plumber}")


def _offer_grouped(user: str, plumber: str, company: str, slots: tuple[Slot, ...]) -> str:
    days: dict[date, list[Slot]] = {}
    for s in slots:
        days.setdefault(s.start.date(), []).append(s)
    parts = [f"{weekday(d)} {d.day} March: " + " or ".join(f"{ampm(s.start)} to {ampm(s.end)}" for s in group)
             for d, group in days.items()]
    return (f"{plumber} ({company}) here. I can get to you {'; '.join(parts)}. I'll arrive within the "
            f"window. Text me your pick plus the address - and the door code for the front door so I can let "
            f"myself in.")


def _offer_clock24(user: str, plumber: str, company: str, slots: tuple[Slot, ...]) -> str:
    names = [f"{weekday(s.start)[:3]} {s.start.day} Mar {s.start:%H:%M}-{s.end:%H:%M}" for s in slots]
    return (f"Availability this week: {' / '.join(names)}. Reply with one and the full address (door code too if "
            f"there is one). Thanks, {plumber}")


def _offer_numbered(user: str, plumber: str, company: str, slots: tuple[Slot, ...]) -> str:
    names = " ".join(f"({n}) {weekday(s.start)} {s.start.day} March {ampm(s.start)}-{ampm(s.end)}"
                     for n, s in enumerate(slots, 1))
    return (f"Hi, thanks for the message. Options: {names}. Tell me the day and time that suits, your address, and "
            f"the building's door code if I'll need it. {plumber}")


OFFER_LAYOUTS = (_offer_list, _offer_bullets, _offer_grouped, _offer_clock24, _offer_numbered)


# How the partner's text opens (world 0: "Morning!").
OPENERS = ("Morning! ", "Hey you - ", "Quick one: ", "Hiya! ", "Before I forget - ", "Love, ")

MOVED_BODIES = (
    lambda first, dentist, away, old, new: (f"Hi {first},\n\nDr. {dentist} is away at a training course on {away}, "
                                            f"so we've had to move your check-up from {old} to {new}. The old time is "
                                            f"cancelled; no need to do anything unless the new time doesn't suit."),
    lambda first, dentist, away, old, new: (f"Dear {first},\n\nYour check-up is now {new} (not {old} as "
                                            f"booked) - Dr. {dentist} is on a course that day."),
    lambda first, dentist, away, old, new: (f"Hello {first}, following your call we've rebooked you for {new}. The "
                                            f"{old} slot has been released."),
    lambda first, dentist, away, old, new: (f"{first}, please note: the appointment on {old} is cancelled and "
                                            f"rebooked for {new}, as Dr. {dentist} is away that {away}."),
    lambda first, dentist, away, old, new: (f"Hi {first} - quick update from reception. We need to swap your "
                                            f"check-up to {new}; {old} no longer works for Dr. {dentist}."),
)

# A postscript to Tony's offer (version 6): {gone}, a window he listed, has gone to another customer since; {kept},
# another window he listed, is still free. Words of being taken or wanted sit beside both windows, each window comes
# first in half the phrasings, so only reading each clause (negation, "went for X in the end") tells which went.
OFFER_GONE = (
    "\n\nPS just had a call - {gone} has gone to another customer, sorry. {kept} is still free.",
    "\n\nPS someone was after {kept} too but didn't take it, so that's still open. {gone} went this morning though.",
    "\n\nPS scratch {gone}, a regular grabbed it an hour ago. Not {kept} - that one's still yours if you want it.",
    "\n\nPS {kept} isn't taken, whatever the website says. {gone} is, as of this morning.",
    "\n\nPS a customer wanted {kept} but went for {gone} in the end, so that one's off the list now.",
    "\n\nPS I nearly gave away {kept} - I didn't. {gone}'s the one I can't do any more, someone beat you to it.",
)
# Tony's answer to a text asking for the window his postscript said had gone: {user} the user's first name, {gone}
# that window, {plumber} his first name. Never with a word of confirmation (templates.CONFIRM_WORDS).
GONE_REPLY = ("Sorry {user}, {gone} went to someone else this morning - see my PS. Any of the others? {plumber}",)

# Version 8: the building manager's notice of which entrance contractors use each day this week (Tue-Fri).
# "entrance_notice": the mail, "subject\nbody"; {first} the user, {street} the building's street, {manager} the
# manager's name, {lines} one "entrance_line" per day, one per line.
ENTRANCE_NOTICE = (
    "Lobby works this week - contractor entrances\nHi {first},\n\nThe lobby on {street} is being retiled all week, so "
    "its door is closed. Contractors and deliveries come in as follows:\n{lines}\nThanks for bearing with us,\n"
    "{manager}",
    "Which door for tradespeople this week\nDear residents,\n\nWhile the {street} lobby is retiled, please send any "
    "tradespeople to the entrance for the day:\n{lines}\nBest,\n{manager}",
)
# One day of the notice: on {day} contractors come in by {door}; {shut} is closed that day. The entrance to use comes
# first in half the phrasings, and words of being open or closed sit beside both, so only reading the clause tells.
ENTRANCE_LINE = (
    "- {day}: contractors use the {door}; the {shut} is closed all day.",
    "- {day}: the {shut} is shut for the works, so contractors come in by the {door}.",
    "- {day}: not the {shut} (closed) - contractors use the {door}.",
    "- {day}: contractors come in by the {door}, not the {shut}.",
    "- {day}: the {door} is the contractors' way in; the {shut} is fenced off.",
    "- {day}: with the {shut} closed, contractors use the {door}.",
)
# The manager's later update (every drawn world), "subject\nbody": {manager} the manager's first name, {lines} one
# line per day, each an "entrance_change" or an "entrance_stays" (half each), so the notice's entrance for a day
# stands only half the time and every day has a line: the update says nothing of which day is booked.
ENTRANCE_UPDATE = (
    "Update: contractor entrances\nHi all, the crew has rearranged the week, so here is each day again:\n{lines}\n"
    "Thanks,\n{manager}",
    "Re: lobby works - entrances\nSorry for the back and forth. Day by day, where my notice stands:\n{lines}\n"
    "{manager}",
)
# A line of the update: on {day} contractors now use {door}, not {old} (the notice's entrance that day).
ENTRANCE_CHANGE = (
    "- {day}: the {old} is closed after all, so contractors use the {door} instead.",
    "- {day}: contractors come in by the {door}, not the {old} as in my notice.",
    "- {day}: please send contractors to the {door}; the {old} won't be open after all.",
)
# Its twin: on {day} contractors still use {door} (the notice's entrance), not {other}, where the crew had asked to
# move them.
ENTRANCE_STAYS = (
    "- {day}: the crew asked to move contractors to the {other}, but that's off - they use the {door} as in my "
    "notice.",
    "- {day}: the {other} won't be used for contractors after all - it stays the {door}.",
    "- {day}: contractors come in by the {door} as planned, not the {other}.",
)
# The prompt's request to tell the plumber the entrance: {plumber} his first name, {manager} the building manager's
# first name (whose mails say which entrance is open on which day).
ENTRANCE_PROMPT = (
    " Tell {plumber} which entrance to use that day - {manager}'s emails about the lobby works say which.",
    " {plumber} will need to know which entrance to use on the day - check {manager}'s emails about the building "
    "works.",
    " And let {plumber} know the right entrance for that day; {manager} has emailed about which doors are open.",
)

PHRASES = Phrasebook({
    "offer": OFFER_LAYOUTS,
    "offer_gone": OFFER_GONE,
    "gone_reply": GONE_REPLY,
    "hours_afternoon": HOURS_WORDING["afternoon"],
    "hours_morning": HOURS_WORDING["morning"],
    "partner_opener": OPENERS,
    "partner_reason": tuple(r[0] for r in (*PARTNER_REASONS, *MORNING_REASONS)),
    "partner_lifted": LIFTED_TEXTS,
    "dentist_moved_subject": MOVED_SUBJECTS,
    "dentist_moved": MOVED_BODIES,
    "office_prompt": OFFICE_REF,
    "office_mail": (*OFFICE_MAIL, *OFFICE_AFTER, *OFFICE_BEFORE),
    "office_first": OFFICE_FIRST,
    "office_fix": OFFICE_FIX,
    "partner_event": PARTNER_REF_TEXTS,
    "partner_ps": PARTNER_PS,
    "dentist_offer_subject": OFFER_SUBJECTS,
    "dentist_offer": OFFER_BODIES,
    "dentist_reminder": REMINDERS,
    "office_aside": OFFICE_ASIDE,  # a later mail about another matter on {other}: the office day {day} stands
    "office_kept": OFFICE_KEPT,  # a later mail calling off an office-day move: {day} stands, {moved} does not
    "partner_sunday": (LIFTED_SUNDAY,),  # Sunday's text asking to keep the kitchen free on {old}, the {part}
    # the mid-morning text: Sunday's day is still needed, the {part}; the day of {event} (another evening) is fine
    "partner_still": PARTNER_STILL,
    # the mid-morning text: Sunday's day is off; the kitchen is needed the {part} of {event} (a calendar evening)
    "partner_dropped": PARTNER_DROPPED,
    # a later text taking the "lifted" one back: Sunday's day {old} is needed again the {part}, {new} is free
    "partner_undo": PARTNER_UNDO,
    # the twin: a later text repeating the "lifted" one: {day} needed the {part}, Sunday's {old} free
    "partner_recap": PARTNER_RECAP,
    # a later text moving the need: {old} (the mid-morning text's day) is free, {day} needed the {part}
    "partner_moved": PARTNER_MOVED,
    # its twin, restating the need: {day} (the mid-morning text's day) still needed the {part}, {other} free
    "partner_same": PARTNER_SAME,
    "entrance_notice": ENTRANCE_NOTICE,
    "entrance_line": ENTRANCE_LINE,
    "entrance_update": ENTRANCE_UPDATE,
    "entrance_change": ENTRANCE_CHANGE,
    "entrance_stays": ENTRANCE_STAYS,
    "entrance_prompt": ENTRANCE_PROMPT,
}, positional=frozenset({"partner_reason", "partner_event", "dentist_moved"}))  # afternoon reasons, then morning ones;
# the event and the moved note go with the reason's or the subject's position
