"""Rules for ``followup`` (the day part) and ``multi_day_followup`` (the classic), from reading the public part
modules and the world-0 template.

What the templates show: the user's request states every fact in one fixed frame ("X Y wants the countersigned C:
reply now that it comes today by T. ... can pull it back until H ... remind me here at R to call BANK"); the client's
email is the one whose subject says "Countersigned"; Legal's email carries the one ``https://sign.`` link; the bank's
email (from ``no-reply@``) carries one phone number. The classic says the same in its numbered list, with the
promise "on Wednesday by HH:MM", the figures from finance's email whose subject says "FINAL", and the reminder "on
Wednesday at HH:MM".
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from services.purple.cheats.scripted.desk import Desk, Script, script

CLOCK12 = r"\d{1,2}(?::\d\d)?\s?[ap]m"
LINK = re.compile(r"https://sign\.\S+")
PHONE = re.compile(r"\+?\d[\d\s().\-]{8,}\d")
MONEY_LINE = re.compile(r"^(?:- .+|Total): \$[\d,]+$", re.MULTILINE)


def _clock12(text: str, day: datetime) -> datetime:
    """"2pm" / "2:30 pm" on ``day``'s date."""
    m = re.fullmatch(r"(\d{1,2})(?::(\d\d))?\s?([ap]m)", text.strip(), re.IGNORECASE)
    if m is None:
        raise ValueError(text)
    hour = int(m[1]) % 12 + (12 if m[3].lower() == "pm" else 0)
    return day.replace(hour=hour, minute=int(m[2] or 0), second=0, microsecond=0)


def _from(desk: Desk, needle: str) -> list[dict[str, Any]]:
    return [e for e in desk.inbox.emails if needle.lower() in str(e.get("from_address", "")).lower()]


def _body(email: dict[str, Any]) -> str:
    return str(email.get("body_text") or "")


def _phone(desk: Desk) -> str | None:
    for email in _from(desk, "no-reply@"):
        m = PHONE.search(_body(email))
        if m:
            return m[0]
    return None


WORD_HOURS = {"eleven in the morning": 11, "noon": 12, "one in the afternoon": 13, "two in the afternoon": 14,
              "three in the afternoon": 15, "four in the afternoon": 16}
SPOKEN = "|".join(WORD_HOURS)
CLOCK = rf"(?:{CLOCK12}|\d\d:\d\d|{SPOKEN})"
GAP = r"(an|two|three|four|five|six) hours?"
GAPS = {"an": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
INTERNAL = re.compile(r"internal|redline|files only|in-house|inside the company|annotated|comments|never to send",
                      re.I)
REPLACES = re.compile(r"ignore|withdrawn|superseded|re-issue|revoked|instead|corrected", re.I)
ANY_LINK = re.compile(r"https://\S+?(?=[\s)]|\.?$|\.\s)", re.M)


def _when(text: str, day: datetime) -> datetime:
    """A clock of the request ("2pm", "14:00", "two in the afternoon") on ``day``'s date."""
    text = text.strip().lower()
    if text in WORD_HOURS:
        return day.replace(hour=WORD_HOURS[text], minute=0, second=0, microsecond=0)
    if re.fullmatch(r"\d\d:\d\d", text):
        hour, minute = map(int, text.split(":"))
        return day.replace(hour=hour, minute=minute, second=0, microsecond=0)
    return _clock12(text, day)


def _first(patterns: tuple[str, ...], text: str) -> re.Match[str] | None:
    return next((m for p in patterns if (m := re.search(p, text, re.I | re.S))), None)


_NOT = re.compile(r"\s-\s*not\s.*?\s-\s", re.I)
SAME = re.compile(r"same hold-back|doesn't change|as in my first note|nothing else changes|hour I gave you", re.I)
REF = re.compile(r"\b[A-Z]-\d{4}\b")
AFTER_GAP = re.compile(rf"(?:for|plus|contract) {GAP}(?: after| past|\.|$)", re.I)
AHEAD = re.compile(r"(?:an hour|one hour|sixty minutes) (?:before|ahead)", re.I)
SEGMENT = re.compile(r"\n|; |\. (?=[A-Z])")


# A hold-back told from another line's: "an hour after the hold-back on the one Nils closed".
RELATIVE = re.compile(rf"{GAP} (after|before) the hold-back on (?:the contract |the one |the )?([A-Z][a-z]+)", re.I)


def _units(body: str) -> list[str]:
    """Legal's lines: segments joined until each holds one link and one clock ("; " both joins two lines and splits
    one line)."""
    out: list[str] = []
    unit = ""
    for seg in SEGMENT.split(body):
        unit = f"{unit} {seg}" if unit else seg
        if ANY_LINK.search(unit) and (re.search(CLOCK, unit, re.I) or RELATIVE.search(unit)):
            out.append(unit)
            unit = ""
    return out


# Who negotiated which client's contract, copied from the part's phrase lists: N the negotiator, M the client (its
# company or full name), X a wrong name. "trap" clauses first (they hold a wrong name beside a positive frame).
TRAP = (r"assumes {X} negotiated {M}, but it was {N}", r"{M} was supposed to be {X}'s deal until {N} took it over",
        r"{X}'s name is on the first {M} invite, but {N} negotiated it", r"not {X} - {N} ran the {M} negotiation",
        r"{M} went to {N}, not to {X}", r"{X} started {M}, but {N} closed it",
        r"{M} looks like {X}'s on paper; in fact {N} negotiated it")
POS = (r"{N} negotiated {M}", r"{M} was {N}'s deal", r"{M} went to {N}", r"{N} ran the {M} negotiation",
       r"{M} was negotiated by {N}", r"{N} handled {M}", r"{M}: {N}", r"{N} closed {M}", r"{M} ended up with {N}",
       r"it was {N} who landed {M}", r"{M} - that was {N}", r"{M} was led by {N}")
NEG = (r"{M} was not {X}'s", r"{X} had nothing to do with {M}", r"{X} never touched {M}",
       r"{X} stayed well away from {M}", r"leave {X} out of anything about {M}", r"{M} was anyone's but {X}'s")
PAIR = (r"{N} and {X} split the other two", r"the other two were {N}'s and {X}'s", r"{N} and {X} had one each",
        r"{N} and {X} did the rest", r"{N} and {X} shared them")
REST = (r"{N} took whatever was left", r"the remaining one was {N}'s", r"{N} had the third", r"{N} did the other one",
        r"the last went to {N}")
# Asides beside a name (cut first), and a negotiator told by the user's meeting with them (replaced by the name).
ASIDES = re.compile(r", back from leave,| \(finally\)| \(with [A-Z][a-z]+ sitting in\)|, not [A-Z][a-z]+,"
                    r"| - [A-Z][a-z]+ only took notes -?|, who took it over from [A-Z][a-z]+,| - as you know -"
                    r"| \(yes, really\)")
BY_MEETING = (r"whoever I have the (.+?) with", r"the colleague from my (.+?)(?= (?:negotiated|ran|handled|closed|"
              r"took|had|did|and)\b|[;.,\n]|$)", r"the person I meet at the (.+?)(?= (?:negotiated|ran|handled|"
              r"closed|took|had|did)\b|[;.,\n]|$)", r"my (.+?) counterpart", r"the one who sits in my (.+?)"
              r"(?= (?:negotiated|ran|handled|closed|took|had|did)\b|[;.,\n]|$)")
NAME = r"([A-Z][a-z]+)"
ANY_M = r"([A-Z][a-z]+ [A-Z][a-z]+)"


def _told(pattern: str, m: str) -> re.Pattern[str]:
    """A clause pattern with N (and X) captured by name and M the client's mention (or any two-word name)."""
    out = pattern.replace("{M}", m).replace("{N}", r"(?P<n>[A-Z][a-z]+)").replace("{X}", r"(?P<x>[A-Z][a-z]+)")
    if out[:1].islower():  # a clause may open a sentence or a list item
        out = f"[{out[0]}{out[0].upper()}]{out[1:]}"
    return re.compile(out)


@script
class Followup(Script):
    """v4, read from the public part: the client (full name in the request) and their company from their email; who
    negotiated their contract from the colleague's mail naming the clients (its correction, a later reply, read
    last); Legal's link lines naming that negotiator (a "- not X -" aside cut first), each line's own hold-back clock;
    a re-issue naming the negotiator replaces the link (its hold-back "same as before" or a new clock); the internal
    markup ignored; the promise as the hold-back plus the hours the request names, or the end of the negotiator's
    first meeting starting at or after the hold-back; the reminder an hour before the promise; the bank's line by its
    label."""

    part = "followup"
    trigger = r"Legal|hold-back"
    LINE = ((r"call my adviser (\w+)", None), (r"phone the .+? team", re.compile(r"team|desk|specialists", re.I)),
            (r"main enquiries line", re.compile(r"general|main", re.I)))

    def _client(self, desk: Desk) -> tuple[str, str, dict[str, Any]] | None:
        for m in re.finditer(r"(?=\b([A-Z][a-z]+) ([A-Z][a-z]+))", desk.prompt):
            address = f"{m[1]}.{m[2]}".lower()
            mail = next((e for e in desk.inbox.emails if address in str(e.get("from_address", "")).lower()), None)
            if mail is not None:
                return m[1], f"{m[1]} {m[2]}", mail
        return None

    @staticmethod
    def _negotiator(desk: Desk, full: str, mail: dict[str, Any]) -> str | None:
        """Solve who negotiated the client's contract from the colleague's mail(s) (a later reply overrides)."""
        body = _body(mail)
        mentions = [full, *(c for c in ("Harborview Logistics", "Ostara Foods", "Pinecrest Health", "Kestrel Media")
                            if c in body)]
        ours = desk.inbox.user_email.split("@")[-1]
        told = sorted((e for e in desk.inbox.emails if str(e.get("from_address", "")).endswith("@" + ours)
                       and not ANY_LINK.search(_body(e))),
                      key=lambda e: str(e.get("received_at")))
        found = None
        titles: dict[str, str] = {}
        for event in desk.events:
            others = [str(a.get("display_name") or "") for a in event.get("attendees") or []
                      if desk.inbox.user_email not in str(a)]
            if others and others[0]:
                titles[str(event.get("title"))] = others[0].split()[0]
        for email in told:
            text = ASIDES.sub("", _body(email))
            for pattern in BY_MEETING:
                text = re.sub(pattern, lambda m: titles.get(m[1], m[0]), text, flags=re.I)
            mine = "|".join(re.escape(m) for m in mentions)
            hit = next((m for p in (*TRAP, *POS) if (m := _told(p, f"(?:{mine})").search(text))), None)
            if hit is not None:
                found = hit["n"]
                continue
            if found is not None:
                continue  # a correction not about the client leaves the first answer
            positive = {m["n"] for p in (*TRAP, *POS) for m in _told(p, ANY_M).finditer(text)}
            positive |= {m["n"] for p in (*TRAP, *POS) for c in ("Harborview Logistics", "Ostara Foods",
                         "Pinecrest Health", "Kestrel Media") for m in _told(p, re.escape(c)).finditer(text)}
            rest = next((m["n"] for p in REST if (m := _told(p, "").search(text))), None)
            if rest is not None and rest not in positive:
                found = rest
                continue
            pair = next((m for p in PAIR if (m := _told(p, "").search(text))), None)
            if pair is None:
                continue
            names = {pair["n"], pair["x"]}
            for p in NEG:
                for m in _told(p, f"(?P<m>{ANY_M[1:-1]}|Harborview Logistics|Ostara Foods|Pinecrest Health|"
                                  f"Kestrel Media)").finditer(text):
                    if m["m"] in mentions and m["x"] in names:
                        found = next(iter(names - {m["x"]}))
                    elif m["x"] in names:
                        found = m["x"]
        return found

    def _link_and_hold(self, desk: Desk, names: list[str]) -> tuple[str, datetime] | None:
        legal = sorted((e for e in desk.inbox.emails if ANY_LINK.search(_body(e))
                        and "no-reply" not in str(e.get("from_address"))), key=lambda e: str(e.get("received_at")))
        found: tuple[str, datetime] | None = None
        for email in legal:
            body = _body(email)
            if INTERNAL.search(body) and not REPLACES.search(body):
                continue
            if REPLACES.search(body) and found is not None:
                link = ANY_LINK.search(body)
                clock = re.search(CLOCK, body, re.I)
                if found is not None and link is not None and any(n in body for n in names):
                    hold = found[1] if SAME.search(body) or clock is None else _when(clock[0], desk.now)
                    found = (link[0].rstrip("."), hold)
                continue
            units = _units(_NOT.sub(" ", body))
            for seg in units:
                link, clock = ANY_LINK.search(seg), re.search(CLOCK, seg, re.I)
                rel = RELATIVE.search(seg)
                if link and rel and any(n in seg.replace(rel[0], "") for n in names):
                    ref = next((re.search(CLOCK, u, re.I) for u in units if rel[3] in u and u != seg), None)
                    if ref is not None:
                        sign = 1 if rel[2].lower() == "after" else -1
                        found = (link[0].rstrip("."), _when(ref[0], desk.now)
                                 + sign * timedelta(hours=GAPS[rel[1].lower()]))
                elif link and clock and any(n in seg for n in names):
                    found = (link[0].rstrip("."), _when(clock[0], desk.now))
        return found

    @staticmethod
    def _meetings(desk: Desk, first: str) -> list[tuple[datetime, datetime]]:
        return sorted((desk.at(e["start"]), desk.at(e["end"])) for e in desk.events if e.get("start")
                      and any(str(a.get("display_name", "")).startswith(first + " ") for a in e.get("attendees") or []))

    def _promise(self, desk: Desk, hold: datetime, negotiator: str) -> datetime | None:
        asks = [s for s in re.split(r"(?<=[.!?])\s+", desk.prompt) if not re.search(r"remind|nudge", s, re.I)]
        for sentence in asks:
            if (m := AFTER_GAP.search(sentence)) is not None:
                return hold + timedelta(hours=GAPS[m[1].lower()])
            if re.search(r"meeting", sentence) is not None:
                after = [end for start, end in self._meetings(desk, negotiator) if start >= hold]
                return after[0] if after else None
        return None

    def _number(self, desk: Desk) -> str | None:
        bank = next((e for e in _from(desk, "no-reply@") if PHONE.search(_body(e))), None)
        if bank is None:
            return None
        for pattern, label in self.LINE:
            m = re.search(pattern, desk.prompt)
            if m is None:
                continue
            want = re.compile(re.escape(m[1]), re.I) if label is None else label
            for line in _body(bank).splitlines():
                if want.search(line) and (n := PHONE.search(line)):
                    return n[0]
        return None

    def _link(self, desk: Desk) -> str | None:
        """The classic's: the re-issued link, else the first not marked internal."""
        legal = [e for e in desk.inbox.emails if ANY_LINK.search(_body(e))
                 and "no-reply" not in str(e.get("from_address"))]
        replacing = [e for e in legal if REPLACES.search(_body(e))]
        for email in replacing or legal:
            for line in re.split(r"\n|;|\. ", _body(email)):
                for m in ANY_LINK.finditer(line):
                    if not INTERNAL.search(line):
                        return m[0].rstrip(".")
        return None

    async def turn(self, desk: Desk) -> None:
        found = self._client(desk)
        if found is None:
            return
        first, full, client = found
        negotiator = self._negotiator(desk, full, client)
        if negotiator is None:
            return
        got = self._link_and_hold(desk, [negotiator])
        if got is None:
            return
        link, hold = got
        promise = self._promise(desk, hold, negotiator)
        if promise is not None and desk.now < hold and desk.once("followup-promise"):
            await desk.reply(client, f"Hi {first},\n\nYou will have it today by {promise:%H:%M}.\n")
        if promise is not None and hold <= desk.now <= promise and desk.once("followup-link"):
            await desk.email([str(client["from_address"])], "Countersigned contract",
                             f"Hi {first},\n\nAs promised, here it is: {link}\n")
        number = self._number(desk)
        at = promise - timedelta(hours=1) if promise is not None else None
        if at is not None and number and at <= desk.now < at + timedelta(hours=1) and desk.once("followup-remind"):
            desk.report.append(f"Reminder: call the bank now on {number}.")


@script
class MultiDayFollowup(Script):
    part = "multi_day_followup"
    trigger = r"is asking for the signed contract"
    time_step = timedelta(hours=4)  # the task runs to Wednesday: a participant asks for long steps
    SAM = re.compile(r"1\. (\w+) (\w+) \(.+?\) is asking.*?countersigned (\S+) on (\w+) by (\d\d:\d\d)", re.S)
    PRIYA = re.compile(r"2\. (\w+) (\w+) will email.*?will come on (\w+) by (\d\d:\d\d)", re.S)
    REMIND = re.compile(r"Remind me here on (\w+) at (\d\d:\d\d) to call the bank")

    @staticmethod
    def _wednesday(desk: Desk, clock: str) -> datetime:
        start: datetime = desk.memory.setdefault("start", desk.now)
        monday = start.replace(hour=0, minute=0, second=0, microsecond=0)
        hour, minute = map(int, clock.split(":"))
        return monday + timedelta(days=2, hours=hour, minutes=minute)

    async def turn(self, desk: Desk) -> None:
        sam, priya, remind = self.SAM.search(desk.prompt), self.PRIYA.search(desk.prompt), \
            self.REMIND.search(desk.prompt)
        if sam is None or priya is None or remind is None:
            return
        sam_mail = next((e for e in _from(desk, f"{sam[1]}.{sam[2]}".lower())
                         if "countersigned" in str(e.get("subject")).lower()), None)
        priya_mail = next(iter(_from(desk, f"{priya[1]}.{priya[2]}".lower())), None)
        if sam_mail and desk.once("mdf-sam"):
            await desk.reply(sam_mail, f"Hi {sam[1]},\n\nWe'll send the countersigned {sam[3]} on {sam[4]} "
                                       f"{sam[5]} at the latest.\n")
        if priya_mail and desk.once("mdf-priya"):
            await desk.reply(priya_mail, f"Hi {priya[1]},\n\nYou'll have the figures on {priya[3]} {priya[4]} at "
                                         f"the latest.\n")
        at = self._wednesday(desk, remind[2])
        if not at <= desk.now < at + timedelta(hours=1):
            return
        bank = next((e for e in _from(desk, "no-reply@") if PHONE.search(_body(e))), None)
        lines = _body(bank).splitlines() if bank else []
        # The adviser's line when the email lists several (drawn worlds), else its one number.
        number = next((m[0] for line in lines if re.search(r"adviser|directly|direct line", line, re.I)
                       and (m := PHONE.search(line))), None) or _phone(desk)
        if number and desk.once("mdf-remind"):
            desk.report.append(f"Reminder: call the bank now about the mortgage rate lock on {number}.")
        link = Followup()._link(desk)
        if sam_mail and link and desk.once("mdf-link"):
            await desk.reply(sam_mail, f"Hi {sam[1]},\n\nAs promised, the countersigned contract: {link}\n")
        final = next((e for e in desk.inbox.emails if "final" in str(e.get("subject", "")).lower()
                      and "$" in _body(e)), None)
        if priya_mail and final and desk.once("mdf-figures"):
            table = "\n".join(MONEY_LINE.findall(_body(final)))
            await desk.reply(priya_mail, f"Hi {priya[1]},\n\nThe final figures:\n\n{table}\n")
            desk.report.append(f"Sent {sam[1]} the contract and {priya[1]} the figures.")
