"""triage: the six asks are a fixed list, so each request is found by its ask sentence; its deadline is read by the
kind of sentence around it (an event named by topic, person, role, "our" or order, less a lead; a thread's first
deadline, then the overnight change, outright or as a shift, maybe reverted; a relay; a peer's), then one line per
request, urgent (today before 17:00) first."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from services.purple.cheats.base import arrived, body_of
from services.purple.cheats.scripted.desk import Desk, Script, script

ASKS = (("the landlord needs the lease addendum signed and sent back", "sign the lease addendum", "lease addendum"),
        ("finance is waiting on your approval of the revised budget", "approve the revised budget", "budget sign-off"),
        ("I need three talking points from you for the press brief", "give talking points for the press brief",
         "talking points"),
        ("legal would like your comments on the draft vendor contract", "comment on the vendor contract",
         "contract comments"),
        ("HR needs your sign-off on the job offer for the new analyst", "sign off the analyst's offer",
         "analyst offer"),
        ("the travel desk needs your go-ahead to book the Lisbon flights", "approve the Lisbon flights",
         "Lisbon booking"))
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
WHEN = re.compile(r"(today|tomorrow|(?:on )?(?:%s))(?: at|,) (\d{1,2}:\d\d|\d{1,2}(?::\d\d)?[ap]m)|"
                  r"(\d{1,2}:\d\d|\d{1,2}(?::\d\d)?[ap]m) (today|tomorrow|(?:on )?(?:%s))" % (("|".join(DAYS),) * 2))
ASIDE = re.compile(r"[^.?!]*(team lunch|rota review|offsite|fire drill)[^.]*\.\)?")
SHIFT = ((r"a day earlier|forward by a day|one day sooner", timedelta(days=-1)),
         (r"extra day|slip by a day|a day later", timedelta(days=1)),
         (r"two more hours|two hours longer|back by two hours", timedelta(hours=2)),
         (r"two hours sooner|forward by two hours|two hours earlier", timedelta(hours=-2)))


def _moment(text: str, written: date) -> datetime | None:
    m = WHEN.search(text)
    if not m:
        return None
    day, clock = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
    day = day.removeprefix("on ")
    d = written + timedelta(days={"today": 0, "tomorrow": 1}.get(day, (DAYS.index(day) - written.weekday()) % 7
                                                                   if day in DAYS else 0))
    h, mi = (clock.rstrip("apm").split(":") + ["0"])[:2]
    h = int(h) % 12 + (12 if clock.endswith("pm") else 0) if clock[-1] == "m" else int(h)
    return datetime(d.year, d.month, d.day, h, int(mi))


@script
class Triage(Script):
    part = "triage"
    trigger = r"Triage the emails that came in overnight"

    async def turn(self, desk: Desk) -> None:
        if not desk.once("triage"):
            return
        mails = sorted(desk.inbox.emails, key=arrived)
        state = await desk.call("GET", "/contacts/state") or {}
        roles = {str(c.get("job_title") or "").lower(): str(c.get("first_name")) for c in
                 (state.get("contacts") or {}).values()}
        events = [(desk.at(e["start"]).replace(tzinfo=None), str(e.get("title")), [str(a.get("display_name") or "")
                   .split(" ")[0] for a in e.get("attendees") or []]) for e in desk.events]
        reqs = []
        for ask, say, noun in ASKS:
            first = next((e for e in mails if ask.lower() in body_of(e).lower()), None)
            if first is not None:
                reqs.append({"mail": first, "say": say, "noun": noun, "who": body_of(first).strip().split("\n")[-1]})
        for r in reqs:
            e, who, noun = r["mail"], r["who"], r["noun"]
            body = ASIDE.sub(" ", body_of(e))
            written = desk.at(arrived(e)).date()
            lead = 30 if re.search(r"half an hour|thirty minutes", body) else \
                60 if re.search(r"an hour (?:before|ahead)|full hour", body) else 0
            ev = None
            if re.search(r"before|ahead of|by the time of", body) and not WHEN.search(body):
                body = re.sub(r"\(not the \w+ one\)|- not the one about \w+", " ", body)
                o = re.search(r"(earlier|first of your two|your next|later|second of your two) meetings? with (\w+)|"
                              r"the meeting with (\w+) after the next one", body)
                topical = [x for x in events if ": " in x[1] and x[1].split(": ")[1] in body
                           and x[1].split(": ")[0].lower() in body.lower()]
                role = next((n for k, n in roles.items() if k and (f"our {k}" in body.lower() or
                                                                   f"the {k}" in body.lower())), None)
                name = re.search(r"(?:meeting|slot|session) with (\w+)|(\w+) is joining", body)
                if o:
                    mine = sorted(x for x in events if (o.group(2) or o.group(3)) in x[2])
                    ev = mine[0] if o.group(1) and re.match(r"earlier|first|your next", o.group(1)) else mine[-1]
                elif topical:
                    ev = topical[0]
                elif role:
                    ev = next((x for x in events if role in x[2]), None)
                elif re.search(r"\bour (meeting|catch-up|session)", body):
                    ev = next((x for x in events if who in x[2]), None)
                elif name:
                    ev = next((x for x in events if (name.group(1) or name.group(2)) in x[2]), None)
            if ev is not None:
                r["due"] = ev[0] - timedelta(minutes=lead)
                continue
            r["due"] = _moment(body, written)
            threads = {e.get("thread_id")}
            for x in mails:
                if arrived(x) <= arrived(e) or not (x.get("thread_id") in threads or (
                        x.get("from_address") != e.get("from_address") and (who in body_of(x) or noun in body_of(x)))):
                    continue
                threads.add(x.get("thread_id"))
                text = ASIDE.sub(" ", body_of(x))
                if re.search(r"ignore my last mail|Forget the change|first deadline is back", text):
                    r["due"] = _moment(body, written)
                    continue
                new = _moment(text, desk.at(arrived(x)).date())
                shift = next((d for pat, d in SHIFT if re.search(pat, text)), None)
                if new is not None:
                    r["due"] = new
                elif shift is not None and r["due"] is not None:
                    r["due"] += shift
        for r in reqs:
            b = body_of(r["mail"])
            if r.get("due") is None:
                peer = next((p for p in reqs if p is not r and (f"{p['who']}'s" in b or p["noun"] in b)), None)
                r["due"] = peer.get("due") if peer else None
        today = desk.now.date()
        urgent = lambda r: r["due"].date() == today and r["due"].hour < 17  # noqa: E731
        done = sorted((r for r in reqs if r.get("due")), key=lambda r: not urgent(r))
        for r in done:
            day = "today" if r["due"].date() == today else f"{r['due']:%A}"
            desk.report.append(f"{'Urgent' if urgent(r) else 'Not urgent'} - {r['who']}: {r['say']}, due {day} at "
                               f"{r['due']:%H:%M}.")
