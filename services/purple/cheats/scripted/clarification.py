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


FIXED = re.compile(r"(?:that one stays|mixing them up|scratch that|other way|ignore that)\.?\s*(.*)", re.S | re.I)
NEAR = {1: r"day after (?:my |the )([\w' -]+?)(?:$|,| the next)", 0: r"(?:same day as (?:my |the )|on my |shares a day "
        r"with the )([\w' -]+?)(?: day)?$", -1: r"(?:day before my |eve of my |day ahead of the )([\w' -]+?)$"}
MAILED = re.compile(r"(?:about|who sent me) (.+?)$")
# "one of the later two" / "it's not the first one": the pair the meant one is in, i.e. an end ruled out.
PAIR_POS = re.compile(r"one of the (later|earlier|first|longer|shorter) two|one of the two (later|longer|shorter)|"
                      r"it's not the (first|last|short|long) one$")
LOW_OUT = ("later", "longer")  # the pair is the upper two: the lowest is ruled out
EXTREME = {"earliest": ("start", 0), "first of them": ("start", 0), "early in the week": ("start", 0),
           "last one": ("start", -1), "latest": ("start", -1), "end of the week": ("start", -1),
           "shortest": ("len", 0), "quick one": ("len", 0), "longest": ("len", -1), "long one": ("len", -1)}
NEG = re.compile(r"^(?:it's not |not |definitely not |leave |i'm keeping )?(.+?)(?: stays where it is| alone| isn't "
                 r"it| can stay)?$", re.I)


def _extreme(desk: Desk, pair: list[dict[str, Any]], axis: str, end: int) -> dict[str, Any]:
    def length(e: dict[str, Any]) -> timedelta:
        return desk.at(e["end"]) - desk.at(e["start"])
    return sorted(pair, key=lambda e: desk.at(e["start"]) if axis == "start" else length(e))[end]


def _ruled_out(desk: Desk, pair: list[dict[str, Any]], text: str, first: str) -> list[dict[str, Any]]:
    """The look-alike one clause rules out (pointing.py's kinds): a pair the meant one is in, or a negation of the one
    with someone, near an event, whose person wrote about a topic, at an end of the week or of the lengths."""
    text = text.strip(" .").lower()
    pos = PAIR_POS.search(text)
    if pos:
        word = next(g for g in pos.groups() if g)
        axis = "len" if word in ("longer", "shorter", "short", "long") else "start"
        negated = pos.group(3) is not None  # "it's not the first one": that end is ruled out
        end = (0 if word in ("first", "short") else -1) if negated else (0 if word in LOW_OUT else -1)
        return [_extreme(desk, pair, axis, end)]
    x = NEG.match(text).group(1)  # type: ignore[union-attr]
    minutes = re.search(r"the (\d+)-minute one", x)
    if minutes:
        return [e for e in pair if desk.at(e["end"]) - desk.at(e["start"]) == timedelta(minutes=int(minutes.group(1)))]
    for cue, (axis, end) in EXTREME.items():
        if cue in x:
            return [_extreme(desk, pair, axis, end)]
    for offset, cue in NEAR.items():
        m = re.search(cue, x)
        if m:
            days = [(desk.at(ev["start"]) + timedelta(days=offset)).date() for ev in desk.events
                    if m.group(1).strip() == str(ev.get("title") or "").lower()]
            return [e for e in pair if desk.at(e["start"]).date() in days]
    m = MAILED.search(x)
    if m:
        words = [w for w in re.findall(r"\w+", m.group(1)) if len(w) > 3]
        senders = {str(mail.get("from_address") or "").lower() for mail in desk.inbox.all_emails
                   if words and all(w in str(mail.get("body_text") or "").lower() for w in words)}
        return [e for e in pair if any(str(a.get("email") or "").lower() in senders
                                       for a in attendees(e, desk.inbox.user_email))]
    return _refs(desk, pair, x, first)


def _refs(desk: Desk, pair: list[dict[str, Any]], text: str, first: str) -> list[dict[str, Any]]:
    """The meetings a plain pointer names: surname's, the title's word, the weekday, "<first> from <company>",
    "my <relation>" (a personal address)."""
    user, low, out = desk.inbox.user_email, text.lower(), []
    for e in pair:
        person = who(e, user, first)
        mail = " ".join(str(a.get("email") or "") for a in attendees(e, user)).lower()
        words = [w.lower() for w in re.findall(r"[A-Za-z]+", str(e.get("title") or "")) if len(w) > 3]
        firm = re.search(r"from (\w+)", low)
        if (f"{person.split()[-1].lower()}'s" in low or any(f"the {w} one" in low for w in words)
                or f"the {WEEKDAYS[desk.at(e['start']).weekday()].lower()} one" in low
                or (firm and firm.group(1) in mail) or ("with my " in low and "homemail" in mail)):
            out.append(e)
    return out


def pick(desk: Desk, pair: list[dict[str, Any]], first: str) -> dict[str, Any] | None:
    """The meeting the user's answer points at: after a correction's marker, each clause (split at ";") rules one
    look-alike out; the one left."""
    said = desk.prompt.splitlines()[-1]
    fixed = FIXED.search(said)
    if fixed:
        said = fixed.group(1)
    said = re.split(r"\. (?:And|Oh|Could|Also|Half|Actually|Make)", said)[0]
    left = list(pair)
    for part in said.split(";"):
        out = _ruled_out(desk, pair, part, first)
        if len(out) == 1 and len(left) > 1:
            left = [e for e in left if e is not out[0]]
    return left[0] if len(left) == 1 else None


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
        meant = found[-1]
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
