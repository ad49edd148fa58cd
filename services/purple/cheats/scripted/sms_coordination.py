"""Rules for ``sms_coordination`` (the day part), from reading the public part (v2, then re-fitted to v3): the
tradesperson named in the prompt is asked for slots; his offer lists 3-5 windows in one of several layouts; the
prompt says whether the user is home in the mornings or the afternoons and names the office day or a colleague whose
mail holds it (by name, "the day after/before X", or an event in the calendar that day; the latest mail counts).
The script reads every weekday-and-time it can find in the offer, drops the windows outside the user's half of the
day, on the office day, clashing with an appointment that takes the user out (not one at home, not a cancelled one,
at the time the clinic's mail moved it to), or overlapping the shut-off the latest building notice announces, names
the first left (the next one when he asks back: a window he withdrew), gives the street address from the welcome
email, and calendars the visit once he answers."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from services.purple.cheats.scripted.desk import Desk, Script, script

DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# "Tuesday 9 June, 2pm", "Tue 9/6 14:00", "Tue 09 Jun 2pm", "from 2pm on Tuesday the 9th", "Tuesday 9 June: 2pm to"
WHEN = re.compile(r"(?P<wd>mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?(?: the)? (?P<d>\d{1,2})(?:st|nd|rd|th)?"
                  r"(?:[ /](?P<m>\d{1,2}|[a-z]{3,9}))?[,:]? (?:from )?(?P<t>\d{1,2}(?::\d\d)?\s?(?:am|pm)?)",
                  re.IGNORECASE)
PROSE = re.compile(r"from (?P<t>\d{1,2}(?::\d\d)?\s?(?:am|pm)) on (?P<wd>\w+day) the (?P<d>\d{1,2})", re.IGNORECASE)
TIME = re.compile(r"(\d{1,2})(?::(\d\d))?\s?(am|pm)?", re.IGNORECASE)
ADDRESS = re.compile(r"(\d{1,3} [A-Z][a-z]+ [A-Z][a-z]+, Apt \d[A-C])")


def _digits(x: Any) -> str:
    return re.sub(r"\D", "", str(x))[-10:]


def _hour(text: str) -> float | None:
    m = TIME.match(text.strip())
    if m is None:
        return None
    h = int(m.group(1)) % 12 if m.group(3) else int(m.group(1))
    if m.group(3) and m.group(3).lower() == "pm":
        h += 12
    return h + int(m.group(2) or 0) / 60


def _windows(body: str, now: datetime) -> list[datetime]:
    out: list[datetime] = []
    for m in [*WHEN.finditer(body), *PROSE.finditer(body)]:
        hour = _hour(m.group("t"))
        if hour is None:
            continue
        day = int(m.group("d"))
        for ahead in range(0, 14):
            cand = now + timedelta(days=ahead)
            if cand.day == day and cand.strftime("%a").lower() == m.group("wd")[:3].lower():
                start = cand.replace(hour=int(hour), minute=round(hour % 1 * 60), second=0, microsecond=0)
                if start not in out:
                    out.append(start)
                break
    # Grouped layouts ("Tuesday 9 June: 8am to 10am or 2pm to 4pm") name a day once for several times.
    for m in re.finditer(r"(\w+day) (\d{1,2}) \w+: ([^.]+)", body):
        for t in re.finditer(r"(\d{1,2}(?::\d\d)?(?:am|pm)) to", m.group(3)):
            hour = _hour(t.group(1))
            for ahead in range(0, 14):
                cand = now + timedelta(days=ahead)
                if hour is not None and cand.day == int(m.group(2)):
                    start = cand.replace(hour=int(hour), minute=0, second=0, microsecond=0)
                    if start not in out:
                        out.append(start)
                    break
    # "Thu: 3pm-5pm" and "Thursday two till four": a weekday alone names the coming one.
    words = {w: n for n, w in enumerate(("twelve", "one", "two", "three", "four", "five", "six", "seven", "eight",
                                         "nine", "ten", "eleven"))}
    for m in re.finditer(r"\b(Mon|Tue|Wed|Thu|Fri)[a-z]*:? (?:(\d{1,2})(am|pm)|([a-z]+) till)", body):
        n = words.get(m.group(4) or "")
        at = _hour(m.group(2) + m.group(3)) if m.group(2) else None if n is None else (n + 12 if n < 7 else n)
        for ahead in range(1, 8):
            cand = now + timedelta(days=ahead)
            if at is not None and cand.strftime("%a") == m.group(1):
                start = cand.replace(hour=int(at), minute=0, second=0, microsecond=0)
                if start not in out:
                    out.append(start)
                break
    return out


def _shutoff(desk: Desk) -> tuple[datetime, datetime] | None:
    for e in reversed(desk.inbox.emails):  # the latest notice (a later one moves the works)
        body = str(e.get("body_text") or "")
        if not re.search(r"off|isolate|inspection", body):
            continue
        m = re.search(r"(\d{1,2})(?:st|nd|rd|th)? ?(?:[A-Z][a-z]+)?\b.*?(\d{1,2}(?::\d\d)?\s?(?:am|pm)?)"
                      r"\s?(?:-|until|and|to)\s?(\d{1,2}(?::\d\d)?\s?(?:am|pm)?)", body)
        if m is None:
            continue
        for ahead in range(0, 14):
            cand = desk.now + timedelta(days=ahead)
            if cand.day == int(m.group(1)):
                a, b = _hour(m.group(2)), _hour(m.group(3))
                if a is None or b is None:
                    return None
                base = cand.replace(minute=0, second=0, microsecond=0)
                return base.replace(hour=int(a)), base.replace(hour=int(b))
    return None


WEEKDAY = re.compile(r"\b(Monday|Tuesday|Wednesday|Thursday|Friday)s?\b")
# v3: a weekday a colleague's mail names but rules out ("not Tuesday", "instead of Tuesday", "from Tuesday to",
# "rather than Tuesday", "what I said about Tuesday", "taken on Tuesday", "Tuesday in the office is cancelled",
# "Tuesday we work from home").
RULED_OUT_BEFORE = re.compile(r"(?:not|instead of|from|rather than|about|taken on)\s+$", re.I)
RULED_OUT_AFTER = re.compile(r"^\s*(?:as usual|in the office is cancelled|we work from home)", re.I)
AT_HOME = re.compile(r"from home|call with|online|video call|engineer visiting|delivery|zoom|facetime|home", re.I)
MOMENT = re.compile(r"(Monday|Tuesday|Wednesday|Thursday|Friday) (\d{1,2}) [A-Z][a-z]+ at "
                    r"(\d{1,2}(?::\d\d)?\s?(?:am|pm))")
# The clinic's mail: the old time is the one after "from", "not", "The", or "on ... is cancelled".
OLD_TIME = re.compile(r"(?:from|not|The|on) $")


def _office_day(desk: Desk) -> str | None:
    """The office day: named in the prompt next to office words, else in the latest mail of the colleague the prompt
    names, the weekday it does not rule out."""
    prompt = desk.prompt
    m = re.search(r"(?:office|commute|at work)[^.;]*?\b(Monday|Tuesday|Wednesday|Thursday|Friday)|"
                  r"(Monday|Tuesday|Wednesday|Thursday|Friday)s?\b[^.;]*?(?:office|won't work|no good|never home)",
                  prompt)
    if m and "mail" not in prompt[max(0, m.start() - 80):m.end() + 80]:
        return m[1] or m[2]
    senders = {k for k, n in desk.book.names.items() if "@" in k and n.split()[0] in prompt}
    mails = sorted((e for e in desk.inbox.emails if str(e.get("from_address")) in senders),
                   key=lambda e: str(e.get("received_at") or e.get("sent_at") or ""))
    for e in reversed(mails):
        body = f"{e.get('subject')}\n{e.get('body_text')}"
        rel = re.search(r"the day (after|before) (Monday|Tuesday|Wednesday|Thursday|Friday)", body)
        if rel:
            return DAYS[DAYS.index(rel[2].lower()) + (1 if rel[1] == "after" else -1)].capitalize()
        event = re.search(r"(?:day of the|Since the) ([a-z -]+?) (?:\(|is in)", body)
        if event:
            hit = next((x for x in desk.events if event[1] in str(x.get("title")).lower()), None)
            if hit:
                return f"{desk.at(hit['start']):%A}"
        kept = [w[1] for w in WEEKDAY.finditer(body) if not RULED_OUT_BEFORE.search(body[:w.start()])
                and not RULED_OUT_AFTER.search(body[w.end():])]
        if kept:
            return kept[0]
    return None


def _busy(desk: Desk) -> list[tuple[datetime, datetime]]:
    """Appointments that take the user out: live, not at home, at their latest time (a clinic's mail moves one)."""
    out = []
    moved: dict[datetime, datetime] = {}
    for e in desk.inbox.emails:
        found = [(mm, _moment(desk, mm)) for mm in MOMENT.finditer(str(e.get("body_text") or ""))]
        if len(found) == 2:
            body = str(e.get("body_text"))
            old = next((t for mm, t in found if OLD_TIME.search(body[:mm.start()]) or
                        re.match(r"[^.]*is cancelled", body[mm.end():])), None)
            new = next((t for _, t in found if t != old), None)
            if old and new:
                moved[old] = new
    for e in desk.events:
        if not e.get("start") or e.get("status") == "cancelled":
            continue
        if AT_HOME.search(f"{e.get('title')} {e.get('location') or ''}"):
            continue
        start, end = desk.at(e["start"]), desk.at(e["end"])
        if start in moved:
            start, end = moved[start], moved[start] + (end - start)
        out.append((start, end))
    return out


def _moment(desk: Desk, m: re.Match[str]) -> datetime | None:
    hour = _hour(m[3])
    for ahead in range(14):
        cand = desk.now + timedelta(days=ahead)
        if hour is not None and cand.day == int(m[2]):
            return cand.replace(hour=int(hour), minute=round(hour % 1 * 60), second=0, microsecond=0)
    return None


@script
class SmsCoordinationDay(Script):
    part = "sms_coordination"
    trigger = r"\b(plumber|electrician)\b"

    async def turn(self, desk: Desk) -> None:
        pro = next(((k, n) for k, n in desk.book.names.items() if "@" not in k and n.split()[0] in desk.prompt
                    and n.split()[-1] in desk.prompt), None)
        if pro is None:
            return
        digits = _digits(pro[0])
        phone = next((p for p in desk.book.phones if _digits(p) == digits), pro[0])
        theirs = [m for m in desk.inbox.sms if _digits(m.get("from_number")) == digits]
        address = next((m.group(1) for e in desk.inbox.emails
                        if (m := ADDRESS.search(str(e.get("body_text") or "")))), "")
        if desk.once("sms:ask"):
            await desk.text(phone, "Hi, could you come and fix it? Which slots do you have?")
            return
        offer = next((m for m in theirs if len(_windows(str(m.get("body")), desk.now)) >= 3), None)
        if offer is not None and desk.once("sms:book"):
            prompt = desk.prompt.lower()
            afternoon = bool(re.search(r"1pm|13:00|one o'clock|after lunch|mornings are impossible|no morning",
                                       prompt))
            office = (_office_day(desk) or "").lower()
            shut = _shutoff(desk)
            busy = _busy(desk)
            ok = []
            for w in _windows(str(offer.get("body")), desk.now):
                end = w + timedelta(hours=2)
                if (w.hour >= 12) != afternoon or (office and w.strftime("%A").lower() == office):
                    continue
                if any(s < end and w < e for s, e in busy) or (shut and shut[0] < end and w < shut[1]):
                    continue
                ok.append(w)
            if not ok:
                return
            desk.memory["ok"] = ok[1:]
            pick = ok[0]
            desk.memory["pick"] = pick
            hour = pick.hour % 12 or 12
            half = "am" if pick.hour < 12 else "pm"
            await desk.text(phone, f"Please book {pick:%A} {pick.day} {pick:%B}, {hour}{half}. The address is "
                                   f"{address}; I'll let you in myself.")
            return
        # He asks back when the window named is gone ("scratch the second one"): name the next that suits.
        if theirs and re.search(r"which slot|which one|which of the times|pick one|one specific slot",
                                str(theirs[-1].get("body"))) and desk.memory.get("ok") \
                and desk.once(f"sms:retry:{len(theirs)}"):
            pick = desk.memory["ok"].pop(0)
            desk.memory["pick"] = pick
            await desk.text(phone, f"Then please book {pick:%A} {pick.day} {pick:%B}, {pick.hour % 12 or 12}"
                                   f"{'am' if pick.hour < 12 else 'pm'}. The address is {address}.")
            return
        if "pick" in desk.memory and len(theirs) >= 2 and not re.search(
                r"which slot|which one|which of the times|pick one|one specific slot", str(theirs[-1].get("body"))) \
                and desk.once("sms:calendar"):
            start: datetime = desk.memory["pick"]
            name = desk.book.names.get(pro[0], "")
            await desk.call("POST", "/calendar/create", {
                "title": f"Repair visit: {name}", "start": start.isoformat(),
                "end": (start + timedelta(hours=2)).isoformat(), "location": address})
            desk.report.append("Booked the visit and put it in the calendar.")
