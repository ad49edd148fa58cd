"""What the people of a meeting_scheduling world write: the user's request, the world's description, the older email
that holds the hidden rule, the invitees' availability answers and the decliner's note."""

from __future__ import annotations

from .params import AGENDA_MINUTES, IDS, Draw, RuleKind, and_
from .slots import WEEKDAYS

FRIDAY_NOTE = "see my note from Friday"  # how an availability answer points at the older email


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
            f"invite at the one of two slots that works for everybody. {dec.first} declines because a customer call "
            f"just landed on that slot and asks for an agenda item; the assistant must move the meeting to the other "
            f"valid slot, re-invite everybody with the agenda updated, get all three acceptances and report back in "
            f"chat - without touching {u.first}'s existing meetings or writing to anyone outside the meeting.")


def older_email(d: Draw) -> tuple[str, str, str]:
    """(message id, subject, body) of the note that holds the hidden rule."""
    p, kind, rule = d.person(d.hidden), d.hidden_kind, d.rules[d.hidden]
    head = f"Hi {d.user.first},\n\nQuick heads-up before you plan anything for next week: for the rest of March "
    if kind == "days_out":
        day = WEEKDAYS[rule.days_out[0]]
        return (f"m-{p.first.lower()}-{day.lower()}s", f"Heads-up: {day}s in {d.place}",
                f"{head}I'm at the {d.place} site every {day}, so please keep {day}s free of meetings for me - I'm "
                f"on the factory floor and offline most of the day.\n\nCheers,\n{p.first}")
    if kind == "not_before":
        return (f"m-{p.first.lower()}-mornings", "Heads-up: mornings",
                f"{head}I'm doing the school run every morning, so please don't book me into anything that starts "
                f"before {rule.not_before} - I won't be in before then.\n\nCheers,\n{p.first}")
    return (f"m-{p.first.lower()}-afternoons", f"Heads-up: leaving at {rule.end_by}",
            f"{head}I have to leave the office at {rule.end_by} every day (childcare), so anything you book me "
            f"into needs to finish by {rule.end_by}.\n\nCheers,\n{p.first}")


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
    notes = []
    if rule.not_before and hidden != "not_before":
        notes.append(f"Also, nothing before {rule.not_before} on any day please - {reasons['not_before']}.")
    if rule.end_by and hidden != "end_by":
        notes.append(f"I have to leave at {rule.end_by} every day this week ({reasons['end_by']}), so whatever we "
                     f"pick needs to finish by {rule.end_by}.")
    if hidden:
        notes.append(f"And remember {_hint(d)} ({FRIDAY_NOTE}).")
    return notes


def availability(d: Draw, cid: str) -> str:
    """The invitee's answer to "when are you free": busy times per day and the rules not kept for the older note."""
    if cid in d.availability:
        return d.availability[cid]
    rule, reasons = d.rules[cid], d.reasons[cid]
    hidden = d.hidden_kind if cid == d.hidden else None
    lines = []
    for weekday in (2, 3, 4, 5):
        if weekday in rule.days_out:
            if hidden != "days_out":
                lines.append(f"- {WEEKDAYS[weekday][:3]}: I'm off ({reasons['days_out']})")
            continue
        blocks = _blocks(d, cid, weekday)
        lines.append(f"- {WEEKDAYS[weekday][:3]}: " + (f"busy {and_(blocks)}" if blocks else "free"))
    notes = _notes(d, cid)
    opening = ("Happy to join.", "Sure.", "Thanks for checking.")[IDS.index(cid)]
    paragraphs = [f"Hi {d.user.first},", f"{opening} My week (all times UTC):\n" + "\n".join(lines)]
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
    """The decliner's note with the first decline: why, and the agenda item they ask for."""
    p, (o1, o2) = d.person(d.decliner), d.others(d.decliner)
    return (f"Hi {d.user.first},\n\nSorry - I have to decline this one. The {d.customer} {d.topic} call has just been "
            f"booked at exactly that time ({d.blocker} can't do any other slot this week), so I can't make it. Could "
            f"you move the {d.short} to another time that works for everyone?\n\nAnd since we're meeting anyway: "
            f"please add {AGENDA_MINUTES} minutes on the {d.customer} {d.topic} to the agenda in the invite, so "
            f"{o1.first} and {o2.first} hear where it stands. I'll accept as soon as the updated invite has it.\n\n"
            f"Thanks,\n{p.first}")
