"""facts_answer: host from the request's "with X"; the booking is the host's recent mail with a PS paragraph (4
paragraphs) or a full name; restaurants from the part's fixed list (not a phrasebook kind) checked against the
calendar's earlier dinners (locations) and old mails' guests; times from the plan mail, the calendar and the booking
(negation cues); the one dropping out: PS vs second mail, by negative words."""
from __future__ import annotations

import re
from datetime import timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

RESTAURANTS = ("Trattoria Vela", "Maple & Rye", "Golden Lantern", "The Olive Yard", "Casa Lumen", "Kinto Ramen",
               "Le Petit Quai", "Fig and Fennel", "The Salt Cellar")
BAD = (r"full|nothing|no (?:table|room|space|seats?|availability)|booked (?:up|out)|couldn'?t|could not|closed|"
       r"fully|no luck|turned us away|packed")
NEGT = (r"instead of|rather than|not(?: the)?|ignore(?: the)?|forget|from|no longer|was|wanted|offered|asked about|"
        r"suggested|move us to|pushed for|push(?:ed)? us to|their|refused(?: their)?|declined(?: their)?|"
        r"turned down(?: their)?|the old|the stale|disregard(?: the)?|said no to|no to|invite'?s|calendar'?s|"
        r"except|not at|skip(?: the)?|drop(?: the)?")
NEG_WORDS = (r"can'?t(?! wait)|cannot|won'?t|dropped|drop(?:ping)? out|\bout\b|cancel\w*|apolog\w*|miss|away|sadly|"
             r"sorry|after all|bad news|not|no longer|unable|pull(?:ed|ing)? out|bail\w*|something came up|unfortunately")
CLOCK = r"\b([01]?\d|2[0-3])[:.h]([0-5]\d)\b|\b(\d{1,2})(?::(\d\d))?\s*([ap])\.?m\b"


def _times(text: str) -> list[tuple[int, str]]:
    out = []
    for m in re.finditer(CLOCK, text, re.I):
        if m[1]:
            out.append((m.start(), f"{int(m[1]):02d}:{m[2]}"))
        else:
            h = int(m[3]) % 12 + (12 if m[5].lower() == "p" else 0)
            out.append((m.start(), f"{h:02d}:{m[4] or '00'}"))
    return out


def _first_name(addr: str) -> str:
    return addr.split("@")[0].split(".")[0].capitalize()


def _name(addr: str, desk: Desk) -> str:
    n = (desk.book.names.get(addr) if desk.book and getattr(desk.book, "names", None) else None) or ""
    if n:
        return n
    parts = addr.split("@")[0].split(".")
    return " ".join(p.capitalize() for p in parts)


def _body(e: dict) -> str:
    return str(e.get("body_text") or "")


def _paras(e: dict) -> list[str]:
    return [p for p in re.split(r"\n\s*\n", _body(e).strip()) if p.strip()]


@script
class FactsAnswer(Script):
    part = "facts_answer"
    trigger = r"dinner|supper|meal"

    async def turn(self, desk: Desk) -> None:
        m = re.search(r"\b(?:dinner|supper|meal)\b[^.?]*?\bwith ([A-Z][a-z]+)", desk.prompt)
        if not m or not desk.once("facts_answer"):
            return
        host = m[1]
        mails = desk.inbox.emails
        host_mails = [e for e in mails if _first_name(str(e.get("from_address", ""))) == host
                      or re.search(rf"\n{host}\s*$", _body(e))]
        if not host_mails:
            return
        haddr = str(host_mails[0]["from_address"]).lower()
        host_mails = [e for e in mails if str(e.get("from_address", "")).lower() == haddr]
        recent = [e for e in host_mails if desk.at(e.get("received_at") or e.get("sent_at")) > desk.now -
                  timedelta(days=10)]
        # earlier dinners: past events with a restaurant location
        past = sorted((ev for ev in desk.events if ev.get("location") and ev.get("start")
                       and desk.at(ev["start"]) < desk.now and str(ev["location"]) in RESTAURANTS),
                      key=lambda ev: ev["start"], reverse=True)
        earlier = [str(ev["location"]) for ev in past]
        # old mails: host mails naming an earlier place -> its guests' first names
        old_guests: dict[str, set[str]] = {}
        for e in host_mails:
            if e in recent:
                continue
            for r in earlier:
                if r in _body(e) or r in str(e.get("subject") or ""):
                    old_guests.setdefault(r, set()).update(re.findall(r"\b[A-Z][a-z]+\b", _body(e)))
        # booking: the recent host mail with most paragraphs / a full name
        def book_score(e: dict) -> tuple:
            b = _body(e)
            return (len(_paras(e)), len(re.findall(r"\b[A-Z][a-z]+ [A-Z][a-z]+\b", b)), len(b))
        booking = max(recent, key=book_score)
        btext = _body(booking)
        others = [e for e in recent if e is not booking]
        plan_t = None
        for e in sorted(others, key=lambda e: e.get("received_at") or ""):
            ts = _times(_body(e))
            if ts and not any(r in _body(e) for r in RESTAURANTS):
                plan_t = ts[0][1]
                break
        # calendar dinner
        cal_t, cal_day = None, None
        for ev in desk.events:
            if (host in str(ev.get("title") or "")) and not ev.get("location") and ev.get("start") and \
                    desk.at(ev["start"]) > desk.now:
                st = desk.at(ev["start"])
                cal_t, cal_day = f"{st:%H:%M}", st
        # ---------------------------------------------------------------- place
        named = [r for r in RESTAURANTS if r in btext]
        place = None
        sents = re.split(r"(?<=[.!?;,])\s+", btext)

        def rejected(r: str) -> bool:
            s = next((s for s in sents if r in s), "")
            return bool(re.search(BAD, s, re.I)) or r in earlier
        good = [r for r in named if not rejected(r)]
        ref = None
        user_first = _first_name(desk.inbox.user_email)
        mid = set(re.findall(r"(?<=[a-z,] )([A-Z][a-z]+)\b", btext)) - {host, user_first}
        for r, names in old_guests.items():
            if (names - {host, user_first}) & mid - {w for n in RESTAURANTS for w in n.split()}:
                ref = r
        if len(named) >= 2:
            fresh = [r for r in named if r not in earlier]
            place = good[-1] if good else (fresh[-1] if fresh else named[-1])
            if len(fresh) == 1 and len(good) != 1:
                place = fresh[0]
        elif len(named) == 1 and named[0] not in earlier and not re.search(BAD, next(
                (s for s in sents if named[0] in s), ""), re.I) and not ref:
            place = named[0]
        else:
            if ref:
                place = ref
            elif len(named) == 1 and named[0] in earlier and len(earlier) == 2:
                place = [r for r in earlier if r != named[0]][0]
            elif earlier:
                place = earlier[0]
        # ---------------------------------------------------------------- time
        bts = _times(btext)
        bset = list(dict.fromkeys(t for _, t in bts))
        at = None
        if len(bset) >= 2:
            score = {t: 0 for t in bset}
            for p, t in bts:
                pre, post = btext[max(0, p - 18):p].lower(), btext[p + 5:p + 40].lower()
                if re.search(rf"(?:{NEGT})\s*$", pre) or re.search(r"^\s*(?:was taken|slot is off|is off|was all|"
                                                                  r"which i turned|like they wanted|in the invite|"
                                                                  r"i put in|, which is wrong|which is wrong|offer|in the calendar|is out of date|is stale|is wrong|"
                                                                  r"is old|no longer|was gone|is gone|was taken|is taken|unavailable|was full|is off|fell through)", post):
                    score[t] -= 1
                if re.search(r"^\s*(?:it is|stands|in the end|came free|as (?:first )?planned|like i said|now|"
                             r"after all|, which is right|which was all|as agreed|as planned|stays|holds|again|works|is fine|"
                             r"is confirmed|is right)", post) or re.search(
                        r"(?:held out for|keep|keeping|stick with|sticking with|back on|staying at|staying with|"
                        r"to|at|back to|says|reads|set to|new one,|got|original|originally|confirmed|still|stayed with|"
                        r"stay with|is now|now at|it'?s|be)\s*$", pre):
                    score[t] += 1
            at = max(bset, key=lambda t: (score[t], t == bts[-1][1]))
        elif len(bset) == 1:
            at = bset[0]
        else:
            sm = re.search(r"(half an hour|an hour|30 min\w*|60 min\w*|one hour|1 hour)", btext, re.I)
            if sm and plan_t and (not cal_t or cal_t == plan_t):
                add = 30 if re.search(r"half|30", sm[1]) else 60
                h, mi = map(int, plan_t.split(":"))
                tot = h * 60 + mi + add
                at = f"{tot // 60:02d}:{tot % 60:02d}"
            else:
                at = cal_t or plan_t
        # ---------------------------------------------------------------- guests
        guest_full = None
        masked = btext
        for r in RESTAURANTS:
            masked = masked.replace(r, " ; ")
        for fm in re.finditer(r"\b([A-Z][a-z]+) ([A-Z][a-z]+)\b", masked):
            if f"{fm[1]} {fm[2]}" not in " ".join(RESTAURANTS) and fm[1] not in ("Hi", "Table", "Booked", "Good",
                                                                                     "Same", "Sorted", "So"):
                guest_full = f"{fm[1]} {fm[2]}"
                break
        gfirst = guest_full.split()[0] if guest_full else ""
        paras = _paras(booking)
        ps = paras[-2] if len(paras) >= 4 else (paras[-1] if paras else "")
        others_mail = [e for e in mails if str(e.get("from_address", "")).lower() != haddr
                       and desk.at(e.get("received_at") or e.get("sent_at")) > desk.now - timedelta(days=10)
                       and _first_name(str(e.get("from_address", ""))) != gfirst]
        count: dict[str, list[dict]] = {}
        for e in sorted(others_mail, key=lambda e: e.get("received_at") or ""):
            count.setdefault(str(e["from_address"]).lower(), []).append(e)
        people = list(count)
        late = None
        if people:
            ps_name = next((a for a in people if re.search(rf"\b{_first_name(a)}\b", ps)), None)
            twice = next((a for a in people if len(count[a]) >= 2), None)
            neg_ps = len(re.findall(NEG_WORDS, ps.split(_first_name(ps_name))[-1] if ps_name else ps, re.I))
            neg_tw = len(re.findall(NEG_WORDS, _body(count[twice][-1]), re.I)) if twice else 0
            if ps_name and twice and ps_name != twice:
                late = twice if neg_ps > neg_tw else ps_name if neg_tw > neg_ps else None
                if late is None:
                    late = ps_name
            elif ps_name:
                late = None if neg_ps else ps_name
                if late is None:
                    rest = [a for a in people if a != ps_name]
                    late = rest[0] if len(rest) == 1 else None
            elif twice:
                late = None if neg_tw else twice
                if late is None:
                    rest = [a for a in people if a != twice]
                    late = rest[0] if len(rest) == 1 else None
        day = cal_day.strftime("%A") if cal_day else ""
        names = [n for n in (guest_full, _name(late, desk) if late else None) if n]
        bits = [f"Your dinner with {host} is on {day} at {at}" if at else f"Your dinner with {host} is on {day}"]
        if place:
            bits.append(f"at {place}")
        line = ", ".join(bits) + "."
        if names:
            line += " Also coming: " + " and ".join(names) + "."
        desk.report.append(line)
        import os
        if os.environ.get("R4A_DEBUG"):
            print("BOOKING", repr(btext), "PLAN", plan_t, "CAL", cal_t, "EARLIER", earlier)
