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


@script
class Followup(Script):
    part = "followup"
    trigger = r"wants the countersigned"
    REQUEST = re.compile(rf"(\w+) (\w+) wants the countersigned (.+?): reply now that it comes today by ({CLOCK12})"
                         rf".*?until ({CLOCK12}).*?remind me here at ({CLOCK12}) to call (.+?) about", re.I | re.S)

    async def turn(self, desk: Desk) -> None:
        m = self.REQUEST.search(desk.prompt)
        if m is None:
            return
        first, _last, _, promise, hold, remind, bank = m.groups()
        client = next((e for e in desk.inbox.emails if first.lower() in str(e.get("from_address", "")).lower()
                       and "countersigned" in str(e.get("subject", "")).lower()), None)
        if client is None:
            return
        if desk.once("followup-promise"):
            await desk.reply(client, f"Hi {first},\n\nYou will have it today by {promise}.\n")
        if desk.now >= _clock12(hold, desk.now):
            links = [LINK.search(_body(e)) for e in desk.inbox.emails]
            found = [x[0] for x in links if x]
            if found and desk.once("followup-link"):
                await desk.email([str(client["from_address"])], "Countersigned contract",
                                 f"Hi {first},\n\nAs promised, here it is: {found[0]}\n")
        at = _clock12(remind, desk.now)
        if at <= desk.now < at + timedelta(hours=1):
            number = _phone(desk)
            if number and desk.once("followup-remind"):
                desk.report.append(f"Reminder: call {bank} now on {number}.")


@script
class MultiDayFollowup(Script):
    part = "multi_day_followup"
    trigger = r"is asking for the signed contract"
    SAM = re.compile(r"1\. (\w+) (\w+) \(.+?\) is asking.*?countersigned (\S+) on (\w+) by (\d\d:\d\d)", re.S)
    PRIYA = re.compile(r"2\. (\w+) (\w+) will email.*?will come on (\w+) by (\d\d:\d\d)", re.S)
    REMIND = re.compile(r"Remind me here on (\w+) at (\d\d:\d\d) to call the bank")

    @staticmethod
    def _wednesday(desk: Desk, clock: str) -> datetime:
        start = desk.memory.setdefault("start", desk.now)
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
        number = _phone(desk)
        if number and desk.once("mdf-remind"):
            desk.report.append(f"Reminder: call the bank now about the mortgage rate lock on {number}.")
        link = next((x[0] for e in desk.inbox.emails if (x := LINK.search(_body(e)))), None)
        if sam_mail and link and desk.once("mdf-link"):
            await desk.reply(sam_mail, f"Hi {sam[1]},\n\nAs promised, the countersigned contract: {link}\n")
        final = next((e for e in desk.inbox.emails if "final" in str(e.get("subject", "")).lower()
                      and "$" in _body(e)), None)
        if priya_mail and final and desk.once("mdf-figures"):
            table = "\n".join(MONEY_LINE.findall(_body(final)))
            await desk.reply(priya_mail, f"Hi {priya[1]},\n\nThe final figures:\n\n{table}\n")
            desk.report.append(f"Sent {sam[1]} the contract and {priya[1]} the figures.")
