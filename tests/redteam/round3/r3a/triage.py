"""triage: the requests are the world's fixed asks (their phrases are fields, not wording); the requester is who
wrote the ask's phrase. Its deadline: a tonight mail with the phrase that names another ask's noun takes that ask's
deadline (peer); one without names a calendar event (title+topic not after "not", a named colleague or role, the
requester, earlier/later of two) less a lead (half an hour / an hour); yesterday's mail with the phrase sets a
deadline that tonight's mail in its thread or a colleague's relay naming the requester moves (a day-worded time
outright, else a day/two hours earlier/later by a cue list), and a later mail with no time reverts it. Reported in
chat, due today before 17:00 first, one line each; nothing sent."""
from __future__ import annotations

import re
from datetime import datetime, timedelta

from green_agent.scenario_kit.facts import times
from services.purple.cheats.scripted.desk import Desk, Script, script

ASKS = (("Lease addendum", "the landlord needs the lease addendum signed and sent back", "sign the lease addendum",
         ("lease",), "lease addendum"),
        ("Revised budget", "finance is waiting on your approval of the revised budget", "approve the revised budget",
         ("budget",), "budget sign-off"),
        ("Press brief", "I need three talking points from you for the press brief",
         "give talking points for the press brief", ("talking points", "press brief"), "talking points"),
        ("Vendor contract", "legal would like your comments on the draft vendor contract",
         "comment on the vendor contract", ("contract",), "contract comments"),
        ("Analyst hire", "HR needs your sign-off on the job offer for the new analyst", "sign off the analyst's offer",
         ("analyst",), "analyst offer"),
        ("Lisbon trip", "the travel desk needs your go-ahead to book the Lisbon flights",
         "approve the Lisbon flights", ("Lisbon",), "Lisbon booking"))
DAYW = r"\b(today|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b"
EARLY = r"\b(earlier|sooner|forward|bring|pulled|ahead|less|advance|before|prior|previous|off|shorter|fewer|minus|faster|up)\b"
LATE = r"\b(later|extra|slip|slides?|longer|more|push|delay|postpone|wait|rush|another|back|after|following|add|plus|next)\b"


def _when(e: dict) -> str:
    return str(e.get("received_at") or e.get("sent_at") or "")


def _body(e: dict) -> str:
    b = str(e.get("body_text") or "")
    parts = b.rsplit("\n\n", 1)
    return parts[0] if len(parts) == 2 and len(parts[1]) < 30 else b


def _day_times(text: str, ref: datetime) -> list[datetime]:
    out = []
    for sent in re.split(r"(?<=[.!?])\s+|\n", text):
        if re.search(DAYW, sent, re.I):
            out += sorted(times(sent, ref))
    return out


@script
class Triage(Script):
    part = "triage"
    trigger = r"."

    async def turn(self, desk: Desk) -> None:
        if not desk.once("triage"):
            return
        mails = sorted(desk.inbox.all_emails, key=_when)
        mails = [m for m in mails if str(m.get("from_address", "")).lower() != desk.inbox.user_email.lower()]
        today = desk.now.date()
        tonight = [m for m in mails if desk.at(_when(m)).date() == today]
        asks = []
        for ask in ASKS:
            phrase = ask[1].lower()
            has = [m for m in mails if phrase in str(m.get("body_text") or "").lower()]
            if has:
                asks.append((ask, has))
        if len(asks) < 2:
            return
        contacts = (await desk.call("GET", "/contacts/state") or {}).get("contacts") or {}
        self._roles = {}
        for c in contacts.values() if isinstance(contacts, dict) else []:
            title = str(c.get("job_title") or "")
            for ident in c.get("identifiers") or []:
                if ident.get("identifier_type") == "email" and title:
                    self._roles.setdefault(str(ident.get("value")).lower(), []).append(title)
        due: dict[str, datetime] = {}
        who: dict[str, str] = {}
        peers: dict[str, str] = {}
        for ask, has in asks:
            sender = str(has[0].get("from_address"))
            who[ask[0]] = desk.book.name(sender).split()[0]
            night = [m for m in has if m in tonight]
            if night:
                m = night[-1]
                body = _body(m).lower().replace(ask[1].lower(), " ")
                other = next((a for a, _ in asks if a is not ask and re.search(
                    r"\b(" + "|".join(re.escape(k.lower()) for k in (a[4], *a[3])) + r")\b", body)), None)
                if other is not None:
                    peers[ask[0]] = other[0]
                    continue
                d = self._event(desk, m, sender)
                if d:
                    due[ask[0]] = d
                continue
            first = has[-1]
            old = _day_times(_body(first), desk.at(_when(first)))
            if not old:
                continue
            old_t = old[0]
            first_name = who[ask[0]]
            shift = [m for m in tonight if m.get("thread_id") == first.get("thread_id") and m is not first
                     or (str(m.get("from_address")) != sender and re.search(rf"\b{first_name}\b", _body(m))
                         and not any(a[1].lower() in _body(m).lower() for a in ASKS))]
            if not shift:
                due[ask[0]] = old_t
                continue
            s = shift[0]
            new = _day_times(_body(s), desk.at(_when(s)))
            new = [t for t in new if t != old_t]
            if new:
                new_t = new[0]
            else:
                text = _body(s)
                new_t = old_t
                for sent in re.split(r"(?<=[.!?])\s+|\n|:", text):
                    unit = ("day" if re.search(r"\b(twenty-four|24)\s+hours\b", sent, re.I) else "hour" if re.search(r"\b(two|2|couple of)\s+(more\s+)?hours?\b|\bhours?\s+(earlier|later|sooner|"
                                                r"longer|more|back|forward)|\bminutes\b", sent, re.I)
                            else "day" if re.search(r"\bday\b", sent, re.I)
                            else "hour" if re.search(r"hour", sent, re.I) else None)
                    if unit is None:
                        continue
                    e = len(re.findall(EARLY, sent, re.I))
                    l = len(re.findall(LATE, sent, re.I))
                    sign = -1 if e > l else 1
                    new_t = old_t + (timedelta(days=sign) if unit == "day" else timedelta(hours=2 * sign))
                    break
            reverted = [m for m in tonight if _when(m) > _when(s) and m not in shift[:1]
                        and (m.get("thread_id") == s.get("thread_id") or str(m.get("from_address")) == str(s.get("from_address")))
                        and not times(_body(m), desk.at(_when(m)))]
            due[ask[0]] = old_t if reverted else new_t
        for a, b in peers.items():
            if b in due:
                due[a] = due[b]
        items = [(a, who[a], t) for a, t in due.items()]
        cutoff = desk.now.replace(hour=17, minute=0, second=0, microsecond=0)
        urgent = sorted([x for x in items if x[2].date() == today and x[2] < cutoff], key=lambda x: x[2])
        rest = sorted([x for x in items if x not in urgent], key=lambda x: x[2])
        phr = {a[0]: a[2] for a in ASKS}
        def line(x):
            a, n, t = x
            day = "today" if t.date() == today else f"{t:%A}"
            return f"{n}: {phr[a]}, due {day} at {t:%H:%M}"
        out = ["Overnight mail, urgent first:"] + [line(x) for x in urgent] + ["Not urgent:"] + [line(x) for x in rest]
        desk.report.append("\n".join(out))


    def _event(self, desk: Desk, m: dict, sender: str) -> datetime | None:
        body = _body(m)
        low = body.lower()
        lead = 30 if re.search(r"half an hour|half-hour|half hour|thirty|30 ?min", low) else 60 if re.search(
            r"\b(?:an?|one|1|full|clear|whole|good)\s+(?:\w+\s+)?hour\b|60 ?min|sixty|1 ?h\b", low) else 0
        user = desk.inbox.user_email.lower()
        evs = [e for e in desk.events if desk.at(e["start"]).date() >= desk.now.date()]
        def people(e):
            return [a for a in e.get("attendees") or [] if str(a.get("email", "")).lower() != user]
        cands = []
        # topic form
        for e in evs:
            t = str(e.get("title") or "")
            if ":" in t:
                base, topic = [x.strip() for x in t.split(":", 1)]
                bare = low.replace(base.lower(), " " * len(base))
                if base.lower() in low and topic.lower() in bare:
                    p = bare.find(topic.lower())
                    neg = re.search(r"\b(not|rather than|instead of|other than|unlike|except)\b[^.;]{0,20}$",
                                    low[max(0, p - 25):p]) or re.match(
                        r"[^.;]{0,12}\b(is|isn't|is not)\b[^.;]{0,6}\b(different|another|other|not)\b", low[p + len(topic):])
                    cands.append((p + (10000 if neg else 0), e))
        if cands:
            cands.sort(key=lambda x: x[0])
            return desk.at(cands[0][1]["start"]) - timedelta(minutes=lead)
        # a named colleague or role
        named = []
        for e in evs:
            for a in people(e):
                first = str(a.get("display_name") or "").split()[0] if a.get("display_name") else ""
                if first and re.search(rf"\b{first}\b", body) and str(a.get("email", "")).lower() != sender.lower():
                    named.append(e)
        if not named:
            contacts = {a: n for a, n in desk.book.names.items() if "@" in a}
            for e in evs:
                for a in people(e):
                    addr = str(a.get("email", "")).lower()
                    for c in self._roles.get(addr, []):
                        if c.lower() in low:
                            named.append(e)
        if not named:
            named = [e for e in evs if any(str(a.get("email", "")).lower() == sender.lower() for a in people(e))]
        if not named:
            return None
        named.sort(key=lambda e: desk.at(e["start"]))
        sents = [x for x in re.split(r"(?<=[.!?])\s+|\n", low) if any(
            str(a.get("display_name") or "").split()[0].lower() in x for e in named[:1] for a in people(e)
            if a.get("display_name"))] or [low]
        if len(named) >= 2 and re.search(r"\blater\b|\bsecond\b|after the next|\blast\b|latter|final", sents[0]):
            pick = named[-1]
        else:
            pick = named[0]
        return desk.at(pick["start"]) - timedelta(minutes=lead)

    _roles: dict = {}
