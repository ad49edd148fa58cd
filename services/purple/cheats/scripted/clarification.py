"""Rules for ``clarification`` (the day part) and ``clarification_loop`` (the classic), from reading the public parts:
"move my 3pm with Dana" fits two meetings at that hour with people called Dana. The script asks the question the
user answers (both meetings by title, contact and day, with "which"), then reads the answer's "I meant the <title>",
moves that meeting to the new time, emails its attendees and confirms."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from services.purple.cheats.scripted.desk import Desk, Script, script

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
HOURS = {"2 o'clock": 14, "3 o'clock": 15, "4 o'clock": 16}


def hour_of(text: str) -> int | None:
    if text in HOURS:
        return HOURS[text]
    m = re.match(r"(\d{1,2})(?::\d\d)?\s?([ap]m)", text)
    return None if m is None else int(m.group(1)) % 12 + (12 if m.group(2) == "pm" else 0)


def attendees(event: dict[str, Any], user: str) -> list[dict[str, Any]]:
    return [a for a in event.get("attendees") or [] if isinstance(a, dict)
            and str(a.get("email") or "").lower() != user.lower()]


def candidates(desk: Desk, hour: int, first: str) -> list[dict[str, Any]]:
    """The live events at ``hour`` with someone called ``first`` on them (or in their description)."""
    out = []
    for e in desk.events:
        if str(e.get("status") or "") == "cancelled" or desk.at(e["start"]).hour != hour:
            continue
        names = " ".join(str(a.get("display_name") or a.get("name") or "") for a in attendees(e, desk.inbox.user_email))
        if first in names or first in str(e.get("description") or ""):
            out.append(e)
    return out


def who(event: dict[str, Any], user: str, first: str) -> str:
    names = [str(a.get("display_name") or a.get("name") or "") for a in attendees(event, user)]
    return next((n for n in names if n.startswith(first)), names[0] if names else first)


def new_start(desk: Desk, day: str, clock: str) -> datetime | None:
    """The next ``day`` (a weekday name) at ``clock`` ("14:00" or "2pm")."""
    if day not in WEEKDAYS:
        return None
    ahead = (WEEKDAYS.index(day) - desk.now.weekday()) % 7 or 7
    m = re.match(r"(\d{1,2}):(\d\d)", clock)
    hour, minute = (int(m.group(1)), int(m.group(2))) if m else (hour_of(clock) or 9, 0)
    return (desk.now + timedelta(days=ahead)).replace(hour=hour, minute=minute, second=0, microsecond=0)


def pick(desk: Desk, pair: list[dict[str, Any]], first: str) -> dict[str, Any] | None:
    """The meeting the user's answer points at, by each public form of the answer: the whole title, the day, "not
    the <word> - the other one", "the one with my <relation>" or "<first> from <company>", "<Surname>'s", the title's
    word."""
    user = desk.inbox.user_email
    said = desk.prompt.splitlines()[-1].lower()  # the user's latest chat message: the answer
    words = {id(e): [w.lower() for w in re.findall(r"[A-Za-z]+", str(e.get("title") or "")) if len(w) > 3]
             for e in pair}
    for e in pair:
        if re.search(rf"meant the {re.escape(str(e['title']).lower())}", said):
            return e
    negated = re.search(r"not the (\w+)", said)
    if negated:
        return next((e for e in pair if negated.group(1) not in words[id(e)]), None)
    day = re.search(r"the (\w+day) one", said)
    if day:
        return next((e for e in pair if WEEKDAYS[desk.at(e["start"]).weekday()].lower() == day.group(1)), None)
    for e in pair:
        last = who(e, user, first).split()[-1].lower()
        if f"{last}'s" in said or any(w in said for w in words[id(e)]):
            return e
    emails = {id(e): " ".join(str(a.get("email") or "") for a in attendees(e, user)).lower() for e in pair}
    firm = re.search(r"from (\w+)", said)
    if firm:  # "the one with Dana from Orbit Analytics": the meeting of the firm's address
        return next((e for e in pair if firm.group(1) in emails[id(e)]), None)
    if re.search(r"with my \w+", said):  # a relation: the meeting of a personal address
        return next((e for e in pair if "homemail" in emails[id(e)]), None)
    return None


async def clarify(desk: Desk, hour: int, first: str, new: datetime) -> None:
    found = candidates(desk, hour, first)
    if len(found) < 2:
        return
    user = desk.inbox.user_email
    if desk.once("asked"):
        a, b = found[:2]
        desk.report.append(
            f"Which one do you mean: the {a['title']} with {who(a, user, first)} on "
            f"{WEEKDAYS[desk.at(a['start']).weekday()]}, or the {b['title']} with {who(b, user, first)} on "
            f"{WEEKDAYS[desk.at(b['start']).weekday()]}?")
        return
    meant = pick(desk, found[:2], first)
    if meant is None or not desk.once("acted"):
        return
    length = desk.at(meant["end"]) - desk.at(meant["start"])
    await desk.call("POST", "/calendar/update", {"event_id": meant["event_id"], "start": new.isoformat(),
                                                 "end": (new + length).isoformat()})
    when = f"{WEEKDAYS[new.weekday()]} {new:%H:%M}"
    for person in attendees(meant, user):
        await desk.email([str(person["email"])], f"{meant['title']} moves to {when}",
                         f"Hi,\n\nOur {meant['title']} moves to {when}. Sorry for the change!\n")
    desk.report.append(f"Done: the {meant['title']} is now on {when}, and I emailed everyone on it.")


@script
class Clarification(Script):
    part = "clarification"
    trigger = r"\d{1,2}(?::\d\d)?\s?[ap]m(?: meeting)? with \w+|and I need a new slot"

    async def turn(self, desk: Desk) -> None:
        clock = r"(\d{1,2}(?::\d\d)?\s?[ap]m)"
        m = re.search(rf"{clock}(?: meeting)? with (\w+)", desk.prompt)
        pair = (m.group(1), m.group(2)) if m else None
        if pair is None:
            m = re.search(rf"(\w+) and I need a new slot: move our {clock}", desk.prompt)
            pair = (m.group(2), m.group(1)) if m else None
        to = re.search(r"(?:to|for) (\w+day) (\d{1,2}:\d\d)", desk.prompt)
        if pair is None or to is None:
            return
        hour, new = hour_of(pair[0]), new_start(desk, to.group(1), to.group(2))
        if hour is not None and new is not None:
            await clarify(desk, hour, pair[1], new)


@script
class ClarificationLoop(Script):
    part = "clarification_loop"
    trigger = r"move my \d o'clock with \w+ to"

    async def turn(self, desk: Desk) -> None:
        m = re.search(r"move my (\d o'clock) with (\w+) to (\w+) at (\d{1,2}:\d\d)", desk.prompt)
        if m is None:
            return
        hour, new = hour_of(m.group(1)), new_start(desk, m.group(3), m.group(4))
        if hour is not None and new is not None:
            await clarify(desk, hour, m.group(2), new)
