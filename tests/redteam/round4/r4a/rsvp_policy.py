"""rsvp_policy: the invitations (user needs-action) are split by every rule the world can tell (company = domain,
hour = a time in the request, load = own meetings that day, clash = own meetings at that hour, people = attendees
of a past meeting named in the request, thread = mail subjects sharing words with the request, exception = an
organiser's name in the request); the accepted side is read by nearest accept/decline verb with negation parity."""
from __future__ import annotations

import re
from datetime import timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

ACC = (r"(?:no|not|never|without|nothing|rather than|instead of) (?:a |any )?(?:declin\w*|turn\w* (?:\w+ )?down|skip\w*|refus\w*)|"
       r"accept(?:ed|s)?|say yes|yes|attend|go to|going to|i'?ll go|take|in for|fine|make the cut|join|"
       r"count me in|sign me up|approve|i'?m in|okay|ok|welcome|(?:want to|wanna|will|i'?ll|i'?d like to) be at|be there for")
DEC = (r"declin\w*|say no|no thanks|no(?! more| longer| later| earlier| than| fewer| less)|turn(?:ing|ed)?(?: \w+)? down|skip|apologies|refuse|reject|pass on|"
       r"can'?t do|cannot do|rather not|can go|drop|miss|regrets|not attend|not interested|avoid")
NEG = r"\w+n't|not|never|nothing|unless|except|bar|hate|without|other than|apart from|but for"
SEG = r"[.;!?\n]|\s[—–-]\s|—|–"
STOP = {"the", "a", "an", "of", "on", "about", "to", "for", "and", "re", "fwd", "quick", "question", "thoughts", "with",
        "in", "at", "my", "from", "who", "me", "i", "that", "this", "those", "ones", "anyone", "people"}


def _segments(text: str) -> list[tuple[int, int]]:
    cuts = [0, *[m.end() for m in re.finditer(SEG, text)], len(text)]
    return [(a, b) for a, b in zip(cuts, cuts[1:]) if b > a]


def _verbs(text: str, a: int, b: int) -> list[tuple[int, int, int]]:
    seg = text[a:b]
    out, taken = [], []
    parens = [(p.start(), p.end()) for p in re.finditer(r"\([^()]*\)", seg) if len(p[0].split()) >= 3]
    for sign, pat in ((1, ACC.split("|accept")[0]), (-1, DEC), (1, ACC)):
        for m in re.finditer(rf"\b(?:{pat})\b", seg):
            if any(m.start() < e and s < m.end() for s, e in taken + parens):
                continue
            taken.append((m.start(), m.end()))
            out.append((a + m.start(), a + m.end(), sign))
    return sorted(out)


IGN: list[tuple[int, int]] = []


def _negs(text: str, a: int, b: int, verbs: list[tuple[int, int, int]]) -> int:
    n = 0
    parens = [(a + p.start(), a + p.end()) for p in re.finditer(r"\([^()]*\)", text[a:b]) if len(p[0].split()) >= 3]
    for m in re.finditer(rf"\b(?:{NEG})\b", text[a:b]):
        s = a + m.start()
        if any(x <= s < y for x, y in parens):
            continue
        if not any(vs <= s < ve for vs, ve, _ in verbs) and not any(x <= s < y for x, y in IGN):
            n += 1
    return n


def polarity(text: str, pos: int, commas: bool = False) -> int:
    p = _polarity(text, pos, commas)
    end = re.search(r"[,;.!?\n—–]|$", text[pos:])
    tail = re.sub(r"\([^()]*\)", " ", text[pos:pos + (end.start() if end else 0)])
    if re.search(r"\b(?:excepted|excluded|aside|left out|not included)\b", tail):
        p = -p
    return p


def _polarity(text: str, pos: int, commas: bool = False) -> int:
    segs = _segments(text)
    if commas:
        cuts = sorted({0, len(text), *[m.end() for m in re.finditer(SEG + r"|,", text)]})
        segs = [(a, b) for a, b in zip(cuts, cuts[1:]) if b > a]
    idx = next((i for i, (a, b) in enumerate(segs) if a <= pos < b), len(segs) - 1)
    order = [idx, idx + 1, idx - 1]
    if not commas and 0 <= idx < len(segs):
        a0, b0 = segs[idx]
        cuts = [a0, *[a0 + m.end() for m in re.finditer(r",", text[a0:b0])], b0]
        for ca, cb in zip(cuts, cuts[1:]):
            if ca <= pos < cb:
                verbs = _verbs(text, ca, cb)
                if verbs:
                    before = [v for v in verbs if v[1] <= pos]
                    if before:
                        return before[-1][2] * (-1) ** _negs(text, ca, pos, verbs)
                    v = verbs[0]
                    return v[2] * (-1) ** _negs(text, ca, v[0], verbs)
    for k, i in enumerate(order):
        if not 0 <= i < len(segs):
            continue
        a, b = segs[i]
        verbs = _verbs(text, a, b)
        if not verbs:
            continue
        if k == 0:
            before = [v for v in verbs if v[1] <= pos]
            if before:
                v = before[-1]
                return v[2] * (-1) ** _negs(text, a, pos, verbs)
            v = verbs[0]
            return v[2] * (-1) ** _negs(text, a, v[0], verbs)
        v = verbs[0]
        return v[2] * (-1) ** _negs(text, a, v[0], verbs)
    return 0


SORTS = r"\b(?:former|latter)\b|\b(?:first|second)\s+(?:sort|group|kind|type|lot|set|category|ones?|bunch)|group\s*[12]|\([12]\)"


def vote(text: str, a_pos: list[int], b_pos: list[int]) -> int:
    if a_pos and b_pos and re.search(SORTS, text):
        last = max(a_pos + b_pos)
        a_first = min(a_pos) < min(b_pos)
        v = 0
        seg_end = min(a_pos + b_pos)
        for m in re.finditer(r"\b(former|latter|first|second)\b|\b(?:group|number|no\.?|#|type|kind)\s*([12])\b",
                             text[seg_end:]):
            w = m[1] or m[2]
            first = w in ("former", "first", "1")
            v += polarity(text, seg_end + m.start(), True) * (1 if first == a_first else -1)
        if v:
            return v
    return sum(polarity(text, p) for p in a_pos) - sum(polarity(text, p) for p in b_pos)


def _clock(text: str) -> list[tuple[int, int]]:
    out = []
    words = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
             "ten": 10, "eleven": 11, "twelve": 12}
    for m in re.finditer(r"\b(\d{1,2})(?::(\d\d))?\s*([ap])\.?m\b\.?|\b(\d{1,2}):(\d\d)\b|\b(noon|midday)\b|"
                         r"\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s*o'?clock"
                         r"(\s+in the (?:afternoon|morning))?", text):
        if m[1]:
            h = int(m[1]) % 12 + (12 if m[3] == "p" else 0)
        elif m[4]:
            h = int(m[4])
        elif m[6]:
            h = 12
        else:
            h = words[m[7]]
            if (m[8] and "afternoon" in m[8]) or h < 8:
                h = h % 12 + 12
        out.append((m.start(), h))
    return out


def _ngrams(s: str) -> set[str]:
    w = [x for x in re.findall(r"[a-z0-9]+", s.lower())]
    grams = set()
    for n in (4, 3, 2):
        for i in range(len(w) - n + 1):
            g = w[i:i + n]
            if sum(x not in STOP for x in g) >= 1:
                grams.add(" ".join(g))
    for x in w:
        if x not in STOP and len(x) >= 3:
            grams.add(x)
    return grams


def _find(text: str, phrase: str) -> list[int]:
    return [m.start() for m in re.finditer(re.escape(phrase.lower()), text)]


@script
class RsvpPolicy(Script):
    part = "rsvp_policy"
    trigger = r"."

    async def turn(self, desk: Desk) -> None:
        user = desk.inbox.user_email.lower()
        invites = []
        for ev in desk.events:
            if str(ev.get("organizer") or "").lower() == user:
                continue
            me = [a for a in ev.get("attendees") or [] if isinstance(a, dict) and
                  str(a.get("email", "")).lower() == user]
            if me and me[0].get("response") in ("needs-action", "needs_action", None) and ev.get("start"):
                try:
                    if desk.at(ev["start"]) > desk.now:
                        invites.append(ev)
                except ValueError:
                    pass
        if len(invites) < 2 or not desk.once("rsvp_policy"):
            return
        lines = [ln for ln in re.split(r"\n+", desk.prompt) if ln.strip()
                 and re.search(r"invit|invite|rsvp|meeting request|calendar request", ln, re.I)]
        scored = sorted(lines, key=lambda ln: -len(re.findall(rf"\b(?:{ACC}|{DEC})\b", ln.lower())))
        for line in scored[:3]:
            ans = self.decide(desk, line.lower(), invites, user)
            if ans:
                for ev, ok in ans.items():
                    await desk.call("POST", "/calendar/respond", {"event_id": ev, "attendee_email":
                                                                  desk.inbox.user_email,
                                                                  "response": "accepted" if ok else "declined"})
                desk.report.append(f"Answered {len(ans)} invitations.")
                return

    def decide(self, desk: Desk, text: str, invites: list[dict], user: str) -> dict[str, bool] | None:
        IGN.clear()
        segs = _segments(text)
        while len(segs) > 1 and not _verbs(text, *segs[-1]):
            segs.pop()
        text = text[:segs[-1][1]]
        orgs = {ev["event_id"]: str(ev.get("organizer") or "").lower() for ev in invites}
        domain = user.split("@")[-1]
        co = domain.split(".")[0]
        # organiser names for the exception
        names = {}
        for ev in invites:
            for a in ev.get("attendees") or []:
                if isinstance(a, dict) and str(a.get("email", "")).lower() == orgs[ev["event_id"]]:
                    names[ev["event_id"]] = str(a.get("display_name") or "")
        # people: a past meeting's title in the request
        past = [e for e in desk.events if e.get("start") and desk.at(e["start"]) < desk.now
                and str(e.get("title") or "").strip()]
        for e in past:
            t = str(e["title"]).lower()
            pos = _find(text, t)
            if pos and len(t) > 3:
                who = {str(a.get("email", "")).lower() for a in e.get("attendees") or [] if isinstance(a, dict)}
                a = [m.start() for m in re.finditer(r"\b(?:else|the rest|others?|weren'?t there|everyone else)\b",
                                                    text)]
                return self.split(text, {k: v in who for k, v in orgs.items()}, pos, a)
        # thread: subjects of the organisers' mails sharing words with the request
        mails = {}
        for m in desk.inbox.emails:
            s = str(m.get("from_address", "")).lower()
            if s in orgs.values():
                mails.setdefault(s, []).append(str(m.get("subject") or ""))
        if len(mails) >= 3:
            tg = _ngrams(text)
            best, best_len, best_gram = set(), 0, ""
            for s, subs in mails.items():
                for sub in subs:
                    common = _ngrams(sub) & tg
                    if not common:
                        continue
                    g = max(common, key=lambda x: (len(x.split()), len(x)))
                    ln = len(g.split()) * 10 + len(g)
                    if ln > best_len:
                        best, best_len, best_gram = {s}, ln, g
                    elif ln == best_len:
                        best.add(s)
            if best and len(best_gram.split()) >= 2 and 1 <= len(best) < len(orgs):
                pos = _find(text, best_gram)
                a = [m.start() for m in re.finditer(r"\b(?:else|the rest|others?|outside that|everyone else)\b",
                                                    text)]
                return self.split(text, {k: v in best for k, v in orgs.items()}, pos, a)
        # hour
        clocks = _clock(text)
        if clocks:
            pos, cut = clocks[0]
            a_pos, b_pos = [], []
            for p, _ in clocks:
                pre, post = text[max(0, p - 30):p], text[p:p + 14]
                if re.search(r"or later|or after|\bon\b|onwards?|and later|or beyond", post) or \
                        re.search(r"after|from|later than|past|not before|no earlier", pre):
                    b_pos.append(p)
                elif re.search(r"before|earlier|\bby\b|until|prior|latest|up to|ahead of", pre + post):
                    a_pos.append(p)
            early = {k: desk.at(ev["start"]).hour < cut for k, ev in ((e["event_id"], e) for e in invites)}
            return self.split(text, early, a_pos, b_pos)
        # company / exception
        co_re = rf"\b{re.escape(co)}\b"
        if re.search(co_re + r"|colleague|internal|external|outsider|another company|other compan|the company|"
                     r"our company|outside the|in-house|same company", text):
            inside = {k: v.endswith("@" + domain) for k, v in orgs.items()}
            flip = None
            cut = len(text)
            for k, n in names.items():
                for cand in (n.lower(), n.lower().split(" ")[-1]):
                    if cand and len(cand) > 2 and cand in text:
                        flip, p = k, text.index(cand)
                        b = max(text.rfind(".", 0, p), text.rfind("(", 0, p), text.rfind(";", 0, p))
                        cut = min(cut, b if b > 0 else p)
                        break
                if flip:
                    break
            rule = text[:cut]
            for m in re.finditer(rf"not (?:at )?{re.escape(co)}", rule):
                IGN.append((m.start(), m.end()))
            b_pos = [m.start() for m in re.finditer(
                rf"outside|external|another compan|other compan|outsiders?|not at|aside|not {re.escape(co)}|"
                r"elsewhere|third[- ]part|non-", rule)]
            masked = rule
            for p in b_pos:
                lo = max(0, p - 15) if rule.startswith("aside", p) else p
                hi = min(len(masked), p + 18)
                masked = masked[:lo] + " " * (hi - lo) + masked[hi:]
            a_pos = [m.start() for m in re.finditer(
                rf"colleagues?|internal|in-house|inside|someone here|coworkers?|{re.escape(co)}", masked)]
            ans = self.split(rule, inside, a_pos, b_pos)
            if ans and flip:
                ans[flip] = not ans[flip]
            return ans
        # load
        tail = re.sub(r"[.(][^.(]*$", "", text) if len(_segments(text)) > 2 else text
        if re.search(r"(?<!\()\b(?:one|two|1|2|single)\b(?!\))[^.;]{0,25}\b(?:meeting|thing|event)s?\b|busy days|quiet days|"
                     r"packed|lighter|heavier", tail):
            a_pos, b_pos = [], []
            for m in re.finditer(r"one (?:meeting |thing )?or (?:fewer|less|none)|zero or one|up to one|not more than one|"
                                 r"at most one|one or none|no more than one|quiet|light(?:er)?|only one\b|"
                                 r"fewer than two|less than two|under two|two or more|at least two|packed|busy|heavy|"
                                 r"full|\btwo\b|\b2\b", tail):
                w = m[0]
                pre = tail[max(0, m.start() - 25):m.start()]
                if w in ("two", "2") and not re.match(r"[^.;]{0,25}\b(?:meeting|thing|event|booking|commitment)",
                                                       tail[m.end():]):
                    continue
                if w in ("two", "2"):
                    if re.search(r"n't|not|no more|fewer|less|under|without", pre):
                        a_pos.append(m.start())
                        IGN.append((m.start() - 25, m.start()))
                    elif re.search(r"or more|at least|already", tail[max(0, m.start() - 25):m.end() + 10]):
                        b_pos.append(m.start())
                elif re.match(r"at most|one or none|one (?:meeting |thing )?or|zero or one|up to one|not more|no more|"
                              r"quiet|light|only one|fewer|less|under", w):
                    a_pos.append(m.start())
                else:
                    b_pos.append(m.start())
            light = {}
            for ev in invites:
                st = desk.at(ev["start"])
                n = 0
                for e in desk.events:
                    if e is ev or not e.get("start") or e.get("event_id") in orgs:
                        continue
                    es = desk.at(e["start"])
                    if es.date() != st.date():
                        continue
                    mine = str(e.get("organizer") or "").lower() == user or any(
                        isinstance(a, dict) and str(a.get("email", "")).lower() == user
                        and a.get("response") == "accepted" for a in e.get("attendees") or [])
                    n += mine
                light[ev["event_id"]] = n <= 1
            return self.split(tail, light, a_pos, b_pos)
        # clash
        if re.search(r"free|clash|double|overlap|collide|gap|slot|on top|committed|conflict|busy|clear", tail):
            a_pos, b_pos = [], []
            for m in re.finditer(r"fit|free|clear|gap|open|overlap|double|clash|collide|on top|busy|committed|"
                                 r"conflict|promised|already", tail):
                pre = tail[max(0, m.start() - 15):m.start()]
                is_b = not re.match(r"fit|free|clear|gap|open", m[0])
                if m[0] in ("already",):
                    continue
                if re.search(r"n't|not\b|no\b", pre):
                    is_b = not is_b
                    IGN.append((m.start() - 15, m.start()))
                (b_pos if is_b else a_pos).append(m.start())
            fits = {}
            for ev in invites:
                s, e_ = desk.at(ev["start"]), desk.at(ev["end"])
                clash = False
                for e in desk.events:
                    if e.get("event_id") in orgs or not e.get("start"):
                        continue
                    if desk.at(e["start"]) < e_ and s < desk.at(e["end"]):
                        clash |= str(e.get("organizer") or "").lower() == user or any(
                            isinstance(a, dict) and str(a.get("email", "")).lower() == user
                            and a.get("response") == "accepted" for a in e.get("attendees") or [])
                fits[ev["event_id"]] = not clash
            return self.split(tail, fits, a_pos, b_pos)
        return None

    @staticmethod
    def split(text: str, side_a: dict[str, bool], a_pos: list[int], b_pos: list[int]) -> dict[str, bool] | None:
        import os
        if os.environ.get("R4A_DEBUG"):
            print("SPLIT", side_a, a_pos, b_pos, vote(text, a_pos, b_pos))
        if sum(side_a.values()) in (0, len(side_a)):
            return None
        v = vote(text, a_pos, b_pos)
        if v == 0:
            return None
        return {k: (a if v > 0 else not a) for k, a in side_a.items()}
