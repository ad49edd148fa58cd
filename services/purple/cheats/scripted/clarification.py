"""Rules for ``clarification`` (the day part) and ``clarification_loop`` (the classic), from reading the public parts
(version 3, and green_agent/scenario_kit/pointing.py): "move my 3pm with Dana" fits several meetings at that hour with
people called Dana. The script asks the question the user answers (every look-alike by title, contact and day, with
"which"), then resolves the answer with a regex per pointer kind of pointing.py (a correction's second half, an event
near it, its place in the week, the look-alike who wrote about a topic, the others ruled out), guessing the first
when none resolves; reads a new time stated or shifted; moves that meeting, emails its attendees and confirms."""

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


ORDER = {"first": r"earliest|first one|comes first|sooner|earlier in the week",
         "middle": r"middle|second of|neither the first|between the other",
         "last": r"last one|later one|comes last|end of the week|latest"}
ANCHOR = {1: r"day after (?:my |the )?([\w' ]+?)(?:[,.]| -| the next)", 0: r"same day as (?:my |the )?([\w' ]+?)[,.]|"
          r"on my ([\w' ]+?) day|the day of the ([\w' ]+?)\.|shares a day with the ([\w' ]+?)\.",
          -1: r"day before (?:my |the )?([\w' ]+?)[,.]|eve of my ([\w' ]+?) -|day ahead of the ([\w' ]+?)\.|"
          r"just before the ([\w' ]+?),"}
FIXED = re.compile(r"(?:that one stays|mixing them up|scratch that|other way|ignore that)\.?\s*(.*)", re.S | re.I)
MAIL = re.compile(r"(?:about|from the) (.+?)(?:\.| email| - )", re.I)
NOT = re.compile(r"^(?:not|definitely not|leave|anything but) (.+?)(?: - |\.| alone)|^(.+?) stay", re.I)


def _refs(desk: Desk, pair: list[dict[str, Any]], text: str, first: str) -> list[dict[str, Any]]:
    """The meetings a plain pointer names: surname's, the title's word, the weekday, "<first> from <company>",
    "my <relation>" (the address book's notes)."""
    user, low, out = desk.inbox.user_email, text.lower(), []
    for e in pair:
        person = who(e, user, first)
        mail = " ".join(str(a.get("email") or "") for a in attendees(e, user)).lower()
        words = [w.lower() for w in re.findall(r"[A-Za-z]+", str(e.get("title") or "")) if len(w) > 3]
        firm = re.search(r"from (\w+)", text)
        relation = re.search(r"with my \w", low)  # a relative or friend: the meeting with a personal address
        if (f"{person.split()[-1].lower()}'s" in low or any(f"the {w} one" in low for w in words)
                or f"the {WEEKDAYS[desk.at(e['start']).weekday()].lower()} one" in low
                or (firm and firm.group(1).lower() in mail) or (relation and "homemail" in mail)):
            out.append(e)
    return out


def _by_place(desk: Desk, pair: list[dict[str, Any]], said: str) -> dict[str, Any] | None:
    ranked = sorted(pair, key=lambda e: desk.at(e["start"]))
    for place, cue in ORDER.items():
        if re.search(cue, said, re.I):
            return ranked[{"first": 0, "middle": 1, "last": -1}[place]]
    for offset, cue in ANCHOR.items():
        m = re.search(cue, said, re.I)
        if m is None:
            continue
        anchor = next(g for g in m.groups() if g).strip().lower()
        for ev in desk.events:
            if anchor in str(ev.get("title") or "").lower():
                day = (desk.at(ev["start"]) + timedelta(days=offset)).date()
                found = [e for e in pair if desk.at(e["start"]).date() == day]
                if found:
                    return found[0]
    return None


def pick(desk: Desk, pair: list[dict[str, Any]], first: str) -> dict[str, Any] | None:
    """The meeting the user's answer points at (pointing.py's kinds): a correction's second half, an event near it,
    its place in the week, the look-alike who wrote about a topic, or the others ruled out; the plain pointers of
    the first version (whole title, day, surname) last."""
    said = desk.prompt.splitlines()[-1]
    fixed = FIXED.search(said)
    if fixed:
        said = fixed.group(1)
    found = _by_place(desk, pair, said)
    if found is not None:
        return found
    ruled = NOT.search(said)
    if ruled:
        out = _refs(desk, pair, ruled.group(1) or ruled.group(2), first)
        rest = [e for e in pair if e not in out]
        if len(rest) == 1:
            return rest[0]
    topic = MAIL.search(said)
    if topic:
        words = [w for w in re.findall(r"\w+", topic.group(1).lower()) if len(w) > 3]
        for mail in desk.inbox.all_emails:
            if words and all(w in str(mail.get("body_text") or "").lower() for w in words):
                sender = str(mail.get("from_address") or "").lower()
                hit = [e for e in pair if any(str(a.get("email") or "").lower() == sender for a in attendees(
                    e, desk.inbox.user_email))]
                if hit:
                    return hit[0]
    refs = _refs(desk, pair, said, first)
    return refs[0] if len(refs) == 1 else None


def retimed(said: str, asked: datetime) -> datetime:
    """The new start as the answer sets it: another clock time stated, or shifted from the one asked."""
    stated = re.search(r"(\d{1,2}(?::\d\d)?\s?[ap]m)(?:,| rather| instead| works| is the| not)", said)
    if stated and (h := hour_of(stated.group(1))) is not None:
        minute = re.search(r":(\d\d)", stated.group(1))
        return asked.replace(hour=h, minute=int(minute.group(1)) if minute else 0)
    shift = re.search(r"(an hour|half an hour|thirty minutes) (later|earlier)|push it back an hour", said)
    if shift is None:
        return asked
    minutes = 60 if shift.group(0).startswith(("an hour", "push")) else 30
    return asked + timedelta(minutes=-minutes if shift.group(2) == "earlier" else minutes)


async def clarify(desk: Desk, hour: int, first: str, new: datetime) -> None:
    found = candidates(desk, hour, first)
    if len(found) < 2:
        return
    user = desk.inbox.user_email
    if desk.once("asked"):
        desk.report.append("Which one do you mean: " + ", or ".join(
            f"the {e['title']} with {who(e, user, first)} on {WEEKDAYS[desk.at(e['start']).weekday()]}"
            for e in found) + "?")
        return
    meant = pick(desk, found, first)
    if not desk.once("acted"):
        return
    if meant is None:  # a guess beats nothing
        meant = found[0]
    new = retimed(desk.prompt.splitlines()[-1], new)
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
