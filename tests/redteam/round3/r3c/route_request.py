"""route_request: forward each request (from the people the user names) to the colleague of its trade (job title
and note words) who is in today (leave statements read by their dates set against today: the newer of two spans,
a trip's days, a return date, leave anchored on a dated event, called-off leave) — the trade of a request from its
words once the "things" it is about (cue words on a fixed head) are cut out."""
from __future__ import annotations

import importlib.util
import re
import sys
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from services.purple.cheats.scripted.desk import Desk, Script, script

if "r3c_util" not in sys.modules:
    _s = importlib.util.spec_from_file_location("r3c_util", Path(__file__).with_name("_util.py"))
    sys.modules["r3c_util"] = importlib.util.module_from_spec(_s)
    _s.loader.exec_module(sys.modules["r3c_util"])
U = sys.modules["r3c_util"]

HEADS = r"(?:portal|database|app|tracker|folder|review|project|rollout|workshop|working group|audit)"
THING = re.compile(r"\bthe\s+(?:[\w'-]+(?:\s[\w'-]+)?,\s+)+[\w'-]+(?:\s[\w'-]+)?\s+and\s+[\w'-]+(?:\s[\w'-]+)?\s+"
                   + HEADS + r"\b", re.I)
TITLE_WORDS = {
    "billing": r"account|billing|credit|financ|invoice|receivabl|payment|owe|collections|ledger",
    "it": r"\bit\b|support engineer|service desk|system|technolog|laptop|login|network|helpdesk|tech\b|machine|"
          r"infrastructure|devops",
    "press": r"communicat|press|media|\bpr\b|journalist|publish|spokes|public relations|external relations|news|"
             r"corporate affairs|brand|marketing|liaison",
    "legal": r"legal|counsel|lawyer|contract|attorney|solicitor|agreements|disputes|compliance",
    "facilities": r"office manager|facilit|workplace services|building|rooms|heating|repairs|physical|premises|estates",
    "people": r"\bhr\b|people|human resources|staff|holiday|employ|talent|recruit|personnel|employee relations|"
              r"workforce|payroll|welfare|wellbeing|culture",
}
ASK_WORDS = {
    "billing": r"statement|charged|paid|owe|overdue|reminder|fee|purchase order|rate|invoice|credit|reissue|"
               r"paperwork|figure|refund|billing|payment|price|cost|account",
    "it": r"sign in|log ?in|password|reset|connection|machine|two-factor|codes|locked out|account|permission|access|"
          r"guest login|expired|update|laptop|network|email",
    "press": r"reporter|quote|radio|show|story|journalist|comment|publicly|piece|herald|readers|record|edition|"
             r"podcast|episode|guest|speak for|interview|article|media|press|feature|camera|channel|paper|"
             r"spokesperson|on air|broadcast|magazine|column|headline|publicity",
    "legal": r"liability|agreement|consent|subcontract|breach|exclusivity|lawyers|terms|clause|notice|"
             r"confidentiality|non-disclosure|deal|escalat|lawsuit|legal|sue\\b|terms and conditions|"
             r"contract(?! of employment)",
    "facilities": r"meeting room|radiator|cold|freezing|water|ceiling|bucket|chairs|table|boardroom|lift|wheelchair|"
                  r"loading bay|door|building|unlocked|cleaning|jammed|heating|leak",
    "people": r"weeks off|leave\b|approves|contract of employment|hours|four days|in confidence|treating me|"
              r"fortnight|time off|days off|employment|working hours|signs? off|confidential word|behaving|"
              r"bullying|harass|pension|sick|maternity|paternity|"
              r"interviewed|offer letter|role|start with you|first day|contract|payslip|holiday|left the company|"
              r"hired|salary",
}
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
WD = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_WDR = r"(mon|tue|wed|thu|fri|sat|sun)[a-z]*"
DATE = re.compile(
    rf"(?P<wd1>{_WDR}\s+)?(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s+(?P<m1>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
    rf"|(?P<wd2>{_WDR}\s+)?(?P<d2>\d{{1,2}})/(?P<m2>\d{{1,2}})"
    rf"|(?P<wd3>{_WDR}\s+)?the\s+(?P<d3>\d{{1,2}})(?:st|nd|rd|th)"
    rf"|(?P<rel>today|tomorrow|yesterday)"
    rf"|(?P<pre>this|last|next)\s+(?P<wd4>{_WDR})"
    rf"|\b(?P<wd5>(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b", re.I)
NUMW = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


def _dates(text: str, said: date | None, today: date) -> list[tuple[int, date]]:
    out = []
    for m in DATE.finditer(text):
        d = None
        try:
            if m.group("d1"):
                mo = MONTHS.index(m.group("m1").lower()[:3]) + 1
                d = date(today.year, mo, int(m.group("d1")))
            elif m.group("d2"):
                d = date(today.year, int(m.group("m2")), int(m.group("d2")))
            elif m.group("d3"):
                day = int(m.group("d3"))
                cands = []
                for k in (-1, 0, 1):
                    mo, yr = today.month + k, today.year
                    if mo < 1:
                        mo, yr = 12, yr - 1
                    if mo > 12:
                        mo, yr = 1, yr + 1
                    try:
                        cands.append(date(yr, mo, day))
                    except ValueError:
                        pass
                d = min(cands, key=lambda c: abs((c - today).days)) if cands else None
            elif m.group("rel") and said:
                d = said + timedelta(days={"today": 0, "tomorrow": 1, "yesterday": -1}[m.group("rel").lower()])
            elif m.group("wd4") and said:
                wd = WD.index(m.group("wd4").lower()[:3])
                gap = (wd - said.weekday()) % 7
                if m.group("pre").lower() == "last":
                    gap = gap - 7 if gap else -7
                d = said + timedelta(days=gap)
            elif m.group("wd5") and said:
                wd = WD.index(m.group("wd5").lower()[:3])
                d = said + timedelta(days=(wd - said.weekday()) % 7)
        except ValueError:
            d = None
        if d is not None:
            out.append((m.start(), d))
    return out


def _away(text: str, said: date | None, today: date, anchors: dict[str, date]) -> float:
    """+1 away today, -1 in, 0 unknown."""
    low = text.lower()
    ds = _dates(text, said, today)
    n = re.search(r"\b(\d|two|three|four|five|six|seven)[- ](?:day|days)\b", low)
    nd = (int(n.group(1)) if n.group(1).isdigit() else NUMW[n.group(1)]) if n else None
    cancel = re.search(r"cancel|fell through|no longer|forget|after all|called off|scrapped|not any more", low)
    # anchored on an event
    for ev, at in anchors.items():
        if ev in low and nd:
            if re.search(r"before", low):
                a, b = at - timedelta(days=nd), at - timedelta(days=1)
            else:
                a, b = at + timedelta(days=1), at + timedelta(days=nd)
            return 1 if a <= today <= b else -1
    if not ds:
        return 0
    if nd and len(ds) == 1 and not re.search(r"back|return", low):
        a = ds[0][1]
        return 1 if a <= today < a + timedelta(days=nd) else -1
    if re.search(r"\bback\b|return|first day back|expect|again|resum|rejoin|onwards?\b", low) and len(ds) == 1:
        return 1 if ds[0][1] > today else -1
    if len(ds) >= 4 or (len(ds) >= 3 and re.search(r"moved|swap|now|instead|took|gave up|not .* any more", low)):
        # two spans: the newer (later written) one counts
        a, b = sorted(x for _, x in ds[-2:])
        return 1 if a <= today <= b else -1
    if cancel and len(ds) <= 2:
        return -1
    if len(ds) >= 2:
        between = low[ds[-2][0]:ds[-1][0]]
        if re.search(r"\bback\b|return|resum|first day", between):
            a, back = ds[-2][1], ds[-1][1]
            if re.search(r"after\s*$", between):
                back = back + timedelta(days=1)
            return 1 if a <= today < back else -1
        a, b = sorted(x for _, x in ds[-2:])
        return 1 if a <= today <= b else -1
    # one date: "until b" (said..b) or a one-day leave
    one = ds[0][1]
    if re.search(r"until|till", low):
        return 1 if today <= one else -1
    return 1 if one == today else -1


@script
class RouteRequest(Script):
    part = "route_request"
    trigger = r"."

    async def turn(self, desk: Desk) -> None:
        if desk.memory.get("done"):
            return
        state = await desk.call("GET", "/contacts/state") or {}
        contacts = list((state.get("contacts") or {}).values())
        staff = []
        for c in contacts:
            mail = next((i["value"] for i in c.get("identifiers") or [] if i.get("identifier_type") == "email"), None)
            if not mail:
                continue
            blob = f"{c.get('job_title') or ''}"
            note = str(c.get("notes") or "")
            sc = {t: 3 * len(re.findall(p, blob, re.I)) + len(re.findall(p, note, re.I)) for t, p in TITLE_WORDS.items()}
            trade = max(sc, key=lambda t: sc[t])
            if sc[trade] == 0:
                continue
            staff.append({"first": str(c.get("first_name") or ""), "email": mail.lower(), "trade": trade,
                          "title": str(c.get("job_title") or ""), "note": note})
        trades: dict[str, list[dict[str, Any]]] = {}
        for s in staff:
            trades.setdefault(s["trade"], []).append(s)
        asked = [t for t, ss in trades.items() if len(ss) >= 2]
        if len(asked) < 1:
            return
        # the requests: mail from people the user's message names
        prompt = desk.prompt
        requests = []
        staff_mails = {s["email"] for s in staff}
        lists = re.findall(r"\b([A-Z][a-z]+(?:, [A-Z][a-z]+)+,? and [A-Z][a-z]+)\b", prompt)
        named = {n for lst in lists for n in re.findall(r"[A-Z][a-z]+", lst) if len(re.findall(r"[A-Z][a-z]+", lst)) >= 4}
        for e in desk.inbox.emails:
            sender = str(e.get("from_address") or "").lower()
            if sender in staff_mails:
                continue
            first = U.first_name(desk.book.name(sender))
            if first and first in named and len(first) > 1:
                requests.append(e)
        if not requests:
            return
        today = desk.now.date()
        # anchors: "the {event} is on {date}"-like lines in mail
        anchors: dict[str, date] = {}
        for e in desk.inbox.emails:
            said = desk.at(e.get("received_at") or e.get("sent_at")).date()
            for line in U.body(e).splitlines():
                m = re.search(r"the ([a-z][a-z -]{3,30}?) (?:is|'s|\(|on|set)", line, re.I)
                ds = _dates(line, said, today)
                if m and len(ds) == 1 and not any(s["first"] in line for s in staff):
                    anchors[m.group(1).lower().strip()] = ds[0][1]
        # presence
        owner = {}
        for t in asked:
            crew = trades[t]
            scores = {s["email"]: 0.0 for s in crew}
            for s in crew:
                refs = [s["first"], f"our {s['title'].lower()}"]
                # notes
                if s["note"]:
                    scores[s["email"]] += _away(s["note"], None, today, anchors)
                for e in desk.inbox.emails:
                    sender = str(e.get("from_address") or "").lower()
                    said = desk.at(e.get("received_at") or e.get("sent_at")).date()
                    body = U.body(e)
                    if sender == s["email"]:
                        # an automatic reply: the text about them (cut the stand-in's name out)
                        scores[s["email"]] += _away(body, said, today, anchors)
                        continue
                    if sender in {r.get("from_address") for r in requests} or sender in staff_mails:
                        continue
                    for para in re.split(r"\n\s*\n", body):
                        if any(r.lower() in para.lower() for r in refs):
                            others = [o for o in crew if o is not s and o["first"] in para]
                            subj_cnt = sum(para.lower().count(r.lower()) for r in refs)
                            if others and subj_cnt < max(para.count(o["first"]) for o in others):
                                continue
                            if others and re.search(rf"(covering for|while|as|not)\s+{re.escape(others[0]['first'])}",
                                                    para) and subj_cnt <= 1:
                                continue
                            scores[s["email"]] += _away(para, said, today, anchors)
            # corrections: "it's A, not B" / "I meant A ... not B": swap A and B's readings
            for e in desk.inbox.emails:
                body = U.body(e)
                names = [s for s in crew if re.search(rf"\b{re.escape(s['first'])}\b", body)]
                if len(names) == 2 and str(e.get("from_address") or "").lower() not in staff_mails and \
                        re.search(r"\bcorrect|\bmixed|\bwrong\b|\bmeant\b|\bsorry\b|\bmix-up", body, re.I) and \
                        len(body) < 300:
                    a, b = names
                    scores[a["email"]], scores[b["email"]] = scores[b["email"]], scores[a["email"]]
            owner[t] = min(crew, key=lambda s: scores[s["email"]])
            U.dbg("ROUTE", t, {k: v for k, v in scores.items()}, "->", owner[t]["email"])
        desk.memory["done"] = True
        for e in requests:
            body = U.body(e)
            cut = THING.sub(" ", body)
            sc = {t: len(re.findall(ASK_WORDS[t], cut, re.I)) for t in asked}
            t = max(sc, key=lambda k: sc[k])
            U.dbg("REQ", sc, cut[:200].replace("\n", " "))
            o = owner[t]
            await desk.email([o["email"]], f"Fwd: {U.subj(e)}",
                             f"Hi {o['first']}, could you take this one? It came to me by mistake.\n\n"
                             f"---------- Forwarded message ----------\nFrom: {e.get('from_address')}\n\n{body}")
        desk.report.append(f"Forwarded {len(requests)} requests to the colleagues in today.")
