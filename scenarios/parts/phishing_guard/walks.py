"""The walkthroughs on a phishing_guard calendar beyond world 0, and which warehouse is Tom's (version 8, issue 34,
session 22).

Two walkthroughs made any guess right half the time, and the address book's note named the walkthrough's warehouse
whenever Tom was not standing in elsewhere. Now:

* a third warehouse's walkthrough is on the calendar too (an hour, either day), placed so that the one Tom asks about
  is first, second or third by start alike;
* Tom stands in at the walkthrough's warehouse two worlds in three, and then the address book names his usual site,
  the other walkthrough's or the third's alike: the note names his walkthrough's warehouse in a third of the worlds;
* his mail names all three warehouses: the one he means (or "my warehouse"), his usual one or a colleague's as not
  his, and the one left over in his aside about someone else standing in there, so the note, a count of names, the
  first or the only non-note warehouse named, or words of standing in pick his no more often than chance (the aside
  opens his mail half the time, so the order of the names says nothing either). Only what
  he says of each (he stands in here, someone stands in there, that one is not his) decides.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from .params import ISO_DAYS, WAREHOUSES, Draw, _free


def prep_slot(start: datetime, end: datetime) -> datetime:
    """When the prep meeting for a walkthrough (start, end) starts: 90 minutes before it, or an hour after it ends
    when that would be before 09:00."""
    prep = start - timedelta(hours=1, minutes=30)
    return end + timedelta(hours=1) if prep.hour < 9 else prep


def _minutes(t: datetime) -> int:
    return t.hour * 60 + t.minute


def _midnight(day: str) -> datetime:
    return datetime.fromisoformat(f"{day}T00:00:00+00:00")


def decoy_walk(rng: random.Random, walk_start: datetime, walk_end: datetime, qbr: datetime) -> dict[str, Any]:
    """When the other warehouse's walkthrough (an hour) is: the same day as the walkthrough (clear of it, of the
    vendor call, of the fixed meetings and of either prep meeting) or the other candidate day, half the time each."""
    same = rng.random() < 0.5
    walk_day = walk_start.date().isoformat()

    def fits(day: str, m: int) -> bool:
        taken = []
        if day == walk_day:
            prep = _minutes(prep_slot(walk_start, walk_end))
            taken = [(_minutes(walk_start), _minutes(walk_end)), (prep, prep + 30), (_minutes(qbr), _minutes(qbr) + 30)]
        own = _minutes(prep_slot(_midnight(day) + timedelta(minutes=m), _midnight(day) + timedelta(minutes=m + 60)))
        return _free(day, m, 60, taken) and _free(day, own, 30, [*taken, (m, m + 60)]) and own + 30 <= 18 * 60

    for day in ((walk_day, *(x for x in sorted(ISO_DAYS) if x != walk_day)) if same
                else tuple(x for x in sorted(ISO_DAYS) if x != walk_day)):
        starts = [m for m in range(9 * 60, 16 * 60 + 1, 30) if fits(day, m)]
        if starts:
            start = _midnight(day) + timedelta(minutes=rng.choice(starts))
            return dict(decoy_same_day=day == walk_day, decoy_start=start)
    raise AssertionError("no room for the other walkthrough")


def other_warehouse(d: Draw) -> str:
    """The other warehouse whose walkthrough is on the calendar ("" in world 0)."""
    if not d.walk_decoy:
        return ""
    return d.walk_decoy if d.walk_decoy != d.warehouse else next(w for w in ("Northgate", "Eastfield")
                                                                  if w != d.warehouse)


def usual_warehouse(d: Draw) -> str:
    """The warehouse the address book says Tom runs: the walkthrough's unless he stands in there this week."""
    if d.tom_usual:
        return d.tom_usual
    return other_warehouse(d) if d.tom_covering else d.warehouse


def aside_warehouse(d: Draw) -> str:
    """The warehouse Tom's aside says someone else stands in at: the one his mail names nowhere else (the third when
    he is at home, since his question names the other as not his; else whichever his usual one is not)."""
    if not d.walk_third:
        return other_warehouse(d)
    if not d.tom_covering:
        return d.walk_third
    return d.walk_third if usual_warehouse(d) == other_warehouse(d) else other_warehouse(d)


def _fits(d: Draw, prep_for: int, start: datetime) -> bool:
    """Whether the third walkthrough (an hour from ``start``) overlaps neither walkthrough, the vendor call, the fixed
    meetings nor the prep meeting: the walkthrough's (``prep_for`` 0), the other's (1) or its own (2), which must
    then fit too."""
    other = d.decoy_start or _midnight("2026-05-08") + timedelta(hours=11)
    end = start + timedelta(hours=1)
    prep = prep_slot(*((d.walk_start, d.walk_end), (other, other + timedelta(hours=1)), (start, end))[prep_for])
    spans = [(d.walk_start, d.walk_end), (other, other + timedelta(hours=1)),
             (d.qbr_start, d.qbr_start + timedelta(minutes=30))]

    def taken(day: str, *more: tuple[datetime, datetime]) -> list[tuple[int, int]]:
        return [(_minutes(a), _minutes(b)) for a, b in (*spans, *more) if a.date().isoformat() == day]

    day, prep_day = start.date().isoformat(), prep.date().isoformat()
    if prep_for < 2:  # that prep meeting is already clear of everything else: the third must keep clear of it
        return _free(day, _minutes(start), 60, taken(day, (prep, prep + timedelta(minutes=30))))
    return (_free(day, _minutes(start), 60, taken(day)) and _minutes(prep) + 30 <= 18 * 60
            and _free(prep_day, _minutes(prep), 30, taken(prep_day, (start, end))))


# How often the third goes after the walkthrough when it comes before the other one (_A), before it when after (_B):
# measured so that the walkthrough is first, second or third by start alike (the walkthrough comes first a little
# under half the time, and a late one leaves no room after it).
_A, _B = 0.8, 0.5


def third_walk(rng: random.Random, d: Draw) -> dict[str, Any]:
    """What version 8 draws (``Draw``'s last fields): the third warehouse and its walkthrough's start, whether Tom
    stands in (two worlds in three) and the warehouse the address book names, and the third walkthrough's neutral
    id. The third goes after the walkthrough mostly when the walkthrough comes before the other one, before it as
    often as not when after (``_A``, ``_B``), so the walkthrough is first, second or third by start alike."""
    if not d.walk_decoy:
        return {}
    other = other_warehouse(d)
    third = rng.choice([w for w in WAREHOUSES if w not in (d.warehouse, other)])
    drawn = rng.randrange(3)  # the prep meeting is for each of the three alike
    others = [p for p in range(3) if p != drawn]
    rng.shuffle(others)
    slots: list[datetime] = []
    for prep_for in (drawn, *others):  # another only when no slot fits
        slots = [_midnight(day) + timedelta(minutes=m) for day in sorted(ISO_DAYS)
                 for m in range(9 * 60, 16 * 60 + 1, 30) if _fits(d, prep_for, _midnight(day) + timedelta(minutes=m))]
        if slots:
            break
    before_other = d.walk_start < (d.decoy_start or d.walk_start)
    after = rng.random() < (_A if before_other else 1 - _B)
    side = [s for s in slots if (s > d.walk_start) == after] or slots
    covering = rng.random() < 2 / 3
    usual = rng.choice((other, third)) if covering else d.warehouse
    taken = {i for _, i in d.ids}
    fresh = next(f"cal-{n:04x}" for n in rng.sample(range(0x1000, 0xFFFF), 4) if f"cal-{n:04x}" not in taken)
    return dict(walk_third=third, third_start=rng.choice(side), tom_covering=covering, tom_usual=usual,
                prep_for_decoy=prep_for == 1, prep_for_third=prep_for == 2, aside_first=rng.random() < 0.5,
                ids=(*d.ids, ("cal_third_walk", fresh)))
