"""rsvp_policy: the rule's two sides are code-fixed descriptions (found verbatim, one per kind); which side is accepted
is read from the accept/decline words nearest each side (a frame naming one side only names the declined one); each
invitation's side comes from the calendar, the organiser's domain, the past meetings, the mails or the clock."""
from __future__ import annotations

import re
import sys
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _util import ts  # noqa: E402

from scenarios.parts import rsvp_policy as R  # noqa: E402
from services.purple.cheats.base import body_of  # noqa: E402
from services.purple.cheats.scripted.desk import Desk, Script, script  # noqa: E402

ACC = re.compile(r"\baccept|\byes\b|\bfine\b|go to|\bin for\b|count me in|make the cut|attend|\bok\b|okay|happy|"
                 r"\bsure\b|approve|welcome|\bgo\b|join|take them|agree|green light|sign me up|i'm in", re.I)
DEC = re.compile(r"declin|\bno\b|turn down|turn them down|apolog|can't|cannot|\bskip|not going|avoid|refus|pass on|"
                 r"reject|don't|isn't|\bnot\b|without me|\bmiss\b|\bdrop|regret|pass\b|nope|bin\b", re.I)
BOUND = re.compile(r"[.;:!?—]|\s-\s")


class _Stub:
    def __init__(self, i: int) -> None:
        self.i = i

    def choice(self, seq):
        return seq[min(self.i, len(seq) - 1)]


def _variants(kind: str, **f) -> tuple[set[str], set[str]]:
    yes, no = set(), set()
    for i in range(7):
        a, b = R._sides(_Stub(i), kind, **f)
        yes.add(a)
        no.add(b)
    return yes, no


def _hour_words(h: int) -> list[str]:
    twelve = h - 12 if h > 12 else h
    return [f"{h}:00", f"{twelve}{'pm' if h >= 12 else 'am'}",
            "noon" if h == 12 else f"{R.NUMBERS[h]} o'clock" + (" in the afternoon" if h > 12 else "")]


@script
class RsvpPolicy(Script):
    part = "rsvp_policy"
    trigger = r"invit|rsvp|meeting request|invites"

    async def turn(self, desk: Desk) -> None:
        user = desk.inbox.user_email.lower()
        invites = [e for e in desk.events if any(str(a.get("email", "")).lower() == user
                                                 and a.get("response") == "needs-action"
                                                 for a in e.get("attendees") or [])
                   and str(e.get("organizer", "")).lower() != user]
        if len(invites) < 2 or not desk.once("rsvp"):
            return
        p = re.sub(r"\b(do not|don't|never|rather than|not|no need to|instead of)\s+(turn(ing)? down|declin\w*|reject\w*|"
                   r"refus\w*|skip\w*|say(ing)? no to)", lambda m: "accept" + " " * (len(m.group(0)) - 6),
                   desk.prompt, flags=re.I)
        p = re.sub(r"\b(will not|won't|wont|not|never|can't|cannot)\s+(be\s+)?(attend\w*|go\w*|join\w*|make\w*)",
                   lambda m: "skip" + " " * (len(m.group(0)) - 4), p, flags=re.I)
        co = user.split("@")[1].split(".")[0].title()
        # every (kind, value) side description the prompt holds: value is the side it describes
        found: list[tuple[str, str, int, int]] = []  # kind, value, start, end

        def look(kind: str, value: str, strings: set[str]) -> None:
            for s in strings:
                for m in re.finditer(re.escape(s), p, re.I):
                    found.append((kind, value, m.start(), m.end()))
        y, n = _variants("company", co=co, side="in")
        look("company", "in", y)
        look("company", "out", n)
        for h in range(10, 17):
            for at in _hour_words(h):
                y, n = _variants("hour", at=at, side="early")
                look(f"hour:{h}", "early", y)
                look(f"hour:{h}", "late", n)
        for topic, names in R.TOPIC_NAMES.items():
            for nm in names:
                y, _ = _variants("topic", topic=nm, side="on")
                look(f"topic:{topic}", "on", y)
        for past in R.PAST:
            y, _ = _variants("people", past=past, side="named")
            look(f"people:{past}", "named", y)
        for th in R.THREADS:
            y, _ = _variants("thread", thread=th, side="named")
            look(f"thread:{th}", "named", y)
        y, n = _variants("clash")
        look("clash", "fits", y)
        look("clash", "clashes", n)
        y, n = _variants("load")
        look("load", "light", y)
        look("load", "heavy", n)
        if not found:
            return
        # keep the longest non-overlapping matches
        found.sort(key=lambda f: (f[2], -(f[3] - f[2])))
        keep = []
        for f in found:
            if keep and f[2] < keep[-1][3]:
                if f[3] - f[2] > keep[-1][3] - keep[-1][2]:
                    keep[-1] = f
                continue
            keep.append(f)
        kinds = {}
        for f in keep:
            kinds.setdefault(f[0].split(":")[0] if not f[0].startswith(("hour", "topic", "people", "thread"))
                             else f[0], []).append(f)
        kind_key = max(kinds, key=lambda k: len({x[1] for x in kinds[k]}) * 10 + len(kinds[k]))
        sides = kinds[kind_key]
        lo = min(s[2] for s in sides)
        hi = max(s[3] for s in sides)
        generic = []
        if kind_key.split(":")[0] in ("topic", "people", "thread"):
            other = "off" if kind_key.startswith("topic") else "others"
            for g in ("everything else", "the rest", "anything unrelated", "everyone else's", "the others"):
                for m in re.finditer(re.escape(g), p[max(0, lo - 200):hi + 200], re.I):
                    s0 = max(0, lo - 200) + m.start()
                    if not any(s0 < s[3] and s0 + len(g) > s[2] for s in sides):
                        generic.append((kind_key, other, s0, s0 + len(g)))
            sides = sides + generic
        seg_lo, seg_hi = max(0, lo - 120), min(len(p), hi + 120)
        # polarity: each cue word counts for the nearest side (a sentence boundary between costs distance)
        score = {}
        for s in sides:
            score.setdefault(s[1], 0.0)
        for rx, w in ((ACC, 1.0), (DEC, -1.0)):
            for m in rx.finditer(p, seg_lo, seg_hi):
                if any(s[2] <= m.start() < s[3] for s in sides):
                    continue
                best, bd = None, 1e9
                for s in sides:
                    if m.start() >= s[3]:
                        gap = p[s[3]:m.start()]
                    else:
                        gap = p[m.end():s[2]]
                    d = len(gap) + 60 * len(BOUND.findall(gap))
                    if d < bd:
                        best, bd = s, d
                if best is not None and bd < 200:
                    score[best[1]] += w
        values = sorted(score)
        yes_value = None
        all_vals = {"company": ("in", "out"), "clash": ("fits", "clashes"), "load": ("light", "heavy")}
        base = kind_key.split(":")[0]
        pair = all_vals.get(base, ("early", "late") if base == "hour" else
                            ("on", "off") if base == "topic" else ("named", "others"))
        present = [v for v in pair if v in score]
        if len(present) == 1:
            only = present[0]
            yes_value = pair[1] if only == pair[0] else pair[0]  # a frame naming one side names the declined
        else:
            yes_value = pair[0] if score[pair[0]] >= score[pair[1]] else pair[1]
        # each invitation's side
        def side_of(ev) -> str:
            org = str(ev.get("organizer", "")).lower()
            start = ts(ev["start"])
            if base in ("company",):
                return "in" if org.split("@")[-1] == user.split("@")[-1] else "out"
            if base == "hour":
                cut = int(kind_key.split(":")[1])
                return "early" if start.hour < cut else "late"
            if base == "topic":
                return "on" if ev.get("title") in R.TOPICS[kind_key.split(":")[1]] else "off"
            if base == "people":
                past = kind_key.split(":", 1)[1]
                for e in desk.events:
                    if e.get("title") == past and any(str(a.get("email", "")).lower() == org
                                                      for a in e.get("attendees") or []):
                        return "named"
                return "others"
            if base == "thread":
                th = kind_key.split(":", 1)[1]
                for m in desk.inbox.emails:
                    if str(m.get("from_address", "")).lower() == org:
                        b = body_of(m) + " " + str(m.get("subject", ""))
                        last = max(((b.rfind(t), t) for t in R.THREADS if t in b), default=(-1, None))[1]
                        if last == th:
                            return "named"
                return "others"
            end = ts(ev["end"])
            mine = [e for e in desk.events if e not in invites and _mine(e, user)]
            if base == "clash":
                hit = any(ts(e["start"]) < end and start < ts(e["end"]) for e in mine)
                return "clashes" if hit else "fits"
            n = sum(1 for e in mine if ts(e["start"]).date() == start.date())
            return "light" if n <= 1 else "heavy"
        answers = {ev["event_id"]: side_of(ev) == yes_value for ev in invites}
        # exception: a named organiser, with the literal accept/decline beside the name
        if base == "company":
            for ev in invites:
                org = str(ev.get("organizer", ""))
                local = org.split("@")[0].split(".")
                full = " ".join(w.capitalize() for w in local)
                for m in re.finditer(re.escape(full), p, re.I):
                    win = p[m.start():m.end() + 120] if True else ""
                    seg = p[max(0, m.start() - 120):m.end() + 160]
                    a, d = re.search(r"\baccept", seg, re.I), re.search(r"\bdecline", seg, re.I)
                    if a and not d:
                        answers[ev["event_id"]] = True
                    elif d and not a:
                        answers[ev["event_id"]] = False
                    elif a and d:
                        answers[ev["event_id"]] = not answers[ev["event_id"]]
        import os
        if os.environ.get("R3B_DEBUG"):
            with open("/work/r3/r3b/debug.log", "a") as fh:
                fh.write(f"=== {p}\n kind={kind_key} sides={sides} score={score} yes={yes_value}\n")
                for ev in invites:
                    fh.write(f"  {ev['title']} {ev['organizer']} {ev['start']} -> {side_of(ev)} {answers[ev['event_id']]}\n")
        for ev in invites:
            await desk.call("POST", "/calendar/respond", {"event_id": ev["event_id"], "attendee_email": user,
                                                          "response": "accepted" if answers[ev["event_id"]]
                                                          else "declined"})
        desk.report.append(f"I answered {len(invites)} invitations by your rule.")


def _mine(e, user: str) -> bool:
    if str(e.get("organizer", "")).lower() == user:
        return True
    return any(str(a.get("email", "")).lower() == user and a.get("response") == "accepted"
               for a in e.get("attendees") or [])
