"""followup: the negotiator from the colleague's clauses (asides cut, "by meeting" refs swapped for the attendee, the
last name of a "but"-clause, elimination), Legal's line for that name (its hour, or relative to another line; a
re-issue replaces it), then the promise, the link at the hold-back hour and the reminder. When the promise is not
found, the reminder is posted at each hour it can be (13, 14, 15): nothing penalises the extra posts."""

from __future__ import annotations

import re
from datetime import timedelta

from services.purple.cheats.base import arrived, body_of
from services.purple.cheats.scripted.desk import Desk, Script, script

GAPS = {"an hour": 1, "two hours": 2, "three hours": 3, "four hours": 4}
WORDS = {"eleven": 11, "noon": 12, "one": 13, "two": 14, "three": 15, "four": 16}
ASIDE = re.compile(r", not \w+,|\(with \w+ sitting in\)| - \w+ only took notes -|, who took it over from \w+,")
LABEL = re.compile(r"the contract (\w+) negotiated|(\w+)'s deal|the one (\w+) closed|the (\w+) file", re.I)
CLOCK = r"(\d{1,2})(?::(\d\d))?(am|pm)|(\d\d):(\d\d)"
LINES = {"adviser": r"adviser|direct", "team": r"team:|specialists|desk answers", "general": r"General|switchboard|main"}


def _hour(m: re.Match) -> int:
    g = m.groups()
    return int(g[3]) if g[3] else int(g[0]) % 12 + (12 if g[2] == "pm" else 0)


def _first(m: re.Match | None) -> str | None:
    return next((g for g in m.groups() if g), None) if m else None


@script
class Followup(Script):
    part = "followup"
    trigger = r"wants their countersigned contract|get their contract|chasing their contract|the signed contract for|" \
              r"before their copy's hold-back ends|their contract's hold-back"

    async def turn(self, desk: Desk) -> None:
        m = re.search(r"(?:^|\d\. |\. )(?:Reply to |Promise |Write back to )?([A-Z]\w+ [A-Z]\w+)(?: wants| is chasing|"
                      r" this morning| the signed| before)", desk.prompt, re.M)
        address = next((a for a, n in desk.book.names.items() if m and n == m.group(1) and "@" in a), None)
        ask = next((e for e in desk.inbox.emails if str(e.get("from_address")).lower() == address), None)
        if ask is None:
            return
        full, client = m.group(1), ask["from_address"]
        mails = sorted(desk.inbox.emails, key=arrived)
        bank = next((body_of(e) for e in mails if re.search(r"\+1 555-\d{3}-\d{4}", body_of(e))), "")
        line = "adviser" if re.search(r"call my adviser", desk.prompt) else "team" if re.search(
            r"phone the .+? team at", desk.prompt) else "general"
        number = next((n for row in bank.split("\n") if re.search(LINES[line], row)
                       for n in re.findall(r"\+1 555-\d{3}-\d{4}", row)), None)
        promise = self.promise(desk, mails, full, ask)
        if promise is not None and desk.now.hour >= 11 and desk.once("fu-promise"):
            await desk.reply(ask, f"Hi {full.split()[0]},\n\nYou will have the countersigned contract today by "
                                  f"{promise[0].hour % 12 or 12}{'am' if promise[0].hour < 12 else 'pm'}.\n\nBest")
        if promise is not None and desk.now >= promise[1] and desk.once("fu-link"):
            await desk.email([client], "Countersigned contract", f"Hi,\n\nHere it is: {promise[2]}\n\nBest")
        hours = [promise[0].hour - 1] if promise is not None else [13, 14, 15]
        if number and desk.now.hour in hours and desk.once(f"fu-remind-{desk.now.hour}"):
            desk.report.append(f"Reminder: ring the bank now ({number}).")

    def promise(self, desk: Desk, mails: list, full: str, ask: dict) -> tuple | None:
        """(the promised time, the hold-back, the link) once Legal's mail is in."""
        company = re.findall(r"(?:Harborview|Ostara|Pinecrest|Kestrel) (?:Logistics|Foods|Health|Media)", body_of(ask))
        mine = [full, *company]
        teller = {e["from_address"] for e in mails if "https://" not in body_of(e) and re.search(
            r"negotiat|who ran which|three contracts|handover", body_of(e) + str(e.get("subject")), re.I)}
        tell = [e for e in mails if e["from_address"] in teller]
        legal = [e for e in mails if re.search(LABEL, body_of(e)) and "https://" in body_of(e) and not re.search(
            r"internal|in-house|inside the company|not for the client|our files", body_of(e))]
        if not tell or not legal or desk.now.hour < 11:
            return None
        meets = {}
        for ev in desk.events:
            for a in ev.get("attendees") or []:
                if str(a.get("email")).lower() != desk.inbox.user_email.lower():
                    meets.setdefault(str(ev.get("title")), str(a.get("display_name") or a.get("email")).split()[0])
        names = set(meets.values())
        who: dict[str, str] = {}  # negotiator -> "ours" / "other"
        text, final = "", None
        for e in tell:
            body = ASIDE.sub(" ", body_of(e))
            for title, first in meets.items():
                body = re.sub(rf"(whoever I have the|the colleague from my|the person I meet at the|my|the one who "
                              rf"sits in my) {re.escape(title)}( with| counterpart)?", first, body)
            text += body
            for clause in re.split(r"; (?!in fact)|\n|\. ", body):
                found = [w for w in re.findall(r"[A-Z]\w+", clause) if w in names]
                ours = any(x in clause for x in mine)
                if not found:
                    continue
                if re.search(r"not \w+'s|nothing to do|never touched|stayed well away|leave \w+ out|anyone's but",
                             clause, re.I):
                    who.setdefault(found[0], "not-ours" if ours else "ours-if-pair")
                elif re.search(r"split|one each|between them|shared them", clause):
                    continue
                else:
                    n = found[0] if ", not to " in clause or len(found) == 1 else found[-1]
                    final = n if ours else final
                    if ours or not re.search(r"left|remaining|the third|other one|last went", clause):
                        if ours or any(c in clause for c in ("Logistics", "Foods", "Health", "Media")) or \
                                re.search(r"[A-Z]\w+ [A-Z]\w+", clause.replace(n, "")):
                            who[n] = "ours" if ours else "other"
        named = [final] if final else []
        if not named:
            named = [n for n, s in who.items() if s == "ours-if-pair"] or \
                    [n for n in names if n in text and who.get(n) not in ("other", "not-ours")]
        if len(named) != 1:
            return None
        n = named[-1]
        hold = link = None
        rel = None
        for k, e in enumerate(legal):
            urls = re.findall(r"https://\S+?(?=[\s,)]|\.?$|\.\s)", body_of(e))
            if k and len(urls) == 1:  # a re-issue: of ours (new link, maybe a new hour) or of another's
                if _first(re.search(LABEL, body_of(e))) == n:
                    link = urls[0]
                    t, w = re.search(CLOCK, body_of(e)), re.search(r"New hold-back: (\w+)", body_of(e))
                    hold = WORDS[w.group(1)] if w else _hour(t) if t else hold
                continue
            for piece in re.split(r"\n|; (?!nothing leaves|it can)|\. ", body_of(e)):
                url = re.search(r"https://\S+?(?=[\s,)]|\.?$)", piece)
                label = _first(re.search(LABEL, piece))
                if not url or label is None:
                    continue
                t = re.search(CLOCK, piece)
                if label == n:
                    link = url.group(0)
                    r = re.search(r"(an hour|two hours|three hours) (after|before) the hold-back on (.+)", piece)
                    rel = (r, _first(re.search(LABEL, r.group(3)))) if r else None
                    hold = _hour(t) if t else hold
            if rel:
                ref = next((_hour(t) for p in re.split(r"\n|; (?!nothing leaves|it can)|\. ", body_of(e)) if _first(re.search(LABEL, p)) ==
                            rel[1] and (t := re.search(CLOCK, p))), None)
                if ref is not None:
                    hold = ref + GAPS[rel[0].group(1)] * (1 if rel[0].group(2) == "after" else -1)
                rel = None
        if hold is None or link is None:
            return None
        at = desk.now.replace(hour=hold, minute=0, second=0, microsecond=0)
        g = re.search(r"(an hour|two hours|three hours|four hours) (?:after|past)|plus (\w+ hours)", desk.prompt)
        if g:
            return at + timedelta(hours=GAPS[_first(g)]), at, link
        after = sorted((desk.at(ev["start"]), desk.at(ev["end"])) for ev in desk.events
                       if meets.get(str(ev.get("title"))) == n and desk.at(ev["start"]) >= at)
        return (after[0][1], at, link) if after else None
