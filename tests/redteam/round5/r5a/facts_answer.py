"""facts_answer: reads structure only — the restaurant names (the part's fixed RESTAURANTS), the host (the sender
who names restaurants most), the dinner's people (the host's mail domain), mail dates (this week against the earlier
dinners'), clock times, full names (the world's name lists), the calendar (the dinner with no place; the earlier
dinners' places and dates). It builds every consistent answer (time x guest x the other one coming x place), orders
them by small structural/lexical hints and reports ONE per turn: the criterion takes the best chat reply."""

from __future__ import annotations

import itertools
import re
from datetime import datetime, timedelta

from green_agent.scenario_kit.world import LAST_NAMES, PEOPLE_FIRST_NAMES
from services.purple.cheats.scripted.desk import Desk, Script, script

RESTAURANTS = ("Trattoria Vela", "Maple & Rye", "Golden Lantern", "The Olive Yard", "Casa Lumen", "Kinto Ramen",
               "Le Petit Quai", "Fig and Fennel", "The Salt Cellar")
NEG = ("not", "no", "can't", "cannot", "couldn't", "won't", "isn't", "wasn't", "sadly", "unfortunately", "sorry",
       "apologies", "cancel", "cancelled", "dropped", "out", "away", "miss", "unable", "decline", "declined", "pass",
       "regrets", "afraid", "luck", "instead", "without", "skip", "trip", "elsewhere", "abroad")
CLOCK = re.compile(r"(?<![\d:])([01]?\d|2[0-3])[:.]([0-5]\d)(?![\d:])")


def _has(text: str, name: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.I) is not None


def _neg(text: str) -> int:
    low = text.lower().replace("’", "'")
    return sum(len(re.findall(rf"(?<![\w']){re.escape(w)}(?![\w'])", low)) for w in NEG)


POS = ("can't wait", "definitely", "is in", "in too", "will meet", "will come", "coming", "save a seat", "says hi",
       "looking forward", "be there", "joining", "joins", "keen", "said yes", "along", "is on", "wouldn't miss",
       "excited", "saved", "straight from work", "behind us", "confirmed", "yes")


def _mood(text: str) -> int:
    """Refusal cues less acceptance cues: above 0 reads as not coming."""
    low = text.lower().replace("’", "'")
    pos = sum(len(re.findall(rf"(?<![\w']){re.escape(w)}(?![\w'])", low)) for w in POS)
    return _neg(low.replace("can't wait", "")) - 2 * pos


def _sentence(text: str, name: str) -> str:
    for s in re.split(r"(?<=[.!?])\s+|\n+", text):
        if _has(s, name):
            return s
    return ""


REJECT = ("not", "rather than", "instead of", "from", "forget", "ignore", "offered", "tried", "asked about", "wanted",
          "suggested", "taken", "off", "wrong", "turned down", "was all", "no longer", "gone", "dropped", "moved from",
          "changed from", "scrap", "in the invite", "in the calendar", "invite still", "first offered")


def _rejected(text: str, t: datetime) -> int:
    """How many rejection cues sit right around the clock time ``t`` in ``text``."""
    low = text.lower()
    count = 0
    for m in re.finditer(rf"(?<![\d:]){t.hour}[:.]{t.minute:02d}(?![\d])", low):
        before = " ".join(low[:m.start()].split()[-4:])
        after = " ".join(low[m.end():].split()[:4])
        count += sum(1 for w in REJECT if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", before))
        count += sum(1 for w in ("taken", "wrong", "turned down", "was all", "off", "which i turned", "gone")
                     if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", after))
    return count


REFUSED = ("full", "nothing", "no room", "no table", "booked up", "booked solid", "packed", "no-go", "no luck",
           "couldn't", "could not", "said no", "no space", "closed", "no availability", "had nothing")
ALSO = ("too", "as well", "also", "anyway", "still had", "either")


def _aside(text: str, restaurant: str) -> bool:
    """Whether the booking mentions ``restaurant`` as the one that was full or the one that also had room."""
    low = text.lower()
    i = low.find(restaurant.lower())
    after = " ".join(low[i + len(restaurant):].split()[:4])
    sentence = _sentence(text, restaurant).lower()
    others = sum(1 for r in RESTAURANTS if r != restaurant and _has(sentence, r))
    refused = any(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", after) for w in REFUSED)
    also = not others and any(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", sentence) for w in ALSO)
    return refused or also


def _first(address: str) -> str:
    return address.split("@")[0].split(".")[0].capitalize()


@script
class FactsAnswer(Script):
    part = "facts_answer"
    trigger = r"."
    time_step = timedelta(minutes=20)

    async def turn(self, desk: Desk) -> None:
        if desk.memory.get("run") is not desk.run:  # the brain keys memory by id(run): a new run may reuse one
            desk.memory.clear()
            desk.memory["run"] = desk.run
        if "answers" not in desk.memory:
            desk.memory["answers"] = self._answers(desk)
        answers = desk.memory["answers"]
        tried = desk.memory.setdefault("tried", 0)
        if tried >= len(answers):
            return
        desk.memory["tried"] = tried + 1
        desk.report.append(f"\n\n{answers[tried]}\n\n")

    def _answers(self, desk: Desk) -> list[str]:
        mails = desk.inbox.emails
        count: dict[str, int] = {}
        for e in mails:
            if any(_has(str(e.get("body_text") or ""), r) for r in RESTAURANTS):
                count[str(e["from_address"]).lower()] = count.get(str(e["from_address"]).lower(), 0) + 1
        if not count or max(count.values()) < 3:
            return []
        host = max(count, key=count.__getitem__)
        domain = host.split("@")[1]
        hostname = _first(host)
        week = desk.now - timedelta(days=9)
        ours = [e for e in mails if str(e["from_address"]).lower().endswith("@" + domain)]
        host_old = [e for e in ours if str(e["from_address"]).lower() == host and desk.at(e["received_at"]) < week]
        host_new = [e for e in ours if str(e["from_address"]).lower() == host and desk.at(e["received_at"]) >= week]
        others = [e for e in ours if str(e["from_address"]).lower() != host and desk.at(e["received_at"]) >= week]
        body = lambda e: str(e.get("body_text") or "")  # noqa: E731

        def fulls(text: str) -> list[tuple[str, str]]:
            return [(a, b) for a, b in re.findall(r"\b([A-Z][a-z]+) ([A-Z][a-z]+)\b", text)
                    if a in PEOPLE_FIRST_NAMES and b in LAST_NAMES]

        booking = max(host_new, key=lambda e: (len({f for f, _ in fulls(body(e))}),
                                               sum(_has(body(e), r) for r in RESTAURANTS)), default=None)
        btext = body(booking) if booking else ""
        # --- the calendar: this week's dinner (no place) and the earlier dinners (with one)
        future, past = [], []
        for ev in desk.events:
            start = ev.get("start") or ev.get("start_time")
            if not start or ev.get("status") == "cancelled":
                continue
            at = desk.at(start)
            if ev.get("location") in RESTAURANTS and at < desk.now:
                past.append((at, ev["location"]))
            elif not ev.get("location") and hostname.lower() in str(ev.get("title") or "").lower() and at > desk.now:
                future.append(at)
        past.sort()
        cal = min(future) if future else None
        # --- times
        clocks: set[tuple[int, int]] = set()
        for e in host_new:
            clocks |= {(int(h), int(m)) for h, m in CLOCK.findall(body(e)) if 16 <= int(h) <= 22}
        day = cal or desk.now
        stamps = sorted({day.replace(hour=h, minute=m, second=0, microsecond=0) for h, m in clocks}
                        | ({cal} if cal else set()))
        if cal:
            stamps = [s for s in stamps if abs((s - cal).total_seconds()) <= 3 * 3600]
        if len(stamps) >= 2:
            first, start = stamps[0], stamps[-1]
            times = [start, first]
            named_b = {(int(h), int(m)) for h, m in CLOCK.findall(btext)}
            in_b = [t for t in (first, start) if (t.hour, t.minute) in named_b]
            if len(in_b) == 2 and _rejected(btext, first) < _rejected(btext, start):
                times = [first, start]  # the booking puts the later time aside
            elif len(in_b) == 1 and in_b[0] == first:
                times = [first, start]
        elif stamps:
            first = stamps[0]
            times = [first + timedelta(minutes=30), first + timedelta(minutes=60), first]
        else:
            return []
        # --- guests
        old_names = {n for e in host_old for n in PEOPLE_FIRST_NAMES if _has(body(e), n)}
        senders = {}
        for e in others:
            senders.setdefault(_first(str(e["from_address"])), []).append(e)
        booked = [f for f, _ in dict.fromkeys(fulls(btext)) if f != hostname]
        in_sent = [f for f in booked if f in senders]
        if in_sent:
            guests = [in_sent[0]]
        else:
            guests = sorted(booked, key=lambda f: _mood(_sentence(btext, f))) or [""]

        def late_order(g: str) -> list[str]:
            cands = [s for s in senders if s != g]
            # the host's PS names one of them: negative words around it mark the one not coming
            named_ps = [s for s in cands if _has(btext, s)]
            if len(named_ps) == 1:
                mood = _mood(_sentence(btext, named_ps[0]))
                other = [s for s in cands if s != named_ps[0]]
                return other + named_ps if mood > 0 else named_ps + other
            return cands
        # --- place
        named = sorted((r for r in RESTAURANTS if _has(btext, r)), key=btext.find)  # in order of first mention
        earlier = [p for _, p in past]
        latest = earlier[-1] if earlier else None
        ref = None
        for e in host_old:
            b = body(e)
            place = next((r for r in RESTAURANTS if _has(b, r)), None)
            for n in old_names:
                if _has(b, n) and _has(btext, n) and sum(_has(body(x), n) for x in host_old) == 1:
                    ref = place
        ok = [r for r in named if not _aside(btext, r)]
        if ref:
            places = [ref] + ok + [p for p in named if p not in ok]
        elif ok:
            places = ok + [p for p in (latest, *named) if p]
        else:
            places = [p for p in (latest, *earlier[::-1], *named) if p]
        places = list(dict.fromkeys(places))
        places = places or [""]
        combos = []
        for (ti, t), (gi, g), (pi, p) in itertools.product(enumerate(times), enumerate(guests), enumerate(places)):
            for li, late in enumerate(late_order(g)):
                combos.append((ti + gi + li + pi, ti, (t, g, late, p)))
        combos.sort(key=lambda c: (c[0], c[1]))
        out = []
        for _, _, (t, g, late, p) in combos:
            who = " and ".join(x for x in (g, late) if x)
            out.append(f"Your dinner with {hostname} is on {t:%A} at {t:%H:%M}, at {p}. Also coming: {who}.")
        return out[:14]
