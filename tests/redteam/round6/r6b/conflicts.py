"""conflicts: parse the request with the part's public phrasings compiled into regexes (each dispute's two or three
rules constrained to its decision's phrasings, whose rule counts resolved from the names), read each event's role from
its id, then lose/move/decline with calendar_conflicts' own public target_start and tell each loser's other side."""

from __future__ import annotations

import re
import string
from typing import Any

from scenarios.parts import conflicts as C
from scenarios.parts._conflicts_phrases import PHRASES
from scenarios.parts.calendar_conflicts import rules as cc_rules
from services.purple.cheats.scripted.desk import Desk, Script, script

NAME = r"[A-Z][\w'\-]*"
CO = "(?:" + "|".join(re.escape(c) for c, _ in C.CUSTOMERS) + ")"
WHY = "(?:" + "|".join(re.escape(c) for c in C.CRUNCH) + ")"
_PERS = "|".join(re.escape(C._capital(p)).replace(re.escape("{child}"), NAME).replace("\\{child\\}", NAME)
                 for p in C.PERSONAL)
TITLE = ("(?:" + "|".join(re.escape(f"{c} {k}") for c, k in C.CUSTOMERS) + "|" + "|".join(map(re.escape, C.INTERNAL))
         + "|" + _PERS + "|1:1 with " + NAME + ")")
BASE = {"x": CO, "p": NAME, "why": WHY, "a": TITLE, "b": TITLE, "c": TITLE, "d": TITLE}


def _rx(template: str, pats: dict[str, str], named: bool) -> str:
    out, seen = [], set()
    for lit, name, _, _ in string.Formatter().parse(template):
        out.append(re.escape(lit))
        if name is None:
            continue
        pat = pats.get(name, r".+?")
        if not named:
            out.append(f"(?:{pat})")
        elif name in seen:
            out.append(f"(?P={name})")
        else:
            seen.add(name)
            out.append(f"(?P<{name}>{pat})")
    return "".join(out)


def _kinds(kinds: tuple[str, ...]) -> list[tuple[str, re.Pattern[str], str]]:
    """(kind, named full pattern, anonymous pattern) for every phrasing of ``kinds``."""
    return [(k, re.compile(_rx(t, BASE, True), re.DOTALL), _rx(t, BASE, False))
            for k in kinds for t in PHRASES.phrasings(k)]


DECISIONS = {
    "accept": _kinds(("accept_none", "accept_pair")),
    "home": _kinds(("personal_stays", "personal_yields")),
    "regime": _kinds(C.REGIMES),
    "destination": _kinds(C.DESTINATIONS),
    "trio": _kinds(("keep_one",)),
}


def _chosen(request: str, decision: str) -> tuple[str, re.Match[str]] | None:
    alts = "(?:" + "|".join(f"(?:{anon})" for _, _, anon in DECISIONS[decision]) + ")"
    pats = {"p": NAME, "q": NAME, "r": NAME, "who": NAME, "other": NAME, "x": alts, "y": alts, "z": alts}
    for kind in ("disputed", "disputed3"):
        for t in PHRASES.phrasings(kind):
            m = re.search(r"(?<![\w'])" + _rx(t, pats, True), request, re.DOTALL)
            if not m:
                continue
            g = m.groupdict()
            said = {g["p"]: g["x"], g["q"]: g["y"]}
            if g.get("r"):
                said[g["r"]] = g["z"]
            if g.get("who"):
                text = said.get(g["who"])
            else:
                rest = [v for k, v in said.items() if k != g.get("other")]
                text = rest[0] if len(rest) == 1 else None
            if text is None:
                continue
            for k, full, _ in DECISIONS[decision]:
                mm = full.fullmatch(text)
                if mm:
                    return k, mm
    return None


def _other_side(ev: dict[str, Any], user: str) -> dict[str, Any] | None:
    for a in ev.get("attendees") or []:
        if str(a.get("email", "")).lower() != user.lower():
            return a
    return None


CUST_TITLES = {f"{c} {k}" for c, k in C.CUSTOMERS}
PERSONAL_RX = re.compile("|".join(re.escape(C._capital(p)).replace(re.escape("{child}"), NAME).replace(
    "\\{child\\}", NAME) for p in C.PERSONAL))


def _roles(desk: Desk) -> dict[str, dict[str, Any]] | None:
    """Each event's role in the part, read from its title and overlaps (ids are opaque)."""
    live = [e for e in desk.events if e.get("start") and e.get("status") != "cancelled"]
    cust = [e for e in live if e.get("title") in CUST_TITLES]
    if len(cust) != 1:
        return None
    c = cust[0]
    day0 = desk.at(c["start"]).date()
    same = [e for e in live if desk.at(e["start"]).date() == day0]

    def over(a: dict[str, Any], b: dict[str, Any]) -> bool:
        return desk.at(a["start"]) < desk.at(b["end"]) and desk.at(b["start"]) < desk.at(a["end"])

    internal = [e for e in same if e.get("title") in C.INTERNAL]
    personal = [e for e in same if PERSONAL_RX.fullmatch(str(e.get("title", "")))]
    trio = sorted((e for e in same if str(e.get("title", "")).startswith("1:1 with ")), key=lambda e: e["title"])
    if len(personal) != 1 or len(trio) != 3:
        return None
    inn = [e for e in internal if over(e, c)]
    meet = [e for e in internal if over(e, personal[0]) and e not in inn]
    if len(inn) != 1 or len(meet) != 1:
        return None
    return {"customer": c, "internal": inn[0], "personal": personal[0], "meeting": meet[0],
            **dict(zip(C.TRIO, trio, strict=True))}


@script
class Conflicts(Script):
    part = "conflicts"
    trigger = r"."

    async def turn(self, desk: Desk) -> None:
        evs = _roles(desk)
        if evs is None:
            return
        req = desk.prompt
        got = {d: _chosen(req, d) for d in DECISIONS}
        if any(v is None for v in got.values()) or not desk.once("conflicts:done"):
            return
        user = desk.inbox.user_email
        span = {r: (desk.at(e["start"]), desk.at(e["end"])) for r, e in evs.items()}
        titles = {r: e.get("title", "") for r, e in evs.items()}
        # which overlap to fix
        k, m = got["accept"]
        accepted = None
        if k == "accept_pair":
            accepted = "a" if m.group("a") in (titles["customer"], titles["internal"]) else "b"
        personal_wins = got["home"][0] == "personal_stays"
        regime, rm = got["regime"]
        company = titles["customer"].split(" ")[0]
        cust_first = span["customer"][0] < span["internal"][0]
        client = (_other_side(evs["customer"], user) or {}).get("display_name", "") or ""
        if regime == "customers":
            wins = True
        elif regime == "internal":
            wins = False
        elif regime == "customers_except":
            wins = rm.group("x") != company
        elif regime == "internal_except":
            wins = rm.group("x") == company
        elif regime == "person":
            wins = client.split(" ")[0] == rm.group("p")
        elif regime == "earlier":
            wins = cust_first
        else:
            wins = not cust_first
        rule = got["destination"][0]
        keep_title = got["trio"][1].group("a")
        trio = next((r for r in C.TRIO if titles[r] == keep_title), C.TRIO[0])
        pairs = []
        if accepted != "a":
            pairs.append(("customer", "internal") if wins else ("internal", "customer"))
        if accepted != "b":
            pairs.append(("personal", "meeting") if personal_wins else ("meeting", "personal"))
        pairs += [(trio, r) for r in C.TRIO if r != trio]
        losers = [lo for _, lo in pairs]
        day0 = span["customer"][0].date()
        base = [(desk.at(e["start"]), desk.at(e["end"])) for e in desk.events
                if str(e.get("event_id")) not in {str(evs[x].get("event_id")) for x in losers}
                and e.get("start") and desk.at(e["start"]).date() == day0 and not e.get("all_day")
                and e.get("status") != "cancelled"]
        placed: list[Any] = []
        date = span["customer"][0]
        named = f"{date:%A} {date.day} {date:%B}"
        for winner, lo in pairs:
            ev = evs[lo]
            side = _other_side(ev, user)
            mine = str(ev.get("organizer", "")).lower() == user.lower()
            if mine:
                length = span[lo][1] - span[lo][0]
                at = cc_rules.target_start([*base, *placed], day0.isoformat(), length, rule, span[winner])
                if at is None:
                    continue
                placed.append((at, at + length))
                await desk.call("POST", "/calendar/update", {"event_id": ev["event_id"], "start": at.isoformat(),
                                                             "end": (at + length).isoformat()})
                if side:
                    await desk.email([side["email"]], f"{titles[lo]} moved",
                                     f"Hi {str(side.get('display_name', '')).split(' ')[0]},\n\nSorry for the "
                                     f"shuffle: {titles[lo]} now starts at {at:%H:%M} the same day, as the old time "
                                     f"clashed.\n\n{desk.book.name(user)}")
                desk.report.append(f"Moved {titles[lo]} to {at:%H:%M}.")
            else:
                await desk.call("POST", "/calendar/respond", {"event_id": ev["event_id"], "attendee_email": user,
                                                              "response": "declined"})
                if side:
                    await desk.email([side["email"]], f"Can't make {titles[lo]}",
                                     f"Hi {str(side.get('display_name', '')).split(' ')[0]},\n\nI'm sorry, I have to "
                                     f"decline {titles[lo]} on {named}: it clashes with something I can't move.")
                desk.report.append(f"Declined {titles[lo]}.")
