"""The trains of the travel part (scenarios/parts/travel.py): what an offered train is, and how the offer's trains
are drawn (kinds, arrivals, journeys, the user's window at the station)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from random import Random

VIAS = ("Doncaster", "Crewe", "Reading", "Peterborough", "York")
SUPPLEMENTS = ("12", "15", "18", "24", "29", "35", "42", "12.50", "16.40", "22.90", "27.50", "31.60")


@dataclass(frozen=True)
class _Train:
    """An offered train: departure, arrival, and what is wrong with it (``right``: nothing; ``close``: arrives
    without the margin; ``late``: after the start; ``paid``: in time, but only for a supplement ``cost``;
    ``delayed``: in time on the timetable, running late; ``early``: free and in time, but leaving before the user
    is at the station; ``wait``: free and in time, but leaving after the user's wait there)."""

    dep: datetime
    arr: datetime
    kind: str
    cost: str = ""  # the supplement, pounds (and pence): "18", "22.90"
    waived: str = ""  # a free train's supplement the operator does not charge, named in the offer
    via: str | None = None
    late_by: int = 0  # ``delayed``: minutes behind its timetable (the offer's list shows the timetable)

    @property
    def sched(self) -> datetime:
        """The arrival the timetable shows."""
        return self.arr - timedelta(minutes=self.late_by)


def _arrival(rng: Random, kind: str, meeting: datetime, margin: int) -> datetime:
    """When a train of ``kind`` gets in: the right and the paid one with the margin (the paid one as often earlier
    than the right one as not), the close one without it (sometimes still before the start), the late one after, an
    early or a wait one with the margin (earlier or later than the right one, as ``_offer`` draws)."""
    window = (margin + 5, margin + 10, margin + 20, margin + 30, margin + 45, margin + 60, margin + 80)
    minutes = {"right": (margin + 5, margin + 15, margin + 25, margin + 40),
               # as often before the right one as after it, by the timetable (the delay note alone rules it out)
               "delayed": (margin + 10, margin + 20, margin + 30, margin + 50),
               "paid": (margin + 5, margin + 10, margin + 20, margin + 35, margin + 50),
               "early": window, "wait": window,
               "close": tuple(m for m in (margin - 10, margin - 20, 10, 5, -5, -15, -25) if m < margin),
               "late": (-40, -55, -70, -95, -120)}[kind]
    return meeting - timedelta(minutes=rng.choice(minutes))


def _slow(kind: str, side: str, drawn: list[tuple[str, str]]) -> float:
    """How likely a train of ``kind`` drawn on ``side`` of the right one's arrival changes on the way (a slow one):
    an early one arriving after the right one, and the right one when a wait one arrives before it, mostly."""
    if (kind == "early" and side == "after") or (kind in ("right", "close") and ("wait", "before") in drawn):
        return .85
    if kind == "close" and ("wait", "after") in drawn:
        return .6
    return 0 if kind == "wait" else .35


def _window(rng: Random, trains: list[_Train]) -> tuple[datetime, int] | None:
    """When the user is at the station and how many minutes they will wait there at most: the right train, and every
    one arriving close to the meeting, leaves at least ten minutes into that window and ten before its end (so only
    the margin rules those out); every early train leaves at least ten minutes before it, every wait one ten minutes
    after it (None when no such window is left). Drawn evenly on five-minute marks."""
    right = next(t for t in trains if t.kind == "right")
    # A delayed train leaves within the window too: free, on time by the timetable and reachable, only its delay
    # note rules it out (so "the earliest free arrival leaving within the window" is not a rule).
    inside = [t.dep for t in trains if t.kind in ("right", "close", "delayed")]
    early = [t.dep for t in trains if t.kind == "early"]
    later = [t.dep for t in trains if t.kind == "wait"]
    floor = max(max(early, default=min(inside) - timedelta(minutes=110)), right.dep.replace(hour=4, minute=0))
    marks = [right.dep.replace(minute=0) + timedelta(minutes=5 * n) for n in range(-36, 12)]
    marks = [m for m in marks if floor + timedelta(minutes=10) <= m <= min(inside) - timedelta(minutes=10)]
    if not marks:
        return None
    at = rng.choice(marks)
    ceiling = min(later, default=at + timedelta(minutes=130)) - timedelta(minutes=10)
    waits = [w for w in range(20, 125, 5)
             if max(inside) + timedelta(minutes=10) <= at + timedelta(minutes=w) <= ceiling]
    return (at, rng.choice(waits)) if waits else None


def _kinds(rng: Random, count: int) -> list[tuple[str, str]]:
    """The wrong trains' kinds, each with the side of the right one's arrival it arrives on ("" for a paid or delayed
    one): of the free trains on time, how many arrive before the right one is drawn evenly (0 to all of them: early
    or wait ones); the others arrive close to the meeting, after it, or in time but outside the user's window."""
    paid = 1 + rng.randrange(min(count - 2, 2))  # paid or delayed (a delayed one in every world); the rest free
    free = count - 1 - paid
    before = rng.randrange(free + 1)
    sides = [(rng.choice(("early", "wait")), "before") for _ in range(before)]
    after = [rng.choice(("close", "late", "early", "wait")) for _ in range(free - before)]
    if after and "close" not in after and rng.random() < .5:  # a close one in most worlds: the margin rules it out
        after[0] = "close"
    sides += [(kind, "after") for kind in after]
    kinds = ["delayed", *(rng.choice(("paid", "delayed")) for _ in range(paid - 1))]
    return [*((k, "") for k in kinds), *sides]


def _trains(rng: Random, drawn: list[tuple[str, str]], meeting: datetime, margin: int) -> list[_Train]:
    """Times for trains of the kinds ``drawn``, in that order."""
    trains = []
    for kind, side in drawn:
        late_by = 0
        sched = _arrival(rng, kind, meeting, margin)
        if kind == "delayed":  # on the timetable it makes the margin; running late, it does not
            late_by = int((meeting - timedelta(minutes=margin) - sched).total_seconds() // 60)
            late_by += rng.choice((10, 20, 35))
        slow = rng.random() < _slow(kind, side, drawn)
        journey = rng.choice((115, 125, 135, 150)) + (rng.choice((40, 55, 70)) if slow else 0)
        trains.append(_Train(sched - timedelta(minutes=journey), sched + timedelta(minutes=late_by), kind,
                             cost=rng.choice(SUPPLEMENTS) if kind == "paid" else "",
                             waived=rng.choice(SUPPLEMENTS) if kind != "paid" and rng.random() < .4 else "",
                             via=rng.choice(VIAS) if slow else None, late_by=late_by))
    return trains
