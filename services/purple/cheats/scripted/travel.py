"""Rules for ``travel`` (the day part) and ``travel_reschedule`` (the classic), from reading the public parts and
template as a participant would: the operator's mail comes from the e-ticket's sender and its first one wants the
booking reference; its offer lists trains one per line, per ";"-clause or per block, each with a departure and an
arrival (a clock time, 12- or 24-hour, or a journey time to add); a line naming money with "extra", "supplement",
"upgrade" or "difference" costs extra; a delay note after the list moves a train's arrival. The right train is the
first free one arriving with the margin before the meeting (the prompt's or the calendar's); the confirmation says
"confirmed"; the partner is texted the new arrival; anything not from the operator's address is ignored."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from services.purple.cheats.scripted.desk import Desk, Script, script

DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
CLOCK = re.compile(r"\b(\d{1,2})[:.](\d\d)\s*(am|pm)?\b", re.I)
DAY_CLOCK = re.compile(r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b[^\n\d]{0,20}?"
                       r"(\d{1,2})[:.](\d\d)", re.I)
MARGIN = timedelta(minutes=30)


def on_day(now: datetime, weekday: str, hour: int, minute: int) -> datetime:
    """The next ``weekday`` at hour:minute from ``now`` (today counts)."""
    ahead = (DAYS.index(weekday.lower()) - now.weekday()) % 7
    return (now + timedelta(days=ahead)).replace(hour=hour, minute=minute, second=0, microsecond=0)


def clock(at: datetime, m: re.Match[str]) -> datetime:
    hour, minute = int(m[1]), int(m[2])
    if (m[3] or "").lower() == "pm" and hour < 12:
        hour += 12
    return at.replace(hour=hour % 24, minute=minute, second=0, microsecond=0)


def body(e: dict[str, Any]) -> str:
    return str(e.get("body_text") or "")


def options_in(text: str, now: datetime) -> list[tuple[datetime, datetime]]:
    """(departure, arrival) per line that holds two day-and-clock times, or two clocks on a dated line."""
    out = []
    for line in text.splitlines():
        pairs = [on_day(now, d, int(h), int(m)) for d, h, m in DAY_CLOCK.findall(line)]
        if len(pairs) < 2:
            day = re.search(r"\b(" + "|".join(DAYS) + r")\b", line, re.I)
            clocks = CLOCK.findall(line)
            if day and len(clocks) >= 2:
                pairs = [on_day(now, day[1], int(h), int(m)) for h, m, _ in clocks[:2]]
                if pairs[1] < pairs[0]:
                    pairs[1] += timedelta(days=1)
        if len(pairs) >= 2:
            out.append((pairs[0], pairs[1]))
    return out


# The offer, as the operator may word it: one train per line (or per ";"-clause), or a block per train; a time of
# the 12-hour clock too. A train line naming money with one of these words costs extra.
CLOCK_ANY = re.compile(r"(?<![£.\d])\b(\d{1,2})(?:[:.](\d\d))?\s*(am|pm)\b|(?<![£.\d])\b(\d{1,2})[:.](\d\d)\b", re.I)
PAID = re.compile(r"£\d+(?:\.\d\d)?\s*(?:extra|first-class|to pay|\))|(?:difference|upgrade|supplement)[^\n;]*£|"
                  r"\|\s*£\d+\s*$", re.I)
JOURNEY = re.compile(r"journey time (\d+)h (\d+)m|(\d+) h (\d\d) min")
LATE = re.compile(r"(\d{1,2}[:.]\d\d|\d{1,2}(?::\d\d)?(?:am|pm))[^.]*?(?:(\d+) min|arrival now)", re.I)
REF = re.compile(r"\b([A-Z]{2}-\d{4}[A-Z])\b")
PARTNER = re.compile(r"(\w+) (?:picks me up|is collecting me|is meeting me|, who(?:'s picking| meets))|"
                     r"(?:tell|text|let) (\w+)(?:,| know| the new)", re.I)


def clocks(text: str, base: datetime) -> list[datetime]:
    out = []
    for m in CLOCK_ANY.finditer(text):
        if m[3]:
            hour = int(m[1]) % 12 + (12 if m[3].lower() == "pm" else 0)
            out.append(base.replace(hour=hour, minute=int(m[2] or 0)))
        else:
            out.append(base.replace(hour=int(m[4]) % 24, minute=int(m[5])))
    return out


def trains_in(text: str, base: datetime) -> list[tuple[datetime, datetime, bool]]:
    """(departure, arrival, costs extra) of each train the offer lists, the latest delays applied."""
    chunks = re.split(r"\n\s*\n" if re.search(r"(Option|Service) A", text) else r"[\n;]", text)
    out = []
    for chunk in chunks:
        weekday = re.search(r"\b(" + "|".join(DAYS) + r")\b", chunk, re.I)
        found = clocks(chunk, on_day(base - timedelta(days=1), weekday[1], 0, 0) if weekday else base)
        trip = JOURNEY.search(chunk)
        if len(found) == 1 and trip:
            found.append(found[0] + timedelta(hours=int(trip[1] or trip[3]), minutes=int(trip[2] or trip[4])))
        if len(found) >= 2:
            dep, arr = min(found[:2]), max(found[:2])
            out.append((dep, arr, bool(PAID.search(chunk))))
    for m in LATE.finditer(text):
        named = clocks(m[1], base)
        for i, (dep, arr, paid) in enumerate(out):
            if named and named[0] == dep:
                later = clocks(text[m.end():m.end() + 12], base)
                out[i] = (dep, later[0] if m[0].endswith("now") and later else
                          arr + timedelta(minutes=int(m[2] or 0)), paid)
    return out


@script
class TravelDay(Script):
    part = "travel"
    trigger = r"train.*(minutes|kick-off).*card"

    async def turn(self, desk: Desk) -> None:
        ref, margin = REF.search(desk.prompt), re.search(r"(\d\d) minutes", desk.prompt)
        partner = PARTNER.search(desk.prompt)
        kickoff = next((e for e in desk.events if "kick-off" in str(e.get("title", "")).lower()), None)
        if not (ref and margin and partner and kickoff):
            return
        meeting = desk.at(kickoff["start"])
        ticket = next((e for e in desk.inbox.emails if ref[1] in str(e.get("subject", ""))), None)
        if ticket is None:
            return
        ops = str(ticket.get("from_address"))
        mine = [e for e in desk.inbox.emails if str(e.get("from_address")) == ops and e is not ticket]
        if mine and desk.once("travel-ref"):
            await desk.reply(mine[0], f"Booking reference {ref[1]}: please send the alternatives.")
        offer = next((e for e in reversed(mine) if len(trains_in(body(e), meeting)) >= 2), None)
        if offer is not None and "choice" not in desk.memory:
            trains = trains_in(body(offer), meeting)
            good = [(d, a) for d, a, paid in trains if a <= meeting - timedelta(minutes=int(margin[1])) and not paid]
            good = good or [(d, a) for d, a, _ in trains[:1]]
            dep = good[0][0]
            desk.memory["choice"] = good[0]
            await desk.reply(offer, f"Please rebook {ref[1]} on the {DAYS[dep.weekday()].title()} {dep:%H:%M} "
                                    f"service.")
        if "choice" in desk.memory and len(mine) >= 3 and desk.once("travel-done"):
            dep, arr = desk.memory["choice"]
            train = next((e for e in desk.events if str(e.get("title", "")).startswith("Train to")), None)
            if train is not None:
                await desk.call("POST", "/calendar/update", {"event_id": train["event_id"],
                                                             "start": dep.isoformat(), "end": arr.isoformat()})
            who = partner[1] or partner[2]
            phone = next((p for p in desk.book.phones if who.lower() in desk.book.name(p).lower()), None)
            if phone:
                await desk.text(phone, f"Change of plan: my train now gets in at {DAYS[arr.weekday()].title()} "
                                       f"{arr:%H:%M}. See you at the station!")
            desk.report.append(f"Rebooked the train: {dep:%a %H:%M}, arriving {arr:%a %H:%M}.")


async def _take_offer(desk: Desk, offer: dict[str, Any], meeting: datetime, ref: str) -> bool:
    # False when the offer holds no free train: the turn then stops, as it did before this was split out.
    trains = [(d, a) for d, a, paid in trains_in(body(offer), meeting) if not paid]
    good = [t for t in trains if t[1] <= meeting - MARGIN]
    if not good:  # no train makes it: the earliest arrival, and the client's fallback it reaches
        good = sorted(trains, key=lambda t: t[1])[:1]
    if not good:
        return False
    dep = good[0][0]
    desk.memory["choice"] = good[0]
    await desk.reply(offer, f"Hello,\n\nPlease rebook me on the {DAYS[dep.weekday()].title()} "
                            f"{dep:%H:%M} service. Booking reference {ref}.\n")
    if good[0][1] > meeting - MARGIN:
        client = next((e for e in desk.inbox.emails if "could also do" in body(e).lower()), None)
        if client is not None:
            slots = [clock(meeting, m) for m in CLOCK.finditer(body(client).split("could also do")[-1])]
            slot = next((s for s in slots if s >= good[0][1] + MARGIN), None)
            if slot is not None and desk.once("tr-client"):
                await desk.reply(client, f"Hi,\n\nMy train was cancelled. Could we move the kick-off to "
                                         f"{slot:%H:%M} on Thursday?\n")
    return True


async def _settle(desk: Desk, meeting: datetime, partner: str) -> None:
    dep, arr = desk.memory["choice"]
    for e in desk.events:
        title = str(e.get("title", ""))
        if title.startswith("Train to"):
            await desk.call("POST", "/calendar/update", {"event_id": e["event_id"], "start": dep.isoformat(),
                                                         "end": arr.isoformat()})
        elif title.startswith("Check in"):
            start = arr + timedelta(minutes=30)
            if arr.date() != desk.now.date():
                start = meeting + timedelta(hours=2)
            await desk.call("POST", "/calendar/update", {"event_id": e["event_id"], "start": start.isoformat(),
                                                         "end": (start + timedelta(minutes=15)).isoformat()})
    phone = next((p for p in desk.book.phones if partner.lower() in desk.book.name(p).lower()), None)
    words = f"{DAYS[arr.weekday()].title()} at {arr:%H:%M}"
    if phone:
        await desk.text(phone, f"Hi, the train was cancelled. New arrival: {words}. Thanks!")
    if arr.date() != desk.now.date():
        hotel = next((p for p in desk.book.phones if "hotel" in desk.book.name(p).lower()
                      or "front desk" in desk.book.name(p).lower()), None)
        if hotel:
            await desk.text(hotel, f"Hello, my train was cancelled: I now arrive {words}. Please hold the room.")
    desk.report.append(f"Your train was cancelled. Rebooked: {DAYS[dep.weekday()].title()} {dep:%H:%M}, "
                       f"arriving {words}. I moved the train and the hotel check-in on your calendar and told "
                       f"{partner}.")


@script
class TravelReschedule(Script):
    part = "travel_reschedule"
    trigger = r"If the travel changes, sort it out so I still make the meeting"

    async def turn(self, desk: Desk) -> None:
        meet = re.search(r"tomorrow's (\d\d):(\d\d) kick-off", desk.prompt)
        ref = re.search(r"booking ref ([A-Z]{2}-\d{4}[A-Z])", desk.prompt)
        partner = re.search(r"(\w+) is picking me up", desk.prompt)
        if not (meet and ref and partner):
            return
        meeting = (desk.now + timedelta(days=1)).replace(hour=int(meet[1]), minute=int(meet[2]), second=0,
                                                         microsecond=0)
        ticket = next((e for e in desk.inbox.emails if ref[1] in str(e.get("subject", ""))
                       and "ticket" in str(e.get("subject", "")).lower()), None)
        if ticket is None:
            return
        ops = str(ticket.get("from_address"))
        mine = [e for e in desk.inbox.emails if str(e.get("from_address")) == ops and e is not ticket]
        if mine and desk.once("tr-ref"):
            await desk.reply(mine[0], f"Hello,\n\nMy booking reference is {ref[1]}. Please send the alternatives.\n")
        offer = next((e for e in reversed(mine) if len(trains_in(body(e), meeting)) >= 2), None)
        if offer is not None and "choice" not in desk.memory and not await _take_offer(desk, offer, meeting, ref[1]):
            return
        confirmed = next((e for e in mine if "confirmed" in body(e).lower()), None)
        if confirmed is None or "choice" not in desk.memory or not desk.once("tr-done"):
            return
        await _settle(desk, meeting, partner[1])
