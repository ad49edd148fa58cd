"""newsletter_sweep: archive the two newsletters the deciding person's mail (by general polarity words, negation,
exceptions, and the other person's opposite view) says can go."""
from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from typing import Any

from services.purple.cheats.scripted.desk import Desk, Script, script

if "r3c_util" not in sys.modules:
    _s = importlib.util.spec_from_file_location("r3c_util", Path(__file__).with_name("_util.py"))
    sys.modules["r3c_util"] = importlib.util.module_from_spec(_s)
    _s.loader.exec_module(sys.modules["r3c_util"])
U = sys.modules["r3c_util"]

BRANDS = ("Harbor Logistics Weekly", "Ledgerline", "Packwise Digest", "Freight Notes", "Supply Signal",
          "Dockside Brief", "Margin Memo")
FOUNDERS = (("Mara", "Brightline"), ("Teo", "Kitewell"), ("Juna", "Fernhollow"), ("Odile", "Sparrowgate"))
TOPICS = (("the rates-and-ports roundup", "the one with the charts on ports"),
          ("the spot-rates one", "the one explaining why spot rates dipped"),
          ("the morning briefing", "the one on port congestion and diesel"),
          ("the salary-survey one", "the one with the pay survey"),
          ("the warehouse-robots one", "the numbered one about pallets and customs"),
          ("the peak-season surcharges one", "the one with three tools"))
TOPIC_KEYS = (r"rates, ports|ports and|roundup", r"spot|dipped", r"briefing|congestion|diesel|rail",
              r"salary|survey|earn|pay\b", r"robot|pallet|customs|#\d+|issue \d+", r"peak|surcharge|tools")
FOUNDER_REFS = ("{first}'s letters", "the founder's notes from {first}", "the one {first} writes")
PERSON_REFS = {"forward": ("the one {who} forwarded", "whatever {who} sent round"),
               "ask": ("the one {who} wants to leave", "the list {who} is asking about")}
NL_LOCAL = ("news", "hello", "digest", "updates", "editor")

KEEP = (r"keep\w*|read|reads|reading|opens?|opened|opening|worth|stays?|best|favou?rite|love|like|useful|valuable|quote\w*|forward\w*|"
        r"essential|earns?|yes|retain|enjoy\w*|value|great|good|fine|hang on to|hold on to|save|treasure|"
        r"subscribed|follow\w*|look forward|stick with|remain\w*|wins?|keeper|must-read|gem|must|makes my|highlight|"
        r"brilliant|excellent|fave|indispensable|always|top|solid|worthwhile|insightful|enjoy|cherish|rely|"
        r"can't do without|couldn't do without|hooked|devour|relevant|helpful|handy|priceless|favourite")
DROP = (r"drop\w*|archiv\w*|bin\w*|go|goes|gone|done with|ads|unsubscrib\w*|delet\w*|ditch\w*|lose|remov\w*|"
        r"scrap\w*|skip\w*|junk|waste|clutter|no|rid|cut|pointless|useless|give up|gave up|never to see|"
        r"noise|spam|tired|bored|filler|dead weight|let go|axe|toss|dump|chuck|trash|away|out|downhill|meh|wasted|"
        r"goodbye|farewell|unread|ignore|boring|dull|sick of|fed up|stale|irrelevant|rubbish|dross|overkill|"
        r"cancel\w*|fluff|skim past|don't need|no use|stop\w*|pass on|lost interest|outgrown|redundant|surplus")
NEG = r"sad|hate|reluctant|loath|shame|not|n't|never|no|nobody|none|nothing|stopped|quit|hardly|rarely|without|neither|nor|cannot|no longer|any more"
EXCEPT = r"except|apart from|but|minus|other than|\bbar\b|save for|besides|excluding|aside from|barring"
REST = r"\belse\b|the rest|everything|\ball\b|others|the lot|\bnone\b|remaining|every other"
SAME = r"same|ditto|\btoo\b|likewise|as well|also|similarly"
OTHER = r"opposite|another story|not so|reverse|other way|different|contrary|unlike"
ONLY = r"\bonly\b|\bjust\b|that's it|nothing else|solely"


def _polarity(text: str) -> int:
    words = re.findall(r"[\w'-]+|[?.!,;:]", text.lower())
    score = 0
    joined = " ".join(words)
    for m in re.finditer(rf"\b({KEEP}|{DROP})\b", joined):
        w = m.group(1)
        if re.fullmatch(NEG, w):
            continue
        val = 1 if re.fullmatch(KEEP, w) else -1
        if re.fullmatch(KEEP, w) and re.fullmatch(DROP, w):
            val = 0
        before = joined[max(0, m.start() - 30):m.start()].split()[-4:]
        if any(re.fullmatch(NEG, b) or b.endswith("n't") for b in before):
            val = -val
        score += val
    if re.search(r"\bnever open|\bstopped read|\bnobody reads|\bisn't worth|\bnot worth|\bno need to keep", joined):
        score -= 1
    return score


def _clauses(text: str) -> list[str]:
    return [c for c in re.split(r"(?<=[.!?;:])\s+|\n+|\s+-\s+", text) if c.strip()]


@script
class NewsletterSweep(Script):
    part = "newsletter_sweep"
    trigger = r"newsletter|letters|subscri|mailing|digest|list"

    async def turn(self, desk: Desk) -> None:
        if desk.memory.get("done"):
            return
        me = desk.inbox.user_email.lower()
        letters: dict[str, dict[str, Any]] = {}  # name -> email
        for e in desk.inbox.emails:
            if e.get("folder") not in (None, "inbox"):
                continue
            sender = str(e.get("from_address") or "").lower()
            local = sender.split("@")[0]
            text = U.subj(e) + "\n" + U.body(e)
            if local in NL_LOCAL:
                name = next((b for b in BRANDS if b.lower() in text.lower()), None)
            elif local in {f.lower() for f, _ in FOUNDERS}:
                name = next((c for f, c in FOUNDERS if f.lower() == local), None)
            else:
                name = None
            if name:
                letters[name] = e
        if len(letters) < 3:
            return
        refs: dict[str, str] = {}  # ref text lower -> name
        for name, e in letters.items():
            refs[name.lower()] = name
            founder = next((f for f, c in FOUNDERS if c == name), None)
            if founder:
                for r in FOUNDER_REFS:
                    refs[r.format(first=founder).lower()] = name
            else:
                text = U.subj(e) + "\n" + U.body(e)
                scores = [len(re.findall(k, text, re.I)) for k in TOPIC_KEYS]
                best = max(range(6), key=lambda i: scores[i])
                if scores[best]:
                    for r in TOPICS[best]:
                        refs.setdefault(r.lower(), name)
        # people's mails that name a letter: forwarded (copies its subject) or asking off (names it)
        people = [e for e in desk.inbox.emails if e not in letters.values()]
        for e in people:
            who = U.first_name(desk.book.name(str(e.get("from_address") or "")))
            text = (U.subj(e) + "\n" + U.body(e)).lower()
            hit = next((n for n, le in letters.items() if U.subj(le).lower() and U.subj(le).lower() in text), None)
            if hit:
                for r in PERSON_REFS["forward"]:
                    refs[r.format(who=who).lower()] = hit
            named = next((n for n in letters if n.lower() in text), None)
            if named:
                for r in PERSON_REFS["ask"]:
                    refs[r.format(who=who).lower()] = named
        # unassigned topic refs: map by elimination is skipped; the thread
        prompt = desk.prompt
        everyone = desk.inbox.all_emails
        threads: dict[str, list[dict[str, Any]]] = {}
        for e in everyone:
            threads.setdefault(str(e.get("thread_id")), []).append(e)
        thread = max(threads.values(), key=lambda t: sum(1 for m in t if _mentions(U.body(m), refs)) * 10 + len(t))
        thread = sorted(thread, key=lambda m: str(m.get("sent_at") or m.get("received_at") or ""))
        authors = [str(m.get("from_address") or "").lower() for m in thread]
        decider = None
        if re.search(r"\bI told\b|\bI said\b|\bmy own\b|I no longer", prompt):
            decider = me
        if decider is None and re.search(r"manager|boss", prompt, re.I):
            contacts = await desk.call("GET", "/contacts/state") or {}
            for c in (contacts.get("contacts") or {}).values():
                blob = f"{c.get('job_title') or ''} {c.get('notes') or ''}"
                if re.search(r"manager|head of|director|boss|report to|lead\b", blob, re.I) and \
                        not re.search(r"^(analyst|buyer|planner|coordinator)$", str(c.get("job_title") or ""), re.I):
                    for i in c.get("identifiers") or []:
                        if str(i.get("value")).lower() in authors:
                            decider = str(i.get("value")).lower()
        if decider is None:
            for a in dict.fromkeys(authors):
                first = U.first_name(desk.book.name(a))
                if a != me and re.search(rf"\b{re.escape(first)}\b", prompt):
                    decider = a
        if decider is None:
            return
        dec_msgs = [m for m in thread if str(m.get("from_address") or "").lower() == decider]
        oth_msgs = [m for m in thread if str(m.get("from_address") or "").lower() != decider]
        names = list(letters)
        other_view = _read(U.body(oth_msgs[0]), refs, names) if oth_msgs else {}
        other_first = U.first_name(desk.book.name(str(oth_msgs[0].get("from_address")))) if oth_msgs else "~"
        score = {n: 0.0 for n in names}
        if dec_msgs:
            first_text = U.body(dec_msgs[0])
            distinct = {n for *_, n in _mentions(first_text, refs)}
            agree = re.search(rf"\b{re.escape(other_first)}\b", first_text) is not None or len(distinct) <= 1
            mine = _read(first_text, refs, names, singles_only=agree)
            if agree:
                for n in names:
                    score[n] = other_view.get(n, 0) * 1.0
                for n, v in mine.items():
                    if v:
                        score[n] = 3.0 * v
            else:
                for n in names:
                    score[n] = 2.0 * mine.get(n, 0) - other_view.get(n, 0)
            for m in dec_msgs[1:]:
                later = _read(U.body(m), refs, names, singles_only=True)
                for n, v in later.items():
                    if v:
                        score[n] = 10.0 * v
        drops = sorted(names, key=lambda n: score[n])[:2]
        U.dbg("SWEEP", score, other_view, drops)
        desk.memory["done"] = True
        await desk.call("POST", "/email/archive", {"message_ids": [letters[n]["message_id"] for n in drops]})
        desk.report.append(f"Archived {', '.join(drops)}; kept the rest.")


def _mentions(text: str, refs: dict[str, str]) -> list[tuple[int, int, str]]:
    low = text.lower()
    out: list[tuple[int, int, str]] = []
    for r in sorted(refs, key=len, reverse=True):
        for m in re.finditer(re.escape(r), low):
            if not any(s < m.end() and m.start() < e for s, e, _ in out):
                out.append((m.start(), m.end(), refs[r]))
    return sorted(out)


def _read(text: str, refs: dict[str, str], names: list[str], singles_only: bool = False) -> dict[str, int]:
    """Name -> +1 keep / -1 drop / 0 unknown, from one person's message."""
    verdict: dict[str, int] = {}
    listed_pol = None
    listed: set[str] = set()
    rest_pol = None
    prev = None
    for c in _clauses(text):
        ms = _mentions(c, refs)
        ids = list(dict.fromkeys(n for *_, n in ms))
        bare = c
        for s, e, _ in sorted(ms, reverse=True):
            bare = bare[:s] + " X " + bare[e:]
        p = _polarity(bare)
        if not ids:
            if re.search(REST, c, re.I) and p and not singles_only:
                rest_pol = 1 if p > 0 else -1
            continue
        if len(ids) == 1 and not (re.search(EXCEPT, bare, re.I) and re.search(REST, bare, re.I)):
            n = ids[0]
            if re.search(rf"\b({OTHER})\b", bare, re.I) and prev is not None:
                verdict[n] = -verdict.get(prev, 0)
            elif p == 0 and re.search(rf"\b({SAME})\b", bare, re.I) and prev is not None:
                verdict[n] = verdict.get(prev, 0)
            elif p:
                verdict[n] = 1 if p > 0 else -1
            elif singles_only:
                continue
            elif re.search(ONLY, bare, re.I):
                listed, listed_pol = {n}, 1
            prev = n
            continue
        if singles_only:
            continue
        # two named: a pair, when split by a comma each half names one
        if len(ids) == 2 and not re.search(EXCEPT, bare, re.I):
            halves = re.split(r",\s*", c)
            hm = [(_mentions(h, refs), h) for h in halves]
            if all(len({x[2] for x in m}) == 1 for m, _ in hm if m) and sum(1 for m, _ in hm if m) == 2:
                for m, h in hm:
                    if m:
                        hb = h
                        for s, e, _ in sorted(m, reverse=True):
                            hb = hb[:s] + " X " + hb[e:]
                        q = _polarity(hb)
                        if q:
                            verdict[m[0][2]] = 1 if q > 0 else -1
                if all(verdict.get(i) for i in ids):
                    prev = ids[-1]
                    continue
            counts = [sum(1 for *_, n in ms if n == i) for i in ids]
            a, b = ids
            if counts[0] != counts[1]:
                rep = ids[0] if counts[0] > counts[1] else ids[1]
                oth = b if rep == a else a
                q = p if p else 1
                verdict[rep], verdict[oth] = (1, -1) if q > 0 else (-1, 1)
                prev = ids[-1]
                continue
            if re.search(r"swap|replace|trade|exchange", bare, re.I):
                verdict[a], verdict[b] = -1, 1
                prev = b
                continue
            if re.search(r"\bover\b|rather than|instead of|more than|ahead of|before|not\b", bare, re.I):
                q = p if p else 1
                verdict[a], verdict[b] = (1, -1) if q > 0 else (-1, 1)
                prev = b
                continue
        # a list; a trailing clause about the rest ("..., keep the others") speaks for the unnamed
        tail = re.search(r"(?:[,;]|\s-\s|\band\b)\s*([^,;]*\b(?:others|the rest|else|everything|all the others|"
                         r"remaining|every other)\b[^,;]*)$", bare, re.I)
        if tail and " X " not in tail.group(1):
            tp = _polarity(tail.group(1))
            if tp:
                rest_pol = 1 if tp > 0 else -1
            hp = _polarity(bare[:tail.start()])
            lp = (1 if hp > 0 else -1) if hp else (-rest_pol if rest_pol else 0)
            if lp:
                listed |= set(ids)
                listed_pol = lp
                for i in ids:
                    verdict[i] = lp
            prev = ids[-1]
            continue
        exc = re.search(EXCEPT, bare, re.I)
        if exc:
            before = _polarity(bare[:exc.start()])
            after_list = bare[bare.rfind(" X ") + 3:] if " X " in bare else ""
            q = before if before else _polarity(after_list)
            lp = -1 if q > 0 else 1 if q < 0 else -1
        else:
            lp = (1 if p > 0 else -1) if p else (1 if re.search(ONLY, bare, re.I) else 0)
        if lp:
            listed |= set(ids)
            listed_pol = lp
            for i in ids:
                verdict[i] = lp
        prev = ids[-1]
    if listed_pol is not None:
        fill = rest_pol if rest_pol is not None else -listed_pol
        for n in names:
            if n not in listed and n not in verdict:
                verdict[n] = fill
    elif rest_pol is not None:
        for n in names:
            if n not in verdict:
                verdict[n] = rest_pol
    return verdict
