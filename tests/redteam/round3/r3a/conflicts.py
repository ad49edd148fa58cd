"""conflicts: the day is the one the request names; its events are told apart by the world's fixed title pools
(customer = a company's meeting with an outside attendee, personal = no attendees and a child's name, internal and
meeting = the other two clashing meetings; stand-up and planning untouched). The user's rules are read with small
cue lists: a company named = an exception, a client/colleague named = the person rule, superlatives for the
destination (negated clauses removed), "neither/both" for the accepted overlap. Losers the user organises move by
the rule (calendar_conflicts' public target_start), others are declined; their other side is emailed."""
from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from scenarios.parts.calendar_conflicts import rules as cc_rules
from services.purple.cheats.scripted.desk import Desk, Script, script

COMPANIES = ("Globex", "Initech", "Umbrella", "Hooli", "Soylent", "Stark")
INTERNAL = ("Eng sync", "Design review", "Budget review", "Roadmap sync", "Hiring debrief")
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
OK = r"\b(may|fine|stay|leave|hop|split|allowed|ok|okay|can overlap|both as they are|live with|tolerate|acceptable|" \
     r"as they are|no problem|can stay|don't mind|manage)\b"
FIX = r"\b(fix|fixing|can't|cannot|needs?|must|go|resolve|sort)\b"


def _named_day(prompt: str, now: datetime) -> date | None:
    mon = "|".join(MONTHS)
    found = []
    for m in re.finditer(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({mon})|\b({mon})\s+(\d{{1,2}})\b", prompt, re.I):
        d, name = (m[1], m[2]) if m[1] else (m[4], m[3])
        for year in (now.year, now.year + 1):
            try:
                cand = date(year, MONTHS.index(name.lower()) + 1, int(d))
            except ValueError:
                continue
            if 2 <= (cand - now.date()).days <= 25:
                found.append(cand)
    return found[0] if found else None


def _unneg(text: str) -> str:
    return re.sub(r"\bnot\b[^-–;:,.()]*", " ", text, flags=re.I)


WIN_I = r"wins?|stays?|keeps? (?:its|the|their) (?:slot|place|time)|takes? precedence|takes? priority|comes? first|stays? put|" \
        r"goes? first|gets? priority|prevails?|trumps?|ha(?:s|ve) priority|ha(?:s|ve) precedence|has the priority|" \
        r"must not be bumped|must be seen|comes? before|come ahead|is (?:the )?keeper|are (?:the )?keepers|is kept|" \
        r"gets? the (?:time|slot)|takes? the (?:time|slot)|i keep|is the one i keep"
LOSE_I = r"moves?|yields?|gives? way|loses?|shifts?|is what moves|are what moves|are the flexible|is the flexible|" \
         r"goes|can wait|gets? bumped|has to give|must give|is the one to (?:move|go|give way)|are the ones to (?:move|go)|" \
         r"gives? up|second place|can be bumped|comes? second|takes? a back seat|is the one that moves|" \
         r"steps? aside|moves? aside|can be moved|goes|is what goes"
BEAT_T = r"beats?|outranks?|over|trumps?|before|rather than|against|ahead of|above|ahead"
KEEP_T = r"keep|protect|hold|give the slot to|give priority to|prioriti[sz]e|favou?r"
MOVE_T = r"move|shift|drop|bump|sacrifice|reschedule"
NEG = r"(?:\bnot\b|\bnever\b|n't\b|\bno\b|\bnothing\b)"


def who_wins(text: str, a: str, b: str, first_wins: bool = False) -> float:
    """> 0 when the words say group ``a`` wins over group ``b`` (regexes of their nouns), < 0 for ``b``."""
    score = 0.0
    low = text.lower()
    nouns = [(m.start(), "a") for m in re.finditer(a, low)] + [(m.start(), "b") for m in re.finditer(b, low)]
    nouns.sort()
    if not nouns:
        return 0.0
    def before(p):
        prev = [g for q, g in nouns if q < p]
        return prev[-1] if prev else None
    def after(p):
        nxt = [g for q, g in nouns if q > p and q - p < 40]
        return nxt[0] if nxt else None
    win_i = WIN_I + ("|first" if first_wins else "")
    for m in re.finditer(rf"\b(?:{win_i}|{LOSE_I}|{BEAT_T}|{KEEP_T}|{MOVE_T})\b", low):
        verb = m[0]
        neg = bool(re.search(rf"{NEG}[\w\s']{{0,20}}$", low[max(0, m.start() - 26):m.start()]))
        sign = -1 if neg else 1
        if re.fullmatch(BEAT_T, verb):
            subj, obj = before(m.start()), after(m.end())
            if subj and obj and subj != obj:
                score += sign * (1 if subj == "a" else -1)
            elif obj:
                score += sign * (-1 if obj == "a" else 1)
            continue
        if re.fullmatch(KEEP_T, verb) or re.fullmatch(MOVE_T, verb):
            obj = None if re.match(r"\s+(?:them|it|those|these)\b", low[m.end():]) else after(m.end())
            who = obj or before(m.start())
            if who:
                good = re.fullmatch(KEEP_T, verb) is not None
                score += sign * (1 if (who == "a") == good else -1)
            continue
        subj = before(m.start())
        if subj and re.search(r"\bthe other(?: one)?\s*$", low[max(0, m.start() - 16):m.start()]):
            subj = "b" if subj == "a" else "a"
        if subj:
            good = re.fullmatch(win_i, verb) is not None
            score += sign * (1 if (subj == "a") == good else -1)
    return score


CUST = r"customers?|clients?|external"
INTL = r"internal|colleagues?|in-house|team meetings?|our own"


def customer_base(rtext: str) -> float:
    """> 0: the customer meeting wins by the user's base rule, < 0: the internal one, 0: no such rule."""
    rtext = re.sub(r"[^.;:,()-]*\b(?:customers?|clients?)\b[^.;:,()-]*\b(?:internal|colleagues?)\b[^.;:,()-]*\b(?:matter|regardless|"
                   r"irrelevant|whether|either way|no matter)\b[^.;:,()-]*", " ", rtext)
    base_text = re.split(r"\b(?:except|unless|excepted|other than|apart from|save for)\b", rtext)[0]
    base_text = " , ".join(c for c in re.split(r"[;:,()]|\s-\s", base_text)
                           if not any(co.lower() in c for co in COMPANIES))
    rev = re.search(r"\b(?:normally|usually|i'd say|would say|last week)\b(.*?)\b(?:but not|not this week|but this week)",
                    base_text)
    if rev:
        base_score = -who_wins(rev[1], CUST, INTL, True) or \
            who_wins(base_text[rev.end():], CUST, INTL, True)
    else:
        base_score = who_wins(base_text, CUST, INTL, True)
    return base_score


def destination(text: str) -> str:
    t = _unneg(text).lower()
    if re.search(r"13:00|\b1\s*pm|one o'clock", text.lower()) or re.search(r"afternoon|after lunch", t):
        return "afternoon"
    if re.search(r"ends? by|finish\w* (?:by|before)|ends? before|ahead of|by the time|prior to|over before|done before|"
                 r"before (?:it|that|the (?:meeting|other|winning|one|winner))|just before", t):
        return "before"
    if re.search(r"\blatest\b|\blast\b|as late|\blate in the day|\bfinal\b", t):
        return "latest"
    if re.search(r"\bafter\b|\bonce\b|is over|has ended|\bends\b|finishes\b|following|\bthen\b", t):
        return "after"
    return "earliest"


@script
class Conflicts(Script):
    part = "conflicts"
    trigger = r"."

    async def turn(self, desk: Desk) -> None:
        if not desk.once("conflicts"):
            return
        day = _named_day(desk.prompt, desk.now)
        if day is None:
            return
        user = desk.inbox.user_email.lower()
        evs = [e for e in desk.events if desk.at(e["start"]).date() == day and e.get("status") != "cancelled"]
        def others(e):
            return [a for a in e.get("attendees") or [] if str(a.get("email", "")).lower() != user]
        cust = next((e for e in evs if any(str(e.get("title", "")).startswith(c) for c in COMPANIES)), None)
        if cust is None:
            return
        def clashes(a, b):
            return desk.at(a["start"]) < desk.at(b["end"]) and desk.at(b["start"]) < desk.at(a["end"])
        internal = next((e for e in evs if e is not cust and clashes(e, cust) and others(e)
                         and (desk.at(e["end"]) - desk.at(e["start"])) >= timedelta(hours=1)), None)
        rest = [e for e in evs if e not in (cust, internal)]
        personal = next((e for e in rest if not others(e) and any(clashes(e, x) for x in rest if x is not e and others(x))), None)
        meeting = next((e for e in rest if personal is not None and e is not personal and clashes(e, personal)
                        and others(e)), None)
        if internal is None or personal is None or meeting is None:
            return
        req = desk.prompt
        low = req.lower()
        # personal stays?
        PERS = r"personal|family|private|commitments?\b|plans?\b|(?:lunch|swimming|parent)"
        MEET = r"meetings?\b|\bwork\b"
        clauses = [c for c in re.split(r"[;.()]|\([a-c]\)", low) if re.search(r"personal|family|private", c)]
        stays = sum(who_wins(c, PERS, MEET, True) for c in clauses) >= 0
        # customer vs internal
        customer_first = desk.at(cust["start"]) < desk.at(internal["start"])
        company = next(c for c in COMPANIES if str(cust.get("title", "")).startswith(c))
        cust_people = {str(a.get("display_name") or "").split()[0] for a in others(cust) if a.get("display_name")}
        int_people = {str(a.get("display_name") or "").split()[0] for a in others(internal) if a.get("display_name")}
        named_co = [c for c in COMPANIES if re.search(rf"\b{c}\b", req) and not re.search(
            rf"\b{c}\b\s+(?:QBR|kickoff|renewal call|pricing review|onboarding call|security review)\b", req)]
        regime = [c for c in re.split(r"[;]|\([a-c]\)|(?<=[.])\s", low)
                  if re.search(r"customer|client|internal|start|begin|earlier|later|first|second", c)
                  and not re.search(r"personal|family|free start|gap|13:00|9:00|loser|organi[sz]|no new clash|decline", c)]
        rtext = " ".join(regime)
        base_score = customer_base(rtext)
        int_base = base_score < 0
        cust_base = not int_base
        order_score = who_wins(rtext, r"earlier|earliest|first|sooner", r"\blater\b|latest|second|last")
        person = [p for p in cust_people | int_people if p and re.search(rf"\b{re.escape(p)}\b", req)]
        if named_co:
            x = named_co[0]
            customer_wins = (x != company) if cust_base else (x == company)
        elif person:
            customer_wins = person[0] in cust_people
        elif base_score == 0 and order_score != 0:
            customer_wins = customer_first if order_score > 0 else not customer_first
        else:
            customer_wins = cust_base
        # accepted overlap
        accepted = None
        if not re.search(r"\bneither\b|\bboth overlaps\b|\bnor\b|\bboth (?:have|need|must|can't)|two places", low):
            titles_a = [str(cust["title"]).lower(), str(internal["title"]).lower()]
            titles_b = [str(personal["title"]).lower(), str(meeting["title"]).lower()]
            for clause in re.split(r"[;:]|\bbut\b|\bwhile\b|\bwhereas\b|(?<=\w)\s+-\s+", low):
                ca = sum(t in clause for t in titles_a)
                cb = sum(t in clause for t in titles_b)
                if re.search(OK, clause) and not re.search(r"can't both|cannot both|needs? fix", clause):
                    if ca == 2 and cb == 0:
                        accepted = "a"
                    elif cb == 2 and ca == 0:
                        accepted = "b"
        rule = destination(req)
        pairs = []
        if accepted != "a":
            pairs.append((cust, internal) if customer_wins else (internal, cust))
        if accepted != "b":
            pairs.append((personal, meeting) if stays else (meeting, personal))
        losers = [l for _, l in pairs]
        keep = [e for e in evs if e not in losers]
        placed: list[tuple[datetime, datetime]] = []
        for winner, loser in pairs:
            mine = str(loser.get("organizer", "")).lower() in ("", user)
            people = [str(a.get("email")) for a in others(loser)]
            if mine:
                length = desk.at(loser["end"]) - desk.at(loser["start"])
                busy = [(desk.at(e["start"]), desk.at(e["end"])) for e in keep] + placed
                busy += [(desk.at(l["start"]), desk.at(l["end"])) for l in losers if l is not loser and
                         not any(l is x for x in [])][:0]
                target = cc_rules.target_start(busy, day.isoformat(), length, rule,
                                               (desk.at(winner["start"]), desk.at(winner["end"])))
                if target is None:
                    continue
                placed.append((target, target + length))
                await desk.call("POST", "/calendar/update", {"event_id": loser["event_id"], "start": target.isoformat(),
                                                             "end": (target + length).isoformat()})
                if people:
                    await desk.email(people, f"{loser['title']} moved to {target:%H:%M}",
                                     f"Hi,\n\nSorry for the shuffle: {loser['title']} on {day:%A %d %B} now starts at "
                                     f"{target:%H:%M}, as the old time clashed.\n\nBest")
            else:
                await desk.call("POST", "/calendar/respond", {"event_id": loser["event_id"],
                                                              "attendee_email": desk.inbox.user_email,
                                                              "response": "declined"})
                if people:
                    await desk.email(people, f"Can't make {loser['title']}",
                                     f"Hi,\n\nI'm sorry, I have to decline {loser['title']} on {day:%A %d %B}: it "
                                     f"clashes with something I can't move.\n\nBest")
        desk.report.append(f"Sorted the clashes on {day:%A}: rule {rule}.")
