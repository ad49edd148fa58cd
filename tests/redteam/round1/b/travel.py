"""travel: send the reference to the e-ticket's sender; in the offer, drop paid and delayed trains; of the rest the
right one always arrives first (the others are 'close' or 'late'), so order by the arrival offsets against the
anchor; book it, move the calendar entry, text the partner."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from scenarios.parts.travel import minutes_in_words
from services.purple.cheats.base import arrived, body_of, sender_of
from services.purple.cheats.scripted.desk import Desk, Script, script

WORDS = {minutes_in_words(n): n for n in range(1, 200)} | {minutes_in_words(n, plain=True): n for n in range(1, 60)}
PAID = r"£\d+ first-class supplement|only first class left|fare difference of £|upgrade required \(\+£|" \
       r"£\d+ to pay on top|\| £\d+"
DELAY = r"Please note the |Heads up: |One thing: |P\.S\. Live|Update from control: "
T = r"(\d{1,2}(?::\d\d)?(?:am|pm)|\d\d:\d\d)"
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _hm(text: str) -> tuple[int, int]:
    m = re.match(r"(\d+)(?::(\d\d))?(am|pm)?", text)
    h, mi = int(m.group(1)), int(m.group(2) or 0)
    if m.group(3):
        h = h % 12 + (12 if m.group(3) == "pm" else 0)
    return h, mi


def _chunks(offer: str) -> list[str]:
    if "Option A" in offer:
        return re.split(r"\n\s*\n", offer)[1:-1]
    if "On " in offer and "we can put you on" in offer:
        return re.split(r"; or |; ", offer.split("we can put you on ", 1)[1].split(". Just tell")[0])
    return [ln for ln in offer.splitlines() if re.match(r"\d\. |- |\* |\w{3} \d\d:\d\d \|", ln)]


@script
class Travel(Script):
    part = "travel"
    trigger = r"card details|give anyone the card"
    time_step = timedelta(minutes=15)

    async def turn(self, desk: Desk) -> None:
        ref = re.search(r"\(booking (\S+?)\)|ref (\S+?),|\(booking (\S+?),|, (\S+?), the |booking (\S+?)\)", desk.prompt)
        ticket = next((e for e in desk.inbox.emails if str(e.get("subject", "")).startswith("Your e-ticket")), None)
        if not ref or ticket is None:
            return
        ref_s, ops = next(g for g in ref.groups() if g), sender_of(ticket)
        mine = sorted((e for e in desk.inbox.emails if sender_of(e) == ops and e is not ticket), key=arrived)
        if mine and desk.once("travel:ref"):
            await desk.reply(mine[0], f"Booking reference {ref_s}: please send the alternatives.")
            return
        offer = next((body_of(e) for e in mine[1:] if re.search(r"\d\d:\d\d|\d(am|pm)", body_of(e))
                      and re.search(r"Reply|reply|tell us|Let us know|Which one", body_of(e))), None)
        meet = next((e for e in desk.events if str(e.get("title", "")).startswith("Client kick-off")), None)
        if offer is None or meet is None or not desk.once("travel:book"):
            return
        meeting = desk.at(meet["start"])
        main = re.split(DELAY, offer, maxsplit=1)[0]
        late_hm = {_hm(m.group(1)) for m in re.finditer(f"(?:{DELAY})\\D*?{T}", offer)}
        trains: list[tuple[float, datetime, datetime | None, bool]] = []  # (order key, dep, absolute arrival, free)
        for c in _chunks(main):
            dep_s = re.search(r"leaves " + T, c) or re.search(T, c)
            dep = meeting.replace(hour=_hm(dep_s.group(1))[0], minute=_hm(dep_s.group(1))[1])
            rel = re.search(r"(?:arriving|arrives|Gets in:|into \S+(?: \S+)*?) ([a-z -]+?) (after|before) the", c)
            tab = re.search(r"\| ([+-])(\d+) min \|", c)
            dur = re.search(r"journey time (\d+)h (\d+)m|(\w+) hours(?: and ([a-z -]+))? on the way", c)
            absolute = None
            if rel and rel.group(1) in WORDS:
                key = WORDS[rel.group(1)] * (1 if rel.group(2) == "after" else -1)
            elif tab:
                key = int(tab.group(2)) * (1 if tab.group(1) == "+" else -1)
            elif dur:
                hours = int(dur.group(1)) if dur.group(1) else ("", "one", "two", "three", "four").index(dur.group(3))
                mins = int(dur.group(2)) if dur.group(1) else WORDS.get(dur.group(4) or "", 0)
                absolute = dep + timedelta(hours=hours, minutes=mins)
                key = absolute.timestamp()
            else:
                at = re.search(r"(?:into [A-Z][\w' ]*? at|arriving \w+day|Gets in:|\|) " + T, c)
                h, mi = _hm(at.group(1) if at else re.findall(T, c)[-1])
                absolute, key = meeting.replace(hour=h, minute=mi), 0
            free = not re.search(PAID, c) and (dep.hour, dep.minute) not in late_hm
            trains.append((key, dep, absolute, free))
        anchor = next((t[2] for t in trains if t[2] is not None and t[0] == 0), None)
        free = sorted((t for t in trains if t[3]), key=lambda t: t[0])
        if not free:
            return
        key, dep, arr, _ = free[0]
        if arr is None and anchor is not None:
            arr = anchor + timedelta(minutes=key)
        await desk.reply(next(e for e in mine if body_of(e) == offer),
                         f"Please rebook {ref_s} on the {DAYS[dep.weekday()]} {dep:%H:%M} service.")
        if arr is None:
            return
        train = next((e for e in desk.events if str(e.get("title", "")).startswith("Train to")), None)
        if train:
            await desk.call("POST", "/calendar/update", {"event_id": train["event_id"], "start": dep.isoformat(),
                                                         "end": arr.isoformat()})
        partner = next((t for t in desk.inbox.sms if "I'll wait for you at" in body_of(t)), None)
        if partner:
            await desk.text(sender_of(partner), f"Change of plan: my train now gets in at {DAYS[arr.weekday()]} "
                                                f"{arr:%H:%M}. See you at the station!")
        desk.report.append(f"I rebooked you on the {dep:%H:%M}, arriving {arr:%H:%M}, and told your partner.")
