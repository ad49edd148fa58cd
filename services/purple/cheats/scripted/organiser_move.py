"""Rules for ``organiser_move``, from reading the public part (version 3): the request is one fixed sentence ("<Name>
asked to move our <meeting>: ..."); the asker's mails list the offers in the parts' time forms (a second mail may add
one, or take one back: "off the table", "scratch", "no longer", "forget the <nth>", "doesn't work any more"). An offer
is out when another person's accepted meeting overlaps it; when an attendee's sentence of the part's "out" list names
it (by its time, "<Name>'s <nth> option", "option <n> on ...'s list", "the <Weekday> one"); or when an attendee says
they run or attend a meeting the calendar holds ("count me out", "can't skip", "I'm presenting there", "don't put
ours over it") and that meeting overlaps it. A later "ignore what I said about X" / "X works now" / "X is fine for me
after all" puts X back. Busy stretches ("tied up", "busy", "blocked", ...: "until X", "from X on", "X-Y", "half past
two") rule out the offers they overlap that weekday; "only around/free ... X to Y" rules out that day's offers
outside it. A refusal passed on from someone ("<Name> asked me to pass on", "Passing on from <Name>") counts only
when <Name> is on the invite. Take the first offer left."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from services.purple.cheats.scripted._calendar import live, mentions, others, overlaps, span
from services.purple.cheats.scripted.desk import Desk, Script, script

ASKED = re.compile(r"(\w+) asked to move our (.+?):", re.IGNORECASE)
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")
SENTENCE = re.compile(r"(?<=[.!?\n])\s+")
OUT = re.compile(r"on a plane|recital|give the onboarding|presenting at the offsite|dentist|booked for the audit|"
                 r"hard no|won't fly|leave halfway", re.IGNORECASE)
EVENT_OUT = re.compile(r"count me out|can't skip|won't work for me, I'm presenting|don't put ours over it",
                       re.IGNORECASE)
RETRACT = re.compile(r"off the table|scratch|no longer do|forget the|doesn't work any more", re.IGNORECASE)
UNSAY = re.compile(r"ignore what I said|works now|fine for me after all", re.IGNORECASE)


NUMBER = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "eight": 8, "nine": 9, "ten": 10, "eleven": 11,
          "twelve": 12, "noon": 12}
CLOCK = re.compile(r"\b(\d{1,2}):(\d\d)\b|\b(\d{1,2})(?::(\d\d))?(am|pm)\b|\b(half past )?(one|two|three|four|five|"
                   r"eight|nine|ten|eleven|twelve|noon)\b", re.IGNORECASE)
WEEKDAY = re.compile(r"\b(monday|tuesday|wednesday|thursday|friday)\b", re.IGNORECASE)
BUSY = re.compile(r"tied up|busy|workshop|blocked|is gone|with a customer|off all|holiday|out of the office",
                  re.IGNORECASE)
AROUND = re.compile(r"only around|only free|in the office .* only|can only do", re.IGNORECASE)
RELAY = re.compile(r"(\w+) asked me to pass on|passing on from (\w+)|^(\w+) won't be able|(\w+) mentioned",
                   re.IGNORECASE)


def _hours(sentence: str) -> list[float]:
    out = []
    for m in CLOCK.finditer(sentence):
        if m.group(1):
            out.append(int(m.group(1)) + int(m.group(2)) / 60)
        elif m.group(3):
            h = int(m.group(3)) % 12 + (12 if m.group(5).lower() == "pm" else 0)
            out.append(h + int(m.group(4) or 0) / 60)
        else:
            h = NUMBER[m.group(7).lower()]
            out.append((h + 12 if h < 8 else h) + (0.5 if m.group(6) else 0))
    return out


def _stretch(sentence: str, offers: list[datetime], inverse: bool = False) -> set[datetime]:
    """Offers a busy stretch overlaps (its weekday, and its hours: "until X" from 9, "from X on" to 17); with
    ``inverse``, the offers that day outside an "only around" stretch."""
    day = WEEKDAY.search(sentence)
    if day is None:
        return set()
    hours = _hours(sentence[day.end():] + " " + sentence[:day.start()])
    low = sentence.lower()
    if re.search(r"off all|holiday|whole of", low):
        a, b = 9.0, 17.0
    elif "until" in low and len(hours) == 1:
        a, b = 9.0, hours[0]
    elif re.search(r" on\b|end of the day", low) and len(hours) == 1:
        a, b = hours[0], 17.0
    elif len(hours) >= 2:
        a, b = hours[0], hours[1]
    else:
        return set()
    that_day = {o for o in offers if f"{o:%A}".lower() == day.group(1).lower()}
    inside = {o for o in that_day if a <= o.hour + o.minute / 60 and o.hour + o.minute / 60 + 1 <= b}
    if inverse:
        return that_day - inside
    return {o for o in that_day if o.hour + o.minute / 60 < b and a < o.hour + o.minute / 60 + 1}


def _pointed(sentence: str, listed: list[datetime], offers: list[datetime]) -> set[datetime]:
    """Offers a sentence names without a time: by place in the asker's first list, by "last", or by weekday."""
    low = sentence.lower()
    out: set[datetime] = set()
    for n, word in enumerate(ORDINALS):
        if n < len(listed) and re.search(rf"\b{word} (option|time|one|suggestion)", low):
            out.add(listed[n])
    for n in range(len(listed)):
        if f"option {n + 1} on" in low:
            out.add(listed[n])
    if listed and re.search(r"\blast (one|option)", low):
        out.add(listed[-1])
    for o in offers:
        if re.search(rf"the {o:%A} one|{o:%A}'s option", sentence):
            out.add(o)
    return out


def _offers(desk: Desk, mails: list[dict[str, Any]]) -> tuple[list[datetime], list[datetime], set[datetime]]:
    """The offers (first mail's, then any added), the first mail's list, and the ones the asker took back."""
    first, *rest = mails
    listed = [at for _, at in mentions(str(first.get("body_text")), desk.now)][1:]  # the first time is the old one
    offers, gone = list(listed), set()
    for mail in rest:
        for sentence in SENTENCE.split(str(mail.get("body_text"))):
            said = [at for _, at in mentions(sentence, desk.now)]
            if RETRACT.search(sentence):
                gone |= set(said) | _pointed(sentence, listed, offers)
            else:
                offers += [at for at in said if at not in offers]
    return offers, listed, gone


@script
class OrganiserMove(Script):
    part = "organiser_move"
    trigger = r"asked to move our"

    async def turn(self, desk: Desk) -> None:
        asked = ASKED.search(desk.prompt)
        if asked is None or not desk.once("organiser_move"):
            return
        title, user = asked.group(2).lower(), desk.inbox.user_email
        event = next((e for e in desk.events if str(e.get("title", "")).lower() == title), None)
        if event is None:
            return
        people = [p.lower() for p in others(event, user)]
        by_time = sorted(desk.inbox.emails, key=lambda m: str(m.get("received_at") or ""))
        asker = [m for m in by_time if str(m.get("from_address", "")).lower() in people
                 and str(m.get("from_address", "")).split(".")[0].lower() == asked.group(1).lower()]
        if not asker:
            return
        offers, listed, out = _offers(desk, asker)
        start, end = span(event)
        for mail in by_time:
            if mail in asker or str(mail.get("from_address", "")).lower() not in people:
                continue
            for sentence in SENTENCE.split(str(mail.get("body_text"))):
                said = {at for _, at in mentions(sentence, desk.now)} | _pointed(sentence, listed, offers)
                relay = RELAY.search(sentence.strip())
                if relay and not any(f"{g.lower()}." in " ".join(people) for g in relay.groups() if g):
                    continue  # passed on from someone who is not invited
                if UNSAY.search(sentence):
                    out -= said
                elif AROUND.search(sentence):
                    out |= _stretch(sentence, offers, inverse=True)
                elif OUT.search(sentence) or relay:
                    out |= said
                elif BUSY.search(sentence):
                    out |= _stretch(sentence, offers)
                elif EVENT_OUT.search(sentence):
                    for e in desk.events:
                        if str(e.get("title", "")) and str(e["title"]).lower() in sentence.lower():
                            out |= {o for o in offers if overlaps((o, o + (end - start)), span(e))}
        for at in offers:
            slot = (at, at + (end - start))
            if at in out or at == start or any(overlaps(slot, span(e)) for e in desk.events
                                                if e is not event and live(e, user)):
                continue
            await desk.call("POST", "/calendar/update", {"event_id": event["event_id"], "start": at.isoformat(),
                                                         "end": slot[1].isoformat()})
            await desk.email(others(event, user), f"{event['title']} moved",
                             f"Hi all,\n\nThe {title} is now on {at:%A %d %B %H:%M}.\n")
            desk.report.append(f"Moved the {title} to {at:%A %H:%M}.")
            return
