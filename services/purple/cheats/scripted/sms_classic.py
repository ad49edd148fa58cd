"""Rules for the classic ``sms_coordination`` (part ``sms_coordination_classic``), from reading the public part and
its world-0 template: Tony offers five slots as "Fri 20th 1-3pm"; the prompt says "12:00 or later"/"noon or later"
(afternoons) or "end by 12:00" (mornings) and names the office day; the partner's mid-morning text names the day
the kitchen is needed (in a "lifted" text, the day named last with a part of the day); a "moved" dentist email
gives the new time. Drop the slots those rule out, name the one left, then calendar it, report and text the
partner once Tony confirms."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from services.purple.cheats.scripted.desk import Desk, Script, script

# v2 (scenario version 7): Tony lays his slots out five ways - "Fri 20th 1-3pm", "- Friday 20 March, 1pm-3pm",
# "Friday 20 March: 1pm to 3pm or 3pm to 5pm", "Fri 20 Mar 13:00-15:00", "(1) Friday 20 March 1pm-3pm".
SLOT = re.compile(r"(Mon|Tue|Wed|Thu|Fri)[a-z]* (\d{1,2})(?:th)?(?: Mar(?:ch)?)?[,:]? ((?:(?:or )?\d{1,2}(?::\d\d)?"
                  r"(?:am|pm)?(?:-| to )\d{1,2}(?::\d\d)?(?:am|pm)?[ ,;.]*)+)")
RANGE = re.compile(r"(\d{1,2})(?::\d\d)?(am|pm)?(?:-| to )(\d{1,2})(?::\d\d)?(am|pm)?")
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")
# The dentist's note: two times; the old one follows "from", "not", "The" or "on", or is "no longer" good.
MOMENT = re.compile(r"(Monday|Tuesday|Wednesday|Thursday|Friday) (\d{1,2}) March(?:,| at) (\d{1,2}):(\d\d) ?(am|pm)?"
                    r"(?:-\d{1,2}:\d\d ?(am|pm))?")


RULED_OUT_BEFORE = re.compile(r"(?:not|instead of|from|rather than|about|taken on)\s+$", re.I)
RULED_OUT_AFTER = re.compile(r"^\s*(?:as usual|in the office is cancelled|is cancelled|is off|we work from home)", re.I)


def _office(desk: Desk) -> str:
    """The office day: named in the prompt ("not Wednesday"), else from the latest mail of the colleague the prompt
    names: "the day after/before X", or the weekday the mail does not rule out."""
    named = next((d for d in DAYS if f"not {d}" in desk.prompt), "")
    boss = re.search(r"(?:office|which)[^.]*?\b([A-Z][a-z]+)(?:'s)? (?:emails|email|said|has us)", desk.prompt) or \
        re.search(r"\b([A-Z][a-z]+)(?:'s)? (?:emails|email's|said|has us)", desk.prompt)
    if named or boss is None:
        return named
    mails = [e for e in desk.inbox.emails if str(e.get("from_address")).lower().startswith(boss[1].lower())]
    for e in reversed(mails):
        body = f"{e.get('subject')}\n{e.get('body_text')}"
        rel = re.search(r"the day (after|before) (Monday|Tuesday|Wednesday|Thursday|Friday)", body)
        if rel:
            return DAYS[DAYS.index(rel[2]) + (1 if rel[1] == "after" else -1)]
        kept = [w[1] for w in re.finditer(r"(Monday|Tuesday|Wednesday|Thursday|Friday)", body)
                if not RULED_OUT_BEFORE.search(body[:w.start()]) and not RULED_OUT_AFTER.search(body[w.end():])]
        if kept:
            return kept[0]
    return ""


def _slots(body: str) -> list[tuple[int, int, int, str]]:
    """(day of month, start hour, end hour, as written) of every slot in Tony's offer."""
    out = []
    for m in SLOT.finditer(body):
        for r in RANGE.finditer(m[3]):
            end_ap = r[4] or ("pm" if int(r[3]) < 8 else "am")
            start_ap = r[2] or (end_ap if int(r[1]) <= int(r[3]) % 12 + (12 if end_ap == "pm" else 0) else "am")
            a = int(r[1]) if not r[2] and int(r[1]) > 12 else _h(r[1], start_ap)
            b = int(r[3]) if not r[4] and int(r[3]) > 12 else _h(r[3], end_ap)
            out.append((int(m[2]), a, b, f"{m[1]} {m[2]} March {r[0]}"))
    return out


def _digits(x: Any) -> str:
    return re.sub(r"\D", "", str(x))[-10:]


def _h(n: str, ap: str) -> int:
    return int(n) % 12 + (12 if ap == "pm" else 0)


def _partner_day(desk: Desk, phone: str) -> tuple[str, str | None]:
    """The weekday the partner needs, and the partner's number, from their latest text that mentions the kitchen or
    the plumber (not the plumber's)."""
    ptexts = [s for s in desk.inbox.sms if _digits(s.get("from_number")) != _digits(phone)
              and re.search(r"kitchen|plumber", str(s.get("body")))]
    # A day the text calls fine ("no problem", "don't worry about", "free again", "no longer a problem",
    # "totally fine", "no need to keep that clear") is not the one needed; the needed one is the other.
    body = str(ptexts[-1].get("body")) if ptexts else ""
    pdays = [d for clause in re.split(r"[.;!]|P\.S\.| - |, which|, so | and |moved from", body)
             for d in re.findall(r"(Monday|Tuesday|Wednesday|Thursday|Friday)", clause)
             if not re.search(r"no problem|no longer a problem|don't worry|free again|is fine|totally fine|"
                              r"no need|won't be needing|fine for the plumber|cancelled|any time that day",
                              clause, re.I)]
    needed = pdays[-1] if pdays else ""
    if ptexts and not pdays:  # the day named by an event in the calendar: the one sharing a word with it
        said = set(re.findall(r"[a-z]{4,}", str(ptexts[-1].get("body")).lower())) - {"kitchen", "plumber"}
        event = next((e for e in desk.events if said & set(re.findall(r"[a-z]{4,}",
                                                                      str(e.get("title")).lower()))), None)
        needed = f"{desk.at(event['start']):%A}" if event else ""
    return needed, (str(ptexts[-1].get("from_number")) if ptexts else None)


@script
class SmsClassic(Script):
    part = "sms_coordination_classic"
    trigger = r"kitchen sink is leaking into the cupboard again\. Could you text"

    async def turn(self, desk: Desk) -> None:
        m = re.search(r"text (\w+ \w+), our plumber \(([^,]+), (\+\d+)\)", desk.prompt)
        partner = re.search(r"text (\w+) (?:\(my partner\) )?the slot", desk.prompt)
        if m is None:
            return
        phone = m.group(3)
        tony = [s for s in desk.inbox.sms if _digits(s.get("from_number")) == _digits(phone)]
        address = next((a.group(1) for e in desk.inbox.emails
                        if (a := re.search(r"Your address: (.+)", str(e.get("body_text") or "")))), "")
        if desk.once("classic:ask"):
            await desk.text(phone, "Hi! The kitchen sink is leaking - which slots do you have this week?")
            return
        offer = next((s for s in tony if len(_slots(str(s.get("body")))) >= 3), None)
        if offer is not None and desk.once("classic:book"):
            afternoon = bool(re.search(r"12:00 or later|noon or later", desk.prompt))
            office = _office(desk)
            needed, desk.memory["partner"] = _partner_day(desk, phone)
            moved = None
            for e in desk.inbox.emails:
                body = str(e.get("body_text") or "")
                found = list(MOMENT.finditer(body))
                if "dental" in str(e.get("from_address")) and len(found) == 2:
                    new = next((f for f in found if not re.search(r"(?:from|not|The|on) $", body[:f.start()])
                                and not re.match(r"[^.;]*(?:no longer|is cancelled)", body[f.end():])), found[-1])
                    moved = desk.now.replace(day=int(new[2]), hour=_h(new[3], new[5] or new[6]), minute=int(new[4]))
            busy = [(desk.at(e["start"]), desk.at(e["end"])) for e in desk.events if e.get("start")
                    and not (moved and "dent" in str(e.get("title")).lower())]
            if moved:
                busy.append((moved, moved + timedelta(minutes=45)))
            ok = []
            for day, h1, h2, written in _slots(str(offer.get("body"))):
                start = desk.now.replace(day=day, hour=h1, minute=0)
                end = desk.now.replace(day=day, hour=h2, minute=0)
                name = f"{start:%A}"
                if (start.hour >= 12) != afternoon or name == office or name == needed:
                    continue
                if any(s < end and start < e for s, e in busy):
                    continue
                ok.append((start, written))
            if ok:
                desk.memory["pick"] = ok[0]
                await desk.text(phone, f"Please book {ok[0][1]}. Our address is {address}. I'll let you in myself.")
            return
        if "pick" in desk.memory and any("booked" in str(s.get("body")) for s in tony) and desk.once("classic:cal"):
            when: datetime = desk.memory["pick"][0]
            await desk.call("POST", "/calendar/create", {
                "title": f"Plumber: {m.group(1)}", "start": when.isoformat(),
                "end": (when + timedelta(hours=2)).isoformat(), "location": address,
                "description": f"{m.group(1)} {phone}"})
            if partner:
                who = desk.memory.get("partner")
                if who:
                    await desk.text(who, f"The plumber is booked for {desk.memory['pick'][1]}.")
            desk.report.append(f"Booked {m.group(1)} for {desk.memory['pick'][1]}.")
