"""followup: the client is the sender of the unread ask; the negotiators are the contacts the teller's mail names
(meeting titles resolved to their attendee); who negotiated the client's contract is the assignment of the three
names to the three clients (companies / full names) that satisfies most clauses (a clause: one client, its names;
a name after "not"/"from"/"with" is no negotiator; a "rest" clause gets what is left; the later reply overrides).
Legal's lines: one link each, owned by the first name not after "not"; hold-back = its clock, or "N hours
after/before the hold-back on <other>"; a second mail re-issues (withdraw words) or is internal (never sent).
Promise = hold + "two/three hours" in the request, else the end of the first meeting with the negotiator from the
hold on. Promise mailed at 11:00, link at the hold-back, the bank's line (adviser/team/main by the {call} field's
words) reminded in chat an hour before the promise."""
from __future__ import annotations

import itertools
import re
from datetime import datetime, timedelta

from green_agent.scenario_kit.facts import clock12, times
from services.purple.cheats.scripted.desk import Desk, Script, script

COMPANIES = ("Harborview Logistics", "Ostara Foods", "Pinecrest Health", "Kestrel Media")
TITLES = ("Weekly sync", "Roadmap review", "Design crit", "Budget check-in", "Hiring panel", "Quarterly planning",
          "Vendor review", "Team retro", "Pricing workshop", "Ops stand-up")
GAPS = {"an hour": 1, "one hour": 1, "two hours": 2, "three hours": 3, "four hours": 4}
URL = re.compile(r"https?://[^\s;,)]+[^\s;,).]")
PHONE = re.compile(r"\+1 555-\d{3}-\d{4}")
NOT_NEG = (r"(?:not|from|with|than|assumes?|supposed to be|nothing to do with|out|think|thinks|thought|believe[sd]?|"
           r"suggests?|meant for|instead of|rather than)\s+(?:to\s+|that\s+)?$")


def _ask_sender(desk: Desk) -> dict | None:
    for e in desk.inbox.emails:
        if not e.get("is_read") and re.search(r"countersign|signed|contract|agreement", f"{e.get('subject')} "
                                              f"{e.get('body_text')}", re.I) and "@" in str(e.get("from_address")):
            return e
    return None


@script
class Followup(Script):
    part = "followup"
    trigger = r"."

    def _names(self, desk: Desk) -> list[str]:
        return sorted({n.split()[0] for a, n in desk.book.names.items() if "@" in a and n.split()})

    _client = ""

    def _negotiator(self, desk: Desk, client_names: list[str]) -> str | None:
        first_names = self._names(desk)
        meet = {}
        for e in desk.events:
            for a in e.get("attendees") or []:
                if str(a.get("email", "")).lower() != desk.inbox.user_email.lower() and a.get("display_name"):
                    meet[str(e.get("title"))] = str(a["display_name"]).split()[0]
        # the teller's mails: earlier mails naming at least two client companies/people and two colleagues
        mails = []
        for e in desk.inbox.all_emails:
            body = str(e.get("body_text") or "")
            if URL.search(body):
                continue
            if PHONE.search(body) or str(e.get("from_address", "")).lower() == str(self._client).lower():
                continue
            refs = len([n for n in first_names if re.search(rf"\b{n}\b", body)]) + len(
                [t for t in meet if t in body])
            if refs >= 2:
                mails.append(e)
        mails.sort(key=lambda e: str(e.get("received_at") or e.get("sent_at") or ""))
        if not mails:
            return None
        # client labels: companies or full names of the mail
        all_body = "\n".join(str(e.get("body_text") or "") for e in mails)
        clients = [c for c in COMPANIES if c in all_body]
        if len(clients) < 2:
            full = re.findall(r"\b([A-Z][a-z]+ [A-Z][a-z]+)\b", all_body)
            skip = {"Hi", "Hello", "Dear", "Morning", "Thanks", "Sorry", "Hey", "Regards", "Best", "Cheers"}
            clients = sorted({f for f in full if (f.split()[0] not in first_names or f in client_names)
                              and f.split()[0] not in skip and f not in TITLES and not any(f in t for t in meet)})
        signers = {desk.book.name(str(e.get("from_address"))).split()[0] for e in mails}
        first_names = [n for n in first_names if n not in signers]
        ours = next((c for c in clients if c in client_names), None)
        if ours is None:
            ours = client_names[-1] if client_names[-1] in COMPANIES and any(c in COMPANIES for c in clients) \
                else client_names[0]
            clients.append(ours)
        k = 0
        while len(clients) < 3:
            k += 1
            clients.append(f"?{k}")
        negs: list[str] = []
        clause_info = []
        for rank, e in enumerate(mails):
            body = str(e.get("body_text") or "")
            for title, who in meet.items():
                body = body.replace(title, f" {who} ")
            pieces: list[str] = []
            for piece in re.split(r"\n|;|(?<=[.!?])\s+", body):
                if pieces and not any(c in piece for c in clients) and re.search(r"\bit\b|\bit's\b", piece) \
                        and any(c in pieces[-1] for c in clients):
                    pieces[-1] += " ; " + piece
                else:
                    pieces.append(piece)
            for clause in pieces:
                cl = [c for c in clients if c in clause]
                ns = [(m.start(), n) for n in first_names for m in re.finditer(rf"\b{n}\b", clause)
                      if n not in " ".join(client_names)]
                ns.sort()
                if not ns:
                    continue
                good = [n for p, n in ns if not re.search(NOT_NEG, clause[:p], re.I)
                        and not re.match(r"\W*(only|sitting|'s name|started|'s on paper|says|said|claims|thinks|believes|"
                                         r"reckons|would say|was credited|is credited|was lined up|is named|kicked off|"
                                         r"began|opened)", clause[p + len(n):], re.I)]
                bad = [n for _, n in ns if n not in good]
                NEGW = (r"\b(not|no|never|nothing|none|didn't|did not|wasn't|isn't|don't|doesn't|neither|nor|without)\b|"
                        r"n't\b|anyone's but|leave \w+ out|away from|had no|no part|no role")
                negated = bool(re.search(NEGW, clause, re.I))
                for n in [n for _, n in ns]:
                    if n not in negs:
                        negs.append(n)
                if cl:
                    if negated and len(ns) == 1:
                        kind = "neg" if not re.search(r"\bnot\s+\w+\s*[-–]", clause) else "pos"
                    else:
                        kind = "pos"
                    if kind == "neg":
                        clause_info.append(("neg", cl[0], ns[0][1], rank))
                    else:
                        pick = (good or [n for _, n in ns])
                        after = re.search(r".*(\bbut\b|\buntil\b|\bin fact\b|\byet\b|\bthough\b|\bactually\b|"
                                          r"\breally\b|;|\s-\s|\bnot\b)", clause)
                        if len(pick) > 1:
                            backref = [n for p, n in ns if n in pick and re.match(
                                r"(?:'s)?\s+(?:\w+\s+){0,2}(?:it|them)\b", clause[p + len(n):])]
                            later = [n for p, n in ns if after and p > after.end() and n in pick]
                            pick = backref or later or pick[::-1]
                        clause_info.append(("pos", cl[0], pick[0], rank))
                elif len(ns) == 1:
                    clause_info.append(("rest", "", ns[0][1], rank))
        negs = [n for n in negs if n in first_names][:6]
        best, best_score = None, -1e9
        cands = list(dict.fromkeys(n for _, _, n, _ in clause_info))
        if len(cands) < len(clients):
            cands += [n for n in negs if n not in cands]
        for perm in itertools.permutations(cands, min(len(clients), len(cands))):
            assign = dict(zip(clients, perm))
            score = 0.0
            for kind, c, n, rank in clause_info:
                w = 1 + 3 * rank
                if kind == "pos":
                    score += w if assign.get(c) == n else -w * 0.6
                elif kind == "neg":
                    score += -2 * w if assign.get(c) == n else 0.2
                else:
                    stated = {cc for k2, cc, nn, _ in clause_info if k2 == "pos"}
                    mine = [cc for cc, nn in assign.items() if nn == n]
                    score += w if mine and mine[0] not in stated else -0.5 * w
            if score > best_score:
                best, best_score = assign, score
        return best.get(ours) if best else None

    async def turn(self, desk: Desk) -> None:
        mem = desk.memory
        ask = _ask_sender(desk) if "client" not in mem else None
        if "client" not in mem:
            if ask is None:
                return
            mem["client"] = str(ask.get("from_address"))
            name = desk.book.name(mem["client"])
            sig = re.findall(r"\b[A-Z][a-z]+ [A-Z][a-z]+\b", str(ask.get("body_text") or ""))
            mem["client_names"] = [name, *sig, *[c for c in COMPANIES if c in str(ask.get("body_text") or "")]]
        client = mem["client"]
        day0 = desk.now.replace(hour=0, minute=0, second=0, microsecond=0)
        legal = [e for e in desk.inbox.all_emails if len(URL.findall(str(e.get("body_text") or ""))) >= 1
                 and str(e.get("from_address", "")).lower() != client.lower()
                 and desk.at(e.get("received_at") or e.get("sent_at")) >= day0 and "?t=" not in str(e.get("body_text"))]
        legal.sort(key=lambda e: str(e.get("received_at") or ""))
        if "plan" not in mem:
            if desk.now.hour < 11 or not legal:
                return
            self._client = client
            neg = self._negotiator(desk, mem["client_names"])
            plan = self._plan(desk, legal, neg, day0)
            if plan is None:
                mem["plan"] = None
                return
            mem["plan"] = plan
            url, hold, promise, remind_at, number = plan
            await desk.email([client], "Re: your countersigned contract",
                             f"Hi,\n\nThanks for your patience: you will have the countersigned contract today by "
                             f"{clock12(datetime.fromisoformat(promise))}.\n\nBest")
            return
        plan = mem["plan"]
        if plan is None:
            return
        url, hold, promise, remind_at, number = plan
        hold_t, promise_t, remind_t = (datetime.fromisoformat(x) for x in (hold, promise, remind_at))
        if hold_t <= desk.now <= promise_t and desk.once("followup-link"):
            await desk.email([client], "Countersigned contract", f"Hi,\n\nAs promised, here is the countersigned "
                                                                  f"contract: {url}\n\nBest")
        if number and remind_t <= desk.now < remind_t + timedelta(hours=1) and desk.once("followup-remind"):
            desk.report.append(f"Reminder: please call the bank now - the number to ring is {number}.")

    def _plan(self, desk: Desk, legal: list[dict], neg: str | None, day0: datetime):
        first = legal[0]
        body = str(first.get("body_text") or "")
        names = self._names(desk)
        segs = []
        for line in body.split("\n"):
            parts = [line] if len(URL.findall(line)) <= 1 else re.split(r";\s|(?<=[.!?])\s+(?=[A-Z])", line)
            for part in parts:
                if URL.search(part) or not segs:
                    segs.append(part)
                elif len(URL.findall(line)) > 1:
                    segs[-1] += " " + part
        segs = [s for s in segs if URL.search(s)]
        lines = {}
        rel = {}
        for s in segs:
            url = URL.search(s)[0]
            ns = sorted((m.start(), n) for n in names for m in re.finditer(rf"\b{n}\b", s))
            owner = next((n for p, n in ns if not re.search(r"\bnot\s+(?:the\s+)?(?:contract\s+)?$", s[:p], re.I)
                          and not re.search(r"hold-back on", s[max(0, p - 40):p], re.I)), None)
            if owner is None:
                continue
            ts = times(s.replace(url, " "), day0)
            m = re.search(r"(an|one|two|three|four) hours?\s+(after|before)\s+the hold-back on[^.]*?\b(" +
                          "|".join(names) + r")\b", s, re.I)
            if m:
                k = {"an": 1, "one": 1, "two": 2, "three": 3, "four": 4}[m[1].lower()]
                rel[owner] = (m[3], k if m[2].lower() == "after" else -k)
            lines[owner] = [url, min(ts) if ts else None]
        for o, (ref, k) in rel.items():
            if ref in lines and lines[ref][1] is not None:
                lines[o][1] = lines[ref][1] + timedelta(hours=k)
        if neg not in lines:
            neg = next(iter(lines), None) if len(lines) == 1 else neg
        if neg not in lines:
            return None
        url, hold = lines[neg]
        for e in legal[1:]:
            b = str(e.get("body_text") or "")
            u = URL.search(b)
            if not u:
                continue
            internal = re.search(r"internal|not for the client|don't forward|do not forward|in-house|inside the company|"
                                 r"our files|our comments|redline|playbook|annotated|negotiation notes|our records|"
                                 r"confidential|private|for reference|within the company|not to be shared|"
                                 r"don't share|do not share|keep it inside|our side only|colleagues only", b, re.I)
            withdrawn = re.search(r"ignore|withdrawn|re-issue|superseded|replaces|revoked|corrected|pulled|"
                                  r"no longer works|instead", b, re.I)
            ns = sorted((m.start(), n) for n in names for m in re.finditer(rf"\b{n}\b", b))
            if not internal and ns and ns[0][1] == neg:
                url = u[0]
                ts = times(b.replace(u[0], " "), day0)
                if ts and re.search(r"\bnow\b|moves|instead|new hold|until", b, re.I):
                    hold = min(ts)
                elif re.search(r"hold-back:?\s+(eleven|noon|one|two|three|four)", b, re.I):
                    w = re.search(r"hold-back:?\s+(eleven|noon|one|two|three|four)", b, re.I)[1].lower()
                    hold = day0.replace(hour={"eleven": 11, "noon": 12, "one": 13, "two": 14, "three": 15,
                                              "four": 16}[w])
        if hold is None:
            return None
        req = desk.prompt.lower()
        gap = next((v for k, v in GAPS.items() if v >= 2 and k in req), None)
        promise = None
        if gap:
            promise = hold + timedelta(hours=gap)
        else:
            ms = sorted(desk.at(e["start"]) for e in desk.events if desk.at(e["start"]) >= hold and any(
                str(a.get("display_name") or "").split()[:1] == [neg] for a in e.get("attendees") or []))
            if ms:
                ev = next(e for e in desk.events if desk.at(e["start"]) == ms[0])
                promise = desk.at(ev["end"])
        if promise is None:
            return None
        # the bank's line
        number = None
        bank = next((e for e in desk.inbox.all_emails if len(PHONE.findall(str(e.get("body_text") or ""))) >= 3), None)
        if bank:
            rows = [r for r in str(bank.get("body_text") or "").split("\n") if PHONE.search(r)]
            want = ("adviser" if re.search(r"adviser", req) else "team" if re.search(r"\bteam at\b|\bteam\b", req)
                    else "general")
            for r in rows:
                low = r.lower()
                if "fax" in low:
                    continue
                kind = ("general" if re.search(r"general|switchboard|main line|anything else", low) else
                        "team" if re.search(r"team|specialists|desk", low) else "adviser")
                if kind == want:
                    number = PHONE.search(r)[0]
        return [url, hold.isoformat(), promise.isoformat(), (promise - timedelta(hours=1)).isoformat(), number]
