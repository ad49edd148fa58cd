"""part:contacts_lookup: the three firms named in the request; each firm's person is the contact the other two's
notes name; leave read by its dates; the stand-in named by the away person's own statement or by notes cues; the
work address at the firm's domain; the current number by the person's own texts or the notes around each number."""
from __future__ import annotations

import re
import sys
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _leave import away_on, dates  # noqa: E402
from _util import ts  # noqa: E402

from green_agent.scenario_kit.facts import time_phrases  # noqa: E402
from green_agent.scenario_kit.leave import EVENTS  # noqa: E402
from scenarios.parts.contacts_lookup import COMPANIES, PLACES  # noqa: E402
from services.purple.cheats.base import arrived, body_of  # noqa: E402
from services.purple.cheats.scripted.desk import Desk, Script, script  # noqa: E402

TEXTW = re.compile(r"\b(text|texts|texted|texting|sms|txt|mobile|phone|cell|whatsapp)\b", re.I)
MAILW = re.compile(r"\b(e-?mail|e-?mails|e-?mailed|mail|inbox|write to)\b", re.I)
DEP = re.compile(r"stands? in|standing in|deputy|deputis|covers|covering|takes over|take over|to ask|while|(when|whenever|"
                 r"if) .{0,30}(away|off|leave|holiday|out|unavailable|reached|absent)|during|absence|fills? in|"
                 r"backup|back-up|substitut|in charge|handles|point of contact|go-to|instead|picks? up|replacement|"
                 r"steps? in|looks? after|designated|ring |call |time off", re.I)
COL = re.compile(r"used to|moved to|formerly|previously|no longer|works with|line manager|manager|shares|trained|"
                 r"rarely|\bonce\b|mentor|reports to|boss|supervis|tenders|joined|head office|retired|\bleft\b|"
                 r"same .{0,12}team|\bbid|\bruns\b|carpool|showed|years ago|\bsits\b|office-based|seldom|"
                 r"collaborat|\bnow at\b|next to", re.I)
OLDC = re.compile(r"\bold\b|\bnot\b|\bno\b|dead|no longer|never|handed back|not in use|out of use|previous|former|disconnect|"
                  r"stopped|retired|defunct|obsolete|inactive|don't use|do not use|gave back|returned|switched off|"
                  r"doesn't ring|doesn't work|not working|company phone|handed", re.I)
NEWC = re.compile(r"\bnew\b|newer|\bnow\b|current|works|in use|\buse\b|latest|active|only|reach|these days|"
                  r"nowadays", re.I)
DECL = re.compile(r"won't work|won't manage|absent|sit .{0,12}out|without me|catch the next|miss|can't make|cannot make|won't be|without me|count me out|clash|is out for me|out for me|"
                  r"stuck|not make|unable|skip|afraid|won't make|can't come|can't attend|can't do|no can do|regret|"
                  r"send me the notes|next one|not be there|elsewhere|another site|in court|busy|conflict|away", re.I)
CONF = re.compile(r"grand|perfect|turn up|show up|sure thing|doable|works for me|suits|i'll be there|it is|is fine|no problem|see you there|will make|make it|"
                  r"bring|confirm|count me in|on my way|yes", re.I)


def _digits(s: str) -> str:
    return re.sub(r"\D", "", s)


def _phone_score(notes: str, phone: str) -> float | None:
    """+ for current, - for old, None if the notes do not name it."""
    d = _digits(phone)
    pos = None
    for m in re.finditer(r"\+?[\d][\d\s().-]{6,}\d", notes):
        if _digits(m.group())[-10:] == d[-10:]:
            pos = (m.start(), m.end())
    if pos is None:
        m = re.search(rf"(?<!\d){d[-4:]}(?!\d)", notes)
        if m and not re.search(r"\d", notes[max(0, m.start() - 1):m.start()]):
            return 2.0
        return None
    before = notes[max(0, pos[0] - 60):pos[0]]
    after = notes[pos[1]:pos[1] + 45]
    before = re.split(r"[.;:]", before)[-1]
    after = re.split(r"[.;]", after)[0]
    # the cue nearest before the number counts most
    cues = [(m.end(), -1.0) for m in OLDC.finditer(before)] + [(m.end(), 1.0) for m in NEWC.finditer(before)]
    s = 0.0
    if cues:
        s += 2 * max(cues)[1]
    s -= len(OLDC.findall(after))
    s += 0.5 * len(NEWC.findall(after))
    return s


@script
class ContactsLookup(Script):
    part = "contacts_lookup"
    trigger = r"|".join(c.split()[0] for c in COMPANIES)

    async def turn(self, desk: Desk) -> None:
        mem = desk.memory
        if "plan" not in mem:
            if not await self._plan(desk):
                return
        await self._report(desk)

    async def _plan(self, desk: Desk) -> bool:
        prompt = desk.prompt
        hits = []
        for c in COMPANIES:
            short = c.split()[0]
            for m in re.finditer(rf"\b{short}\b", prompt):
                hits.append((m.start(), m.end(), c))
        firms = []
        for s, e, c in sorted(hits):
            if c not in [f[2] for f in firms]:
                firms.append((s, e, c))
        if len(firms) < 2:
            return False
        desk.memory["plan"] = True
        lo, hi = firms[0][0], firms[-1][1]
        seg_lo, seg_hi = max(0, lo - 500), min(len(prompt), hi + 500)
        # the request paragraph holding the firms
        para_start = prompt.rfind("\n", 0, lo) + 1
        para_end = prompt.find("\n", hi)
        request = prompt[para_start: para_end if para_end >= 0 else len(prompt)]
        if len(request) < 80:
            request = prompt[seg_lo:seg_hi]
        off = para_start if len(request) >= 80 else seg_lo
        # channels: the three mentions split 2+1 in text order, each group to one channel: the split and the
        # assignment whose groups sit nearest their channel's words, with no channel word inside a group
        def dist(g, rx):
            a, b = g[0][0] - off, g[-1][1] - off
            best = 10**6
            for m in rx.finditer(request):
                d = a - m.end() if m.end() <= a else m.start() - b if m.start() >= b else None
                if d is not None and d >= 0:
                    best = min(best, d * (1.0 if m.end() <= a else 1.3)
                               + 80 * len(re.findall(r"[.;:]", request[min(m.end(), b):max(m.start(), a)])))
            return best

        def inner(g):
            cost = 0
            for x, y in zip(g, g[1:]):
                gap = prompt[x[1]:y[0]]
                cost += 200 * (len(TEXTW.findall(gap)) + len(MAILW.findall(gap)) + len(re.findall(r"[.;:]", gap)))
            return cost
        fs = firms[:3]
        options = []
        if len(fs) == 3:
            for cut in (1, 2):
                g1, g2 = fs[:cut], fs[cut:]
                for c1, c2 in (("sms", "email"), ("email", "sms")):
                    cost = (dist(g1, TEXTW if c1 == "sms" else MAILW) + dist(g2, TEXTW if c2 == "sms" else MAILW)
                            + inner(g1) + inner(g2))
                    options.append((cost, g1, g2, c1, c2))
        chan: dict[str, str] = {}
        if options:
            _, g1, g2, c1, c2 = min(options, key=lambda o: o[0])
            for f in g1:
                chan[f[2]] = c1
            for f in g2:
                chan[f[2]] = c2
        else:
            for f in fs:
                chan[f[2]] = "sms" if dist([f], TEXTW) <= dist([f], MAILW) else "email"
        # time and place
        place = next((p for p, _ in PLACES if p in request or p.split(",")[0] in request), None)
        if place is None:
            place = next((p for p, marks in PLACES if all(mk in prompt for mk in marks)), PLACES[0][0])
        pm = [m for m in re.finditer(r"\b(\d{1,2})(?::(\d\d))?\s*(pm|p\.m\.)", request, re.I)]
        hours = [int(m.group(1)) % 12 + 12 for m in pm if int(m.group(1)) != 12] or [14]
        minute = int(pm[0].group(2) or 0) if pm else 0
        tomorrow = (desk.now + timedelta(days=1)).date()
        new_start = desk.now.replace(year=tomorrow.year, month=tomorrow.month, day=tomorrow.day, hour=hours[0],
                                     minute=minute, second=0, microsecond=0)
        # address book
        state = await desk.call("GET", "/contacts/state") or {}
        contacts = list((state.get("contacts") or {}).values())
        anchors: dict[str, date] = {}
        for e in desk.inbox.emails:
            for line in body_of(e).splitlines():
                ev = next((x for x in EVENTS if x in line.lower()), None)
                ds = dates(line, None, tomorrow)
                if ev and ds:
                    anchors[ev] = ds[0][1]
        targets = []
        verdicts = []
        for _, _, company in firms[:3]:
            staff = [c for c in contacts if c.get("company") == company]
            if not staff:
                continue
            def named_by(c):
                return sum(1 for o in staff if o is not c and re.search(rf"\b{re.escape(c['first_name'])}\b",
                                                                        str(o.get("notes") or "")))
            person = max(staff, key=named_by)
            others = [c for c in staff if c is not person]
            emails = [i["value"] for i in person.get("identifiers", []) if i["identifier_type"] == "email"]
            phones = [i["value"] for i in person.get("identifiers", []) if i["identifier_type"] == "phone"]
            # their statements
            stmts = []
            notes = str(person.get("notes") or "")
            if notes:
                stmts.append((notes, None))
            for e in desk.inbox.emails:
                if e.get("from_address", "").lower() in [x.lower() for x in emails]:
                    stmts.append((body_of(e), arrived(e).date()))
            for s in desk.inbox.sms:
                if _digits(s.get("from_number", ""))[-10:] in [_digits(p)[-10:] for p in phones]:
                    stmts.append((body_of(s), arrived(s).date()))
            best = (None, 0.0)
            for text, said in stmts:
                v, conf = away_on(text, said, tomorrow, anchors)
                if v is not None and conf >= best[1]:
                    best = (v, conf)
            verdicts.append(best)
            targets.append({"company": company, "person": person, "others": others, "stmts": stmts,
                            "channel": chan.get(company, "email")})
        if not targets:
            return False
        # exactly one is away
        aways = [i for i, (v, _) in enumerate(verdicts) if v]
        if len(aways) != 1:
            if aways:
                away = max(aways, key=lambda i: verdicts[i][1])
            else:
                unknown = [i for i, (v, _) in enumerate(verdicts) if v is None]
                away = unknown[0] if unknown else min(range(len(verdicts)), key=lambda i: verdicts[i][1])
        else:
            away = aways[0]
        import os
        if os.environ.get("R3B_DEBUG"):
            with open("/work/r3/r3b/debug.log", "a") as fh:
                fh.write(f"=== {request}\n chan={chan} away={away} verdicts={verdicts} place={place} new={new_start}\n")
                for t in targets:
                    fh.write(f"  {t['company']}: {t['person']['first_name']} notes={t['person'].get('notes')} stmts={t['stmts']}\n")
                    for o in t['others']:
                        fh.write(f"     other {o['first_name']}: {o.get('notes')} {[i['value'] for i in o.get('identifiers', [])]}\n")
        sent = []
        for i, t in enumerate(targets):
            who = t["person"]
            if i == away and t["others"]:
                said_text = " ".join(x for x, _ in t["stmts"])
                named = [o for o in t["others"] if re.search(rf"\b{re.escape(o['first_name'])}\b", said_text)]
                if len(named) == 1:
                    who = named[0]
                else:
                    def dscore(o):
                        n = str(o.get("notes") or "")
                        return len(DEP.findall(n)) - 1.5 * len(COL.findall(n))
                    who = max(t["others"], key=dscore)
            await self._send(desk, who, t["company"], t["channel"], new_start, place)
            sent.append((who, t["channel"]))
        desk.memory["sent"] = [(w["first_name"], [i["value"] for i in w.get("identifiers", [])]) for w, _ in sent]
        desk.memory["sent_at"] = desk.now.isoformat()
        return True

    async def _send(self, desk: Desk, who: dict, company: str, channel: str, new_start, place: str) -> None:
        phrase = time_phrases(new_start)[2]
        body = (f"Hi {who['first_name']}, tomorrow's site visit has moved: it is now at {phrase}, and we meet at "
                f"{place}. Thanks")
        ids = who.get("identifiers", [])
        if channel == "email":
            dom = company.split()[0].lower()
            emails = [i["value"] for i in ids if i["identifier_type"] == "email"]
            work = [e for e in emails if e.lower().split("@")[-1].startswith(dom)] or emails
            if work:
                await desk.email([work[0]], "Site visit moved", body)
        else:
            phones = [i["value"] for i in ids if i["identifier_type"] == "phone"]
            if not phones:
                return
            pick = phones[0]
            if len(phones) > 1:
                texted = {_digits(s.get("from_number", ""))[-10:] for s in desk.inbox.sms}
                own = [p for p in phones if _digits(p)[-10:] in texted]
                if len(own) == 1:
                    pick = own[0]
                else:
                    notes = str(who.get("notes") or "")
                    scores = {p: _phone_score(notes, p) for p in phones}
                    known = {p: s for p, s in scores.items() if s is not None}
                    if len(known) == len(phones):
                        pick = max(known, key=known.get)
                    elif len(known) == 1:
                        p, s = next(iter(known.items()))
                        pick = p if s >= 0 else next(x for x in phones if x != p)
                    else:
                        pick = phones[-1]
            await desk.text(pick, body)

    async def _report(self, desk: Desk) -> None:
        sent = desk.memory.get("sent") or []
        if not sent:
            return
        since = ts(desk.memory["sent_at"])
        answers = {}
        for first, ids in sent:
            idset = {x.lower() for x in ids} | {_digits(x)[-10:] for x in ids if "@" not in x}
            for m in desk.inbox.emails + desk.inbox.sms:
                frm = str(m.get("from_address") or m.get("from_number") or "")
                key = frm.lower() if "@" in frm else _digits(frm)[-10:]
                if key in idset and arrived(m) >= since:
                    answers[first] = body_of(m)
        if not answers:
            return
        done = desk.memory.setdefault("reported", {})
        if len(answers) < len(sent) and len(done) == len(answers):
            return
        score = {f: len(DECL.findall(a)) - 0.6 * len(CONF.findall(a)) for f, a in answers.items()}
        # exactly one of the three cannot come
        if len(answers) == len(sent):
            out = max(score, key=score.get)
            status = {f: f != out for f in answers}
        else:
            status = {f: score[f] <= 0.5 for f in answers}
        if all(done.get(f) == s for f, s in status.items()):
            return
        lines = []
        for f, ok in status.items():
            lines.append(f"{f} confirmed." if ok else f"{f} can't make it.")
            done[f] = ok
        desk.report.append(" ".join(lines))
