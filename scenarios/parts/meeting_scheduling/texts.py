"""What the people of a meeting_scheduling world write: the user's request, the world's description, the older email
that holds the hidden rule (and another that names a weekday left open), the invitees' availability answers (by busy
times or by free windows, some with a clock time that is no rule) and the decliner's note."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime

from green_agent.scenario_kit.phrasing import Phrasebook

from .params import AGENDA_MINUTES, IDS, Draw, RuleKind, and_
from .slots import WEEKDAYS, at

FRIDAY_NOTE = "see my note from Friday"  # how world 0's availability answer points at the older email
Say = Callable[..., str]


def _hm(moment: datetime, twelve: bool) -> str:
    if not twelve:
        return f"{moment:%H:%M}"
    hour = moment.hour % 12 or 12
    return f"{hour}{'' if moment.minute == 0 else f':{moment.minute:02d}'}{'pm' if moment.hour >= 12 else 'am'}"


# How an invitee's week is laid out (any world but 0): a list by day, prose, blocks with the day after, 12-hour clock.
def _by_day(days: list[tuple[str, list[str], str]]) -> str:
    return "My week (all times UTC):\n" + "\n".join(
        f"- {d[:3]}: " + (f"busy {and_(b)}" if b else off or "free") for d, b, off in days)


def _prose(days: list[tuple[str, list[str], str]]) -> str:
    out = []
    for d, b, off in days:
        out.append(f"{d} I'm {off}" if off else f"{d} I'm tied up {and_(b)}" if b else f"{d} is wide open")
    return "Times are UTC. " + ". ".join(out) + "."


def _blocks_first(days: list[tuple[str, list[str], str]]) -> str:
    rows = [f"{block} on {d}" for d, b, off in days for block in b]
    offs = [f"{d}, {off}" for d, b, off in days if off]
    return ("Here's what's already in my diary (UTC): " + "; ".join(rows) + "."
            + (f" Not around at all: {and_(offs)}." if offs else "") + " Everything else is fine.")


def _table(days: list[tuple[str, list[str], str]]) -> str:
    rows = [f"{d[:3].upper()} | " + (off.upper() if off else ", ".join(b) if b else "nothing booked")
            for d, b, off in days]
    return "Here's my week:\n" + "\n".join(rows) + "\n(UTC)"


LAYOUTS: tuple[Callable[[list[tuple[str, list[str], str]]], str], ...] = (_by_day, _prose, _blocks_first, _table)



# The same week told by its gaps: the windows between 09:00 and 17:00 an invitee is free in (one or two of the three
# answers, any world but 0: ``gap_tellers``), so a time range in an answer is a busy time or a free one only by what
# the answer says.
def _free_by_day(days: list[tuple[str, list[str], str]]) -> str:
    return "When I'm free (UTC) - everything else is booked:\n" + "\n".join(
        f"- {d[:3]}: " + (off or f"free {and_(w)}" if off or w else "no gaps at all") for d, w, off in days)


def _free_prose(days: list[tuple[str, list[str], str]]) -> str:
    out = [f"{d} I'm {off}" if off else f"{d} I can do {' or '.join(w)}" if w else f"{d} is solidly booked"
           for d, w, off in days]
    return "These are my gaps, not my meetings (UTC). " + ". ".join(out) + "."


def _free_first(days: list[tuple[str, list[str], str]]) -> str:
    rows = [f"{window} on {d}" for d, w, off in days for window in w]
    offs = [f"{d}, {off}" for d, w, off in days if off]
    return ("I'm only free at these times (UTC): " + "; ".join(rows) + "."
            + (f" Not around at all: {and_(offs)}." if offs else "") + " Anything else is already taken.")


def _free_table(days: list[tuple[str, list[str], str]]) -> str:
    rows = [f"{d[:3].upper()} | " + (off.upper() if off else ", ".join(w) if w else "none")
            for d, w, off in days]
    return "Open windows this week (outside them I'm taken):\n" + "\n".join(rows) + "\n(UTC)"


FREE_LAYOUTS: tuple[Callable[[list[tuple[str, list[str], str]]], str], ...] = (
    _free_by_day, _free_prose, _free_first, _free_table)
# A clock time in an answer that is no rule and no busy time (any world but 0): something past, or off the week.
ASIDES: tuple[Say, ...] = (
    lambda t: f"(Last week's offsite ran until {t} - glad that's behind us.)",
    lambda t: f"I sent the slides round at {t} last Friday, in case they got buried.",
    lambda t: f"My train back on Sunday gets in at {t}, but that's the weekend, so it doesn't matter here.",
    lambda t: f"The fire alarm test last Monday went off at {t}; hopefully none this week.",
)
# An older note from an invitee whose rule is no secret, naming a weekday that stays open for them.
OPEN_DAY_NOTES: tuple[Say, ...] = (
    lambda day: f"Just so you know: the {day} site visits are finished, so {day}s are back to normal for me.",
    lambda day: f"Good news - my {day} training course got cancelled, so I'm around on {day}s again.",
    lambda day: f"FYI, I've moved my {day} leave to next month; {day}s this month are business as usual.",
)
OPEN_DAY_SUBJECTS = ("{day}s", "Back on {day}s", "Re: {day} availability")
NOT_BEFORE: tuple[Say, ...] = (
    lambda t, why: f"Also, nothing before {t} on any day please - {why}.",
    lambda t, why: f"Mornings are tricky ({why}): please start nothing before {t}.",
    lambda t, why: f"One more thing: I'm not in until {t} ({why}), so no earlier start.",
    lambda t, why: f"Because of {why} I can't do anything that starts earlier than {t}.",
)
END_BY: tuple[Say, ...] = (
    lambda t, why: f"I have to leave at {t} every day this week ({why}), so whatever we pick needs to finish by {t}.",
    lambda t, why: f"I'm out the door at {t} sharp ({why}) - the meeting has to be over by then.",
    lambda t, why: f"Please make sure it ends by {t}; {why} every afternoon.",
    lambda t, why: f"Hard stop at {t} each day ({why}).",
)
HINTS: tuple[Say, ...] = (
    lambda what: f"And remember {what} ({FRIDAY_NOTE}).",
    lambda what: f"Don't forget {what} - it's in the email I sent on Friday.",
    lambda what: f"Plus {what}, as per my heads-up last week.",
    lambda what: f"(There's also {what} - I wrote to you about it before the weekend.)",
)
OPENINGS = ("Happy to join.", "Sure.", "Thanks for checking.", "Count me in.", "Good timing.", "No problem.")
HEADS_UP_SUBJECTS: dict[str, tuple[Say, ...]] = {
    "days_out": (lambda day, place, t: f"Heads-up: {day}s in {place}", lambda day, place, t: f"{place} trips",
                 lambda day, place, t: "Next few weeks", lambda day, place, t: f"Re: site visits ({place})"),
    "not_before": (lambda day, place, t: "Heads-up: mornings", lambda day, place, t: "School run",
                   lambda day, place, t: "My hours for March", lambda day, place, t: "Quick note"),
    "end_by": (lambda day, place, t: f"Heads-up: leaving at {t}", lambda day, place, t: "Afternoons",
               lambda day, place, t: "My hours for March", lambda day, place, t: "Childcare - FYI"),
}
# World 0's note with its decline, as published (no other customer named, no day ruled out).
WORLD0_DECLINE = (
    "Hi {user},\n\nSorry - I have to decline this one. The {cust} {topic} call has just been booked at exactly "
    "that time ({blocker} can't do any other slot this week), so I can't make it. Could you move the {short} to "
    "another time that works for everyone?\n\nAnd since we're meeting anyway: please add {minutes} minutes on the "
    "{cust} {topic} to the agenda in the invite, so {o1} and {o2} hear where it stands. I'll accept as soon as the "
    "updated invite has it.\n\nThanks,\n{me}")
WORLD0_DECLINE_AGAIN = ("Hi {user},\n\nThis invite still doesn't have the {cust} {topic} on the agenda, so I'll hold "
                        "off - I'll accept as soon as it does.\n\n{me}")
# Any other world's: the customer whose call took the slot is named once, and only there (the agenda item is "that
# call"); another customer, to be left off the agenda, is named once too - before the customer in half the phrasings,
# after it in the other half; the day of one of the later valid slots is ruled out, and the other one's is named as
# left as it was - before the ruled-out day in half the phrasings, after it in the other half.
# The note about a standing rule sent before the weekend (the hidden rule): its opening, then what it says, grouped by
# rule as the subjects are (world 0: each group's first, as published).
OLDER_OPENINGS = ("Quick heads-up before you plan anything for next week: for the rest of March ",
                  "FYI for scheduling - until the end of March ",
                  "Something to know before you book me into things: for the rest of the month ")
OLDER_NOTES: tuple[Say, ...] = (
    lambda day, place, t: f"I'm at the {place} site every {day}, so please keep {day}s free of meetings for me - I'm "
                          "on the factory floor and offline most of the day.",
    lambda day, place, t: f"{day}s are my {place} days: I'm on site there the whole day and can't dial in, so please "
                          f"don't book me into anything on a {day}.",
    lambda day, place, t: f"I'm spending every {day} in {place} with the plant team. No meetings for me on {day}s, "
                          "please - I won't be reachable.",
    lambda day, place, t: "I'm doing the school run every morning, so please don't book me into anything that starts "
                          f"before {t} - I won't be in before then.",
    lambda day, place, t: f"mornings are school-run time for me, so nothing can start before {t} - that's the "
                          "earliest I'm at my desk.",
    lambda day, place, t: f"I won't be online until {t} any day (school run first), so please keep anything you book "
                          "me into from starting earlier.",
    lambda day, place, t: f"I have to leave the office at {t} every day (childcare), so anything you book me into "
                          f"needs to finish by {t}.",
    lambda day, place, t: f"childcare means I'm gone at {t} sharp every day, so whatever you book me into has to be "
                          "over by then.",
    lambda day, place, t: f"I need to log off at {t} each day to do the nursery pick-up - please don't book me into "
                          "anything that runs later.",
)
# A day an invitee is out, in their availability answer (any world but 0).
DAYS_OFF: tuple[Say, ...] = (
    lambda why: f"off ({why})",
    lambda why: f"away all day ({why})",
    lambda why: f"out of the office ({why})",
    lambda why: f"on leave - {why}",
)
DECLINES: tuple[Say, ...] = (
    lambda me, user, cust, topic, blocker, short, o1, o2, decoy, decoy_topic, day, free_day: (
        f"Hi {user},\n\nSorry - I have to decline this one. The {cust} {topic} call has just been booked at exactly "
        f"that time ({blocker} can't do any other slot this week; they had floated {free_day} first, but nothing came "
        f"of it), and they want me for a follow-up workshop all day {day}, so that day is gone too. Could you move "
        f"the {short} to another time that works for everyone?\n\nSince we're meeting anyway: please give that "
        f"{topic} {AGENDA_MINUTES} minutes on the agenda in the invite, so {o1} and {o2} hear where it stands. Leave "
        f"the {decoy} {decoy_topic} off - that one's wrapped up. I'll accept as soon as the updated invite has "
        f"it.\n\nThanks,\n{me}"),
    lambda me, user, cust, topic, blocker, short, o1, o2, decoy, decoy_topic, day, free_day: (
        f"{user} - first, forget the {decoy} {decoy_topic} update I mentioned for this meeting; it's settled and "
        f"needs no time. Bad news though: {blocker} at {cust} could only do that exact slot for the {topic}, so I'm "
        f"out for this one - and I'm with them all {day} as well ({free_day} is unaffected; that was only the other "
        f"option they'd mentioned). Can we find another time for the {short}?\n\nI'd like {AGENDA_MINUTES} minutes on "
        f"that {topic} in there ({o1} and {o2} should hear where it stands) - I'll say yes once the invite says "
        f"so.\n\n{me}"),
    lambda me, user, cust, topic, blocker, short, o1, o2, decoy, decoy_topic, day, free_day: (
        f"Hi {user},\n\nI can't make this time after all: the {topic} call with {cust} landed right on it and "
        f"{blocker} has no other opening this week. {free_day} was their first idea for it, but that's off; I'm on "
        f"site with them on {day} instead, so that day won't work either. Please pick another slot for "
        f"everyone.\n\nAlso - could the invite carry a {AGENDA_MINUTES}-minute item on that {topic}? {o1} and {o2} "
        f"need the update. (Nothing on the {decoy_topic} with {decoy}, please - that's old news.) Happy to accept "
        f"once it's in.\n\n{me}"),
    lambda me, user, cust, topic, blocker, short, o1, o2, decoy, decoy_topic, day, free_day: (
        f"Declining, sorry! Quick context first: the {decoy} {decoy_topic} is all sorted, so nothing needed on that. "
        f"The problem is that {blocker} from {cust} just booked their {topic} call on top of this slot, and they've "
        f"taken my {day} for a site visit too ({free_day} stays as it was). Another time for the {short}, please - "
        f"and put {AGENDA_MINUTES} minutes on that {topic} in the agenda so {o1} and {o2} are in the loop; I'll "
        f"accept when that's there.\n\n{me}"),
)
# The decliner's answer to a re-invitation that still lacks the item (or names the customer to leave off), and to
# one on the day they ruled out: neither says what the item is.
DECLINES_AGAIN: tuple[Say, ...] = (
    lambda me, user: f"Hi {user},\n\nThe agenda in this invite still isn't what I asked for, so I'll hold off for "
                     f"now.\n\n{me}",
    lambda me, user: f"{user} - not quite: the agenda item I asked for isn't in there as I asked. Declining until it "
                     f"is.\n\n{me}",
    lambda me, user: f"Sorry {user}, I'll pass on this version - have another look at what I asked for on the agenda."
                     f"\n\n{me}",
)
DAY_GONE: tuple[Say, ...] = (
    lambda me, user, day: f"Hi {user},\n\nAs I said, {day} is out for me now - I'll have to decline this one too."
                          f"\n\n{me}",
    lambda me, user, day: f"{user}, I can't do {day} any more (see my last note), so no to this time.\n\n{me}",
    lambda me, user, day: f"Sorry - {day} is the day I'm with the customer. Declining.\n\n{me}",
)
PHRASEBOOK = Phrasebook({"week layout": LAYOUTS, "not before": NOT_BEFORE, "end by": END_BY, "hint": HINTS,
                         "opening": tuple(OPENINGS), "older email subject": tuple(
                             f for fs in HEADS_UP_SUBJECTS.values() for f in fs), "decline": DECLINES,
                         "decline again": DECLINES_AGAIN, "day gone": DAY_GONE,
                         "older email opening": OLDER_OPENINGS, "older email": OLDER_NOTES, "day off": DAYS_OFF,
                         "free week layout": FREE_LAYOUTS, "aside": ASIDES, "open day note": OPEN_DAY_NOTES,
                         "open day subject": OPEN_DAY_SUBJECTS},
                        # grouped by the rule each subject and each note goes with
                        positional=frozenset({"older email subject", "older email"}))


def _subject_index(rng: random.Random, message: str, kind: str, first: bool) -> int:
    """Which phrasing of ``message`` ("older email subject", "older email") the note about rule ``kind`` takes: the
    phrasings are grouped by rule (in ``HEADS_UP_SUBJECTS``' order, an equal share each), and the note draws within
    its rule's group (world 0: the group's first)."""
    share = len(PHRASEBOOK.phrasings(message)) // len(HEADS_UP_SUBJECTS)
    return list(HEADS_UP_SUBJECTS).index(kind) * share + (0 if first else rng.randrange(share))


def _voice(d: Draw, salt: str) -> random.Random:
    """The phrasing stream of one kind of text in world ``d`` (drawn apart from the world's facts)."""
    return random.Random(f"{d.voice}:{salt}")


def prompt(d: Draw) -> str:
    """The user's request in chat."""
    people = and_([f"{p.name} ({p.email})" for p in d.invitees])
    return (f"Morning! Could you set up a 1-hour '{d.title}' with {people}? Any time Tuesday to Friday this week "
            "within working hours (09:00-17:00 UTC). Please email the three of them for their availability first, "
            "then pick a slot that works for all of them and doesn't clash with anything on my calendar, and send "
            "the invite from me. If someone can't make it, sort out a new time. Just the three of them, please. "
            "Let me know here once all three have accepted.")


def description(d: Draw) -> str:
    """What the world is about (the scenario's description)."""
    nb = d.rules[d.main["not_before"]].not_before or ""
    phrases = [f"'not before {nb[:2] if nb.endswith(':00') else nb}'",
               f"'{WEEKDAYS[d.rules[d.main['days_out']].days_out[0]]}s are out'",
               f"'must finish by {d.rules[d.main['end_by']].end_by}'"]
    u, dec = d.user, d.person(d.decliner)
    return (f"Monday morning at {d.company}. {u.name} asks the assistant to set up a one-hour {d.title} with "
            f"{and_([p.first for p in d.invitees])} later this week. The assistant has to ask the three for their "
            f"availability by email, combine their answers (busy times plus standing rules such as "
            f"{', '.join(phrases)} - one of them only in an older email) with {u.first}'s own calendar, and send an "
            f"invite at {'the one of two slots that works' if not d.out_day else 'one of the three slots that work'} "
            f"for everybody. "
            f"{dec.first} declines because a customer call just landed on that slot and asks for an agenda item"
            + ("; the assistant must move the meeting to the other valid slot, " if not d.out_day else
               " (naming another customer to leave off it) and rules out one more day; the assistant must move the "
               "meeting to the one valid slot left, ")
            + f"re-invite everybody with the agenda updated, get all three acceptances and report back in chat - "
              f"without touching {u.first}'s existing meetings or writing to anyone outside the meeting.")


def older_email(d: Draw) -> tuple[str, str, str]:
    """(message id, subject, body) of the note that holds the hidden rule."""
    p, kind, rule = d.person(d.hidden), d.hidden_kind, d.rules[d.hidden]
    rng = _voice(d, "older")
    first = d.voice == 0
    opening = PHRASEBOOK.nth("older email opening", 0) if first else PHRASEBOOK.say(rng, "older email opening")
    day = WEEKDAYS[rule.days_out[0]] if kind == "days_out" else ""
    time = rule.not_before if kind == "not_before" else rule.end_by or ""
    subject = PHRASEBOOK.nth("older email subject", _subject_index(rng, "older email subject", kind, first),
                             day=day, place=d.place, t=time)
    note = PHRASEBOOK.nth("older email", _subject_index(rng, "older email", kind, first), day=day, place=d.place,
                          t=time)
    sign = "Cheers" if first else rng.choice(("Cheers", "Thanks", "Best", "Ta"))
    body = f"Hi {d.user.first},\n\n{opening}{note}\n\n{sign},\n{p.first}"
    if kind == "days_out":
        return f"m-{p.first.lower()}-{day.lower()}s", subject, body
    return f"m-{p.first.lower()}-{'mornings' if kind == 'not_before' else 'afternoons'}", subject, body


def manager_email_id(d: Draw) -> str:
    return f"m-{d.manager.first.lower()}-{d.slug}"


def rule_phrase(d: Draw, cid: str, kind: RuleKind) -> str:
    """The rule ``kind`` of ``cid`` in words ("Thursdays are out")."""
    rule = d.rules[cid]
    if kind == "days_out":
        return f"{WEEKDAYS[rule.days_out[0]]}s are out"
    return f"nothing can start before {rule.not_before}" if kind == "not_before" else \
        f"meetings must finish by {rule.end_by}"


def _hint(d: Draw) -> str:
    kind = d.hidden_kind
    if kind == "days_out":
        return f"my {WEEKDAYS[d.rules[d.hidden].days_out[0]]} situation"
    return "my mornings" if kind == "not_before" else "my early finish"


def _blocks(d: Draw, cid: str, weekday: int) -> list[str]:
    return [f"{a:%H:%M}-{b:%H:%M}" for a, b in d.busy[cid] if a.isoweekday() == weekday]


def _notes(d: Draw, cid: str) -> list[str]:
    """The rules an availability answer states (the one kept for the older note only hinted at)."""
    rule, reasons = d.rules[cid], d.reasons[cid]
    hidden = d.hidden_kind if cid == d.hidden else None
    rng = _voice(d, f"notes:{cid}")

    def say(kind: str, **fields: str) -> str:
        return PHRASEBOOK.nth(kind, 0, **fields) if d.voice == 0 else PHRASEBOOK.say(rng, kind, **fields)

    notes = []
    if rule.not_before and hidden != "not_before":
        notes.append(say("not before", t=rule.not_before, why=reasons["not_before"]))
    if rule.end_by and hidden != "end_by":
        notes.append(say("end by", t=rule.end_by, why=reasons["end_by"]))
    if hidden:
        notes.append(say("hint", what=_hint(d)))
    return notes


ASIDE_TIMES = ("11:15", "11:30", "11:45", "13:00", "13:30", "14:00", "14:30")
WEEKDAY_OF = {name: weekday for weekday, name in WEEKDAYS.items()}


def _gaps(d: Draw, cid: str, weekday: int, twelve: bool) -> list[str]:
    """The windows of ``weekday`` between 09:00 and 17:00 that ``cid`` holds no busy time in."""
    t, end, out = at(weekday, 540), at(weekday, 1020), []
    for a, b in sorted((a, b) for a, b in d.busy[cid] if a.isoweekday() == weekday):
        if a > t:
            out.append(f"{_hm(t, twelve)}-{_hm(min(a, end), twelve)}")
        t = max(t, b)
    if t < end:
        out.append(f"{_hm(t, twelve)}-{_hm(end, twelve)}")
    return out


def gap_tellers(d: Draw) -> list[str]:
    """Who tells their week by its free windows (any world but 0): one or two of the three, so neither reading every
    range as busy nor every range as free reads a world right."""
    if d.voice == 0:
        return []
    rng = _voice(d, "gaps")
    return rng.sample(IDS, rng.choice((1, 2)))


def open_day_email(d: Draw) -> tuple[str, str, str, str] | None:
    """(sender id, message id, subject, body) of an older note from an invitee other than the hidden rule's holder
    that names a weekday staying open for them (one of the valid slots' days), in half the worlds but 0: a weekday
    named in an older note is not by that alone a day out."""
    rng = _voice(d, "open day")
    if d.voice == 0 or rng.random() < 0.5:
        return None
    cid = rng.choice([i for i in IDS if i != d.hidden and not d.rules[i].days_out])
    day = WEEKDAYS[rng.choice([v for v in d.valid if v.isoweekday() != d.out_day]).isoweekday()]
    p = d.person(cid)
    body = f"Hi {d.user.first},\n\n{PHRASEBOOK.say(rng, 'open day note', day=day)}\n\n{p.first}"
    return cid, f"m-{p.first.lower()}-{day.lower()}s", PHRASEBOOK.say(rng, "open day subject", day=day), body


def availability(d: Draw, cid: str) -> str:
    """The invitee's answer to "when are you free": busy times per day and the rules not kept for the older note,
    laid out and worded as the world's voice draws (world 0: as published)."""
    if cid in d.availability:
        return d.availability[cid]
    rule, reasons = d.rules[cid], d.reasons[cid]
    hidden = d.hidden_kind if cid == d.hidden else None
    rng = _voice(d, f"availability:{cid}")
    twelve = d.voice != 0 and rng.random() < 0.3
    days: list[tuple[str, list[str], str]] = []
    for weekday in (2, 3, 4, 5):
        name = WEEKDAYS[weekday]
        if weekday in rule.days_out:
            if hidden != "days_out":
                days.append((name, [], PHRASEBOOK.say(rng, "day off", why=reasons["days_out"])))
            continue
        blocks = [f"{_hm(a, twelve)}-{_hm(b, twelve)}" for a, b in d.busy[cid] if a.isoweekday() == weekday]
        days.append((name, blocks, ""))
    notes = _notes(d, cid)
    gaps = cid in gap_tellers(d)
    if d.voice != 0 and rng.random() < 0.5:
        notes.append(PHRASEBOOK.say(rng, "aside", t=rng.choice(ASIDE_TIMES)))
    if d.voice == 0:  # each invitee's own opening, the week by day
        opening, layout = PHRASEBOOK.nth("opening", IDS.index(cid)), 0
    else:
        opening, layout = PHRASEBOOK.say(rng, "opening"), PHRASEBOOK.index(rng, "free week layout" if gaps else
                                                                            "week layout")
    if gaps:
        days = [(name, [] if off else _gaps(d, cid, WEEKDAY_OF[name], twelve), off) for name, _, off in days]
    week = PHRASEBOOK.nth("free week layout" if gaps else "week layout", layout, days=days)
    paragraphs = [f"Hi {d.user.first},", f"{opening} {week}"]
    if d.voice != 0 and notes and rng.random() < 0.5:  # the rules first, then the week
        paragraphs = [paragraphs[0], f"{opening} {' '.join(notes)}", week]
        notes = []
    return "\n\n".join([*paragraphs, *([" ".join(notes)] if notes else []), d.person(cid).first])


def week_text(d: Draw, cid: str) -> str:
    """The invitee's whole week in a line (their character sheet)."""
    rule, parts = d.rules[cid], []
    for weekday in (2, 3, 4, 5):
        if weekday in rule.days_out:
            parts.append(f"{WEEKDAYS[weekday]} out")
            continue
        blocks = _blocks(d, cid, weekday)
        parts.append(f"{WEEKDAYS[weekday][:3]} " + (f"busy {and_(blocks)}" if blocks else "free"))
    if rule.not_before:
        parts.append(f"nothing before {rule.not_before}")
    if rule.end_by:
        parts.append(f"must finish by {rule.end_by} every day")
    return "; ".join(parts)


def decline_text(d: Draw) -> str:
    """The decliner's note with the first decline: why, the day it rules out, the agenda item they ask for and the
    customer to leave off it (world 0: as published)."""
    p, (o1, o2) = d.person(d.decliner), d.others(d.decliner)
    fields = {"me": p.first, "user": d.user.first, "cust": d.customer, "topic": d.topic, "blocker": d.blocker,
              "short": d.short, "o1": o1.first, "o2": o2.first}
    if not d.out_day:
        return WORLD0_DECLINE.format(minutes=AGENDA_MINUTES, **fields)
    return PHRASEBOOK.say(_voice(d, "decline"), "decline", decoy=d.decoy, decoy_topic=d.decoy_topic,
                          day=WEEKDAYS[d.out_day], free_day=WEEKDAYS[d.free_day], **fields)


def decline_again_text(d: Draw) -> str:
    """The decliner's answer to a re-invitation without the item as asked (world 0: as published)."""
    p = d.person(d.decliner)
    if not d.out_day:
        return WORLD0_DECLINE_AGAIN.format(user=d.user.first, cust=d.customer, topic=d.topic, me=p.first)
    return PHRASEBOOK.say(_voice(d, "decline again"), "decline again", me=p.first, user=d.user.first)


def day_gone_text(d: Draw) -> str:
    """The decliner's answer to a re-invitation on the day their decline ruled out."""
    return PHRASEBOOK.say(_voice(d, "day gone"), "day gone", me=d.person(d.decliner).first, user=d.user.first,
                          day=WEEKDAYS[d.out_day])
