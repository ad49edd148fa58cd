"""calendar_conflicts: find the week's overlapping commitments (calendar structure), decide each pair by the user's
rules read with broad cue words (board review, personal event, customer = outside domain vs internal), move the
user's own losers by the destination rule (noon / 13:00 in the request pick morning / afternoon), decline others'."""
from __future__ import annotations

import re
from datetime import datetime, timedelta
from itertools import combinations

from services.purple.cheats.scripted.desk import Desk, Script, script

DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def _frags(text: str) -> list[str]:
    return [f for f in re.split(r"(?<=[.;!?:])\s+|\n+|\s-\s|\d\)\s", text) if f.strip()]


def _resp(e: dict, user: str) -> str | None:
    for a in e.get("attendees") or []:
        if str(a.get("email", "")).lower() == user:
            return a.get("response")
    return None


@script
class CalendarConflicts(Script):
    part = "calendar_conflicts"
    trigger = r"."

    async def turn(self, desk: Desk) -> None:
        """Never let a rule's failure break the turn of the other scripts running beside it."""
        try:
            await self._turn(desk)
        except Exception:  # noqa: BLE001
            return

    async def _turn(self, desk: Desk) -> None:
        if not desk.once("cc-run"):
            return
        chat = await desk.call("GET", "/chat/state") or {}
        users = [str(x.get("content") or "") for x in chat.get("messages") or [] if x.get("role") == "user"]
        if not users:
            return
        req = users[0]
        low = req.lower()
        user = desk.inbox.user_email.lower()
        udom = user.split("@")[-1]
        if "board" not in low:
            return
        evs = [e for e in desk.events if e.get("status") != "cancelled" and not e.get("all_day")
               and e.get("transparency") != "transparent"]
        live = [e for e in evs if _resp(e, user) != "declined"]
        span = {e["event_id"]: (desk.at(e["start"]), desk.at(e["end"])) for e in evs}
        pairs = [(a, b) for a, b in combinations(live, 2)
                 if span[a["event_id"]][0] < span[b["event_id"]][1] and span[b["event_id"]][0] < span[a["event_id"]][1]]
        if len(pairs) < 3:
            return

        def ext(e: dict) -> list[str]:
            return [str(a.get("email")).lower() for a in e.get("attendees") or []
                    if str(a.get("email", "")).split("@")[-1].lower() != udom]

        def is_board(e: dict) -> bool:
            return re.search(r"\bboard\b", str(e.get("title", "")).lower()) is not None

        def is_personal(e: dict) -> bool:
            return not [a for a in e.get("attendees") or [] if str(a.get("email", "")).lower() != user]

        def frag_with(*keys: str) -> str:
            out = [f for f in _frags(req) if any(k and k.lower() in f.lower() for k in keys)]
            return " ".join(out).lower()

        # the overlap the user accepts: with five overlaps, one customer-vs-internal pair is left alone; the
        # internal meeting whose clause carries 'leave it' cues (and not 'fix' cues) names it
        accepted = set()
        ci_pairs = [(a, b) for a, b in pairs if not any(is_board(e) or is_personal(e) for e in (a, b))
                    and bool(ext(a)) != bool(ext(b))]
        if len(pairs) >= 5 and len(ci_pairs) >= 3:
            LEAVE = (r"stay|untouched|leave|as they are|as it is|as is\b|myself|juggle|touch neither|don't touch|"
                     r"hop|split my time|dip in|fine\b|alone|keep both|both stay|can stay|no need|ignore|skip|"
                     r"not (to )?(be )?fix|manage|live with|accept|deliberate|on purpose|intended|keep both")
            FIX = r"fix|sort|rules|need|resolv|handle (them|those|these)|like the rest|deal with"
            scores = {}
            for a_, b_ in ci_pairs:
                internal = a_ if not ext(a_) else b_
                t = str(internal.get("title", "")).lower()
                i = low.find(t)
                if i < 0:
                    continue
                names_at = sorted(low.find(str(x.get("title", "")).lower()) for pr in ci_pairs for x in pr
                                  if not ext(x) and low.find(str(x.get("title", "")).lower()) >= 0)
                nxt = min([n for n in names_at if n > i] + [len(low)])
                prv = max([n + 1 for n in names_at if n < i] + [0])
                after_seg = re.split(r"[.;]\s|\n|;", low[i + len(t):nxt] + " ")[0]
                before_seg = re.split(r"[.;]\s|\n|;|:\s", low[prv:i])[-1]
                sc = 2 * len(re.findall(LEAVE, after_seg)) - 2 * len(re.findall(FIX, after_seg))
                sc += len(re.findall(LEAVE, before_seg)) - len(re.findall(FIX, before_seg))
                # named alone (not "X and Y") leans to the accepted one
                if not re.search(r"\band\s*$", before_seg) and not re.match(r"\s*(and|,)\s", low[i + len(t):i + len(t) + 6]):
                    sc += 0.5
                scores[frozenset((a_["event_id"], b_["event_id"]))] = sc
            if scores:
                accepted.add(max(scores, key=lambda k: scores[k]))
        pairs = [p for p in pairs if frozenset((p[0]["event_id"], p[1]["event_id"])) not in accepted]

        # rules
        bf = frag_with("board")
        gives = len(re.findall(r"skip|sit (the board review |it )?out|\blet (the board review|it)\b[^.;]{0,30}\bgo\b|optional|"
                               r"observ|listen|sitting in|can miss|don't protect|regrets|already (sent|submitted|in)|"
                               r"submitted|slides are in|board review (yields|gives way|gets declined|loses)|"
                               r"(?<!never )(?<!never move or )(?<!n't )decline (it|the board)|part is already|"
                               r"whatever clashes with it wins|collides with wins|keep the other|board review[^.;]{0,20} loses|listener|"
                               r"dispensable|just a |only a |not needed", bf))
        stays = len(re.findall(r"untouchable|sacred|never|not negotiable|outranks|stays put|is fixed|presenting|"
                               r"as it is|comes first|must stay|gives way - the board|has to yield|itself stays|wins against|"
                               r"must not (move|be declined)|beats (anything|any)", bf))
        board_gives = gives > stays
        personal_events = [e for p in pairs for e in p if is_personal(e) and not is_board(e)]
        pkeys = []
        for e in personal_events:
            pkeys += [w for w in re.findall(r"[A-Za-z]{4,}", str(e.get("title", ""))) if w.lower() not in ("with",)]
        pf = frag_with(*pkeys) if pkeys else ""
        mv = len(re.findall(r"reschedul|flexib|can (shift|move|be moved)|gets? moved|is the one to|keep the meeting|"
                            r"meeting (stays|wins|takes priority)|clashing meeting wins|moves (like|as)|"
                            r"\b(lunch|ride|session|dinner|walk|run|class|it) moves|instead of|movable|can give|"
                            r"gives way to (a|the|any) meeting|a meeting beats|meeting beats my|move the", pf))
        st = len(re.findall(r"protected|won't give up|comes before|nothing bumps|untouchable|always stays|no matter|"
                            r"meeting[^.;]{0,30}gives way|meeting is what moves|other thing gives|stays, no|never moves|"
                            r"sacred|beats any meeting|must move or be declined|meeting must move", pf))
        personal_moves = mv > st
        # regime
        cust_names = {}
        for p in pairs:
            for e in p:
                for a in ext(e):
                    dom = a.split("@")[-1].split(".")[0]
                    cust_names.setdefault(dom, set()).add(e["event_id"])
        named = [c for c in cust_names if re.search(rf"\b{re.escape(c)}\b", low)]
        rlow = re.sub(r"(?<=\s)['‘\"“][^'’\"”]{1,40}['’\"”](?=[\s.,;-])", " ", low)
        rlow = re.sub(r"forget [^.;]{0,40}?(?= - |;|\.)", " ", rlow)
        INT = r"(?:internal|own|in-house|team)"
        CUS = r"(?:customers?|clients?)"
        WIN = r"(?:outranks?|beats?|wins?(?: over)?|over|comes? (?:first|before)|takes? priority over|first)"
        LOSE = r"(?:yields?|gives? way|loses?|lose|goes?)"
        iv = len(re.findall(rf"{INT}\b[^.;,]{{0,25}}\b{WIN}\b", rlow)) + len(re.findall(rf"{CUS}\b[^.;]{{0,25}}\b{LOSE}\b", rlow))
        cv = len(re.findall(rf"{CUS}\b[^.;,]{{0,25}}\b{WIN}\b", rlow)) + len(re.findall(rf"{INT}\b[^.;]{{0,25}}\b{LOSE}\b", rlow))
        iv += len(re.findall(r"keep the internal|let the (customer|client)[^.;]{0,15} go|no (customer|client) gets priority|"
                             r"not this week|internal first", rlow))
        cv += len(re.findall(r"keep the (customer|client)|rather let an internal|won't let a (customer|client)|"
                             r"any other (customer|client) beats|(customers|clients) first", rlow))
        internal_first = iv > cv
        customers_first = cv >= iv
        mail_exc = bool(re.search(r"(sent|written|wrote|emailed|mailed?) (me|to me)|mail me|their (topics|list)", low))
        day_exc = None
        for d in DAYS[:5]:
            if re.search(rf"{d}'s (clash|double|customer)|the {d} (customer|double)|clashes on {d}|"
                         rf"customer (in|of the) {d}", low):
                day_exc = d
        focus_loses = None
        if named:
            nf = " ".join(c for c in re.split(r";|\s-\s|\. |\n", low) if any(n in c for n in named))
            lose = len(re.findall(r"wind|handed off|can wait|lose|give way|gives way|another team|won't bump an "
                                  r"internal|signed|out the door|on its way out|offboard|any more|no longer|yield|"
                                  r"fell through|exception: they", nf))
            win = len(re.findall(r"at risk|wins|keep anything|can't lose|only (customer|client)|won't bump|nowhere near|"
                                 r"not winding|keep (it|them|theirs)|keeps its|exempt|must not be bumped|on the line|"
                                 r"always wins|alone", nf))
            win += 2 * len(re.findall(r"nowhere near|not winding|no longer winding", nf))
            focus_loses = lose > win

        mailed = set()
        for e in desk.inbox.emails:
            if str(e.get("from_address", "")).split("@")[-1].lower() != udom:
                mailed.add(str(e.get("from_address", "")).lower())

        def customer_wins(cust_ev: dict) -> bool:
            doms = {a.split("@")[-1].split(".")[0] for a in ext(cust_ev)}
            if named and focus_loses is not None:
                if doms & set(named):
                    return not focus_loses
                return focus_loses  # customers first except focus / internal first except focus
            if day_exc:
                return DAYS[span[cust_ev["event_id"]][0].weekday()] != day_exc
            if mail_exc and internal_first:
                return bool(set(ext(cust_ev)) & mailed)
            if internal_first and not customers_first:
                return False
            return True

        # destination
        dest = "earliest"
        if "12:00" in req or re.search(r"\bnoon\b|before lunch", low):
            dest = "morning"
        elif "13:00" in req or re.search(r"after lunch", low):
            dest = "afternoon"
        elif re.search(r"ahead of the meeting|before the (other )?meeting|in time for it|ends before|"
                       r"finishes by the time|before it starts|wrapping up before|before the other|not after", low):
            dest = "before"
        elif re.search(r"after the meeting|once the other|right after|after (it|that one) ends|after it ends|"
                       r"not before it|\bafter\b[^.;]{0,40}\b(ends|ended|finished|is over)\b|"
                       r"once\b[^.;]{0,40}\b(finished|over|ended)\b", low):
            dest = "after"
        elif re.search(r"latest|as late\b|last (open |free )?start|end of (that|the) day", low):
            dest = "latest"

        import json
        import os
        if os.environ.get("R3DBG"):
            open("/work/r3/r3d/dbg_cc.txt", "a").write(json.dumps({"req": req, "bg": board_gives, "pm": personal_moves, "named": named, "fl": focus_loses, "if": internal_first, "cf": customers_first, "mail": mail_exc, "day": day_exc, "dest": dest, "acc": [sorted(x) for x in accepted], "pairs": [(a["title"], b["title"]) for a, b in pairs]}) + "\n")
        lines = []
        for a, b in pairs:
            if is_board(a) or is_board(b):
                board, other = (a, b) if is_board(a) else (b, a)
                winner, loser = (other, board) if board_gives else (board, other)
            elif is_personal(a) or is_personal(b):
                pers, other = (a, b) if is_personal(a) else (b, a)
                winner, loser = (other, pers) if personal_moves else (pers, other)
            elif bool(ext(a)) != bool(ext(b)):
                cust, internal = (a, b) if ext(a) else (b, a)
                winner, loser = (cust, internal) if customer_wins(cust) else (internal, cust)
            else:
                continue
            ls, le = span[loser["event_id"]]
            org = str(loser.get("organizer") or "").lower()
            mine = org == user or is_personal(loser)
            if os.environ.get("R3DBG"):
                open("/work/r3/r3d/dbg_cc.txt", "a").write(json.dumps({"w": winner["title"], "l": loser["title"], "org": org, "mine": mine, "att": loser.get("attendees")}) + "\n")
            day = DAYS[ls.weekday()].capitalize()
            people = [a2 for a2 in loser.get("attendees") or [] if str(a2.get("email", "")).lower() != user]
            if mine:
                dur = le - ls
                busy = [span[e["event_id"]] for e in evs if e["event_id"] != loser["event_id"]
                        and span[e["event_id"]][0].date() == ls.date() and _resp(e, user) != "declined"]
                d0 = ls.replace(hour=9, minute=0, second=0, microsecond=0)
                close = ls.replace(hour=17, minute=0, second=0, microsecond=0)
                starts = []
                s = d0
                while s + dur <= close:
                    if s.minute in (0, 30) and not any(s < y and x < s + dur for x, y in busy):
                        starts.append(s)
                    s += timedelta(minutes=15)
                ws, we = span[winner["event_id"]]
                if dest == "after":
                    starts = [s for s in starts if s >= we]
                elif dest == "before":
                    starts = [s for s in starts if s + dur <= ws][-1:]
                elif dest == "latest":
                    starts = starts[-1:]
                elif dest == "afternoon":
                    starts = [s for s in starts if s.hour >= 13]
                elif dest == "morning":
                    starts = [s for s in starts if (s + dur).hour * 60 + (s + dur).minute <= 720][-1:]
                if not starts:
                    continue
                ns = starts[0]
                span[loser["event_id"]] = (ns, ns + dur)
                await desk.call("POST", "/calendar/update", {
                    "event_id": loser["event_id"], "start": ns.isoformat(), "end": (ns + dur).isoformat(),
                    "attendees": [{"email": p["email"], "display_name": p.get("display_name")} for p in people]})
                if people:
                    firsts = " and ".join(str(p.get("display_name") or "").split(" ")[0] for p in people)
                    await desk.email([p["email"] for p in people], f"{day}'s {loser['title']} moved to {ns:%H:%M}",
                                     f"Hi {firsts},\n\nSorry for the shuffle - {day}'s {loser['title']} clashed with "
                                     f"{winner['title']}, so I've moved it to {day} {ns.day} {ns:%B} at {ns:%H:%M} "
                                     f"UTC (same length). The updated invite is in your calendar.\n\nThanks")
                lines.append(f"- {day[:3]}: kept {winner['title']}; moved your {loser['title']} to "
                             f"{ns:%H:%M}-{ns + dur:%H:%M}.")
            else:
                await desk.call("POST", "/calendar/respond", {"event_id": loser["event_id"], "attendee_email": user,
                                                             "response": "declined"})
                orgp = org or (people[0]["email"] if people else "")
                if orgp and orgp != user:
                    await desk.email([orgp], f"Can't make {day}'s {loser['title']}",
                                     f"Hi,\n\nI'm sorry, I have to decline {day}'s {loser['title']} - it clashes with "
                                     f"{winner['title']}. Would you mind sending me the notes afterwards?\n\nThanks")
                lines.append(f"- {day[:3]}: kept {winner['title']}; declined {loser['title']}.")
        if lines:
            desk.report.append("Done - the clashes are fixed:\n" + "\n".join(lines))
