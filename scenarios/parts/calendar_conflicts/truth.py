"""What calendar_conflicts' graders grade against: ``CalendarTruth``, drawn with the world (``truth(plan)``)."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict

from green_agent.scenario_kit.slices import Truth

from . import rules
from .plan import Clash, D, Plan, last_day, stamp, valid_starts, weekday


class ClashFact(BaseModel):
    """One of the week's four clashes: the winner and the loser, how the loser is resolved, who is affected, the
    words that name each, and — for a move — the start the user's rule gives (and the one a cautious reading of the
    rule gives too, when it differs) and the loser's free windows that day."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    day: str
    date: str
    kind: str
    winner: str
    winner_title: str
    loser: str
    loser_title: str
    resolution: str
    organizer: str
    affected: tuple[str, ...]
    keywords: tuple[str, ...]
    winner_keywords: tuple[str, ...]
    minutes: int
    winner_side: str
    customer: str | None = None
    new_start: datetime | None = None
    new_start_also: tuple[datetime, ...] = ()
    free_windows: tuple[tuple[str, str], ...] = ()


class CalendarTruth(Truth):
    """The user, the week, the user's third priority and destination rule, the clashes, the protected events, the
    losers, who is affected (and their first names), the near misses and the meeting the user already declined."""

    user: str
    user_name: str
    first_day: str
    last_day: str
    regime: str
    focus: str | None
    destination: str
    work_hours: tuple[str, str]
    clashes: tuple[ClashFact, ...]
    protected: tuple[str, ...]
    losers: tuple[str, ...]
    affected: tuple[str, ...]
    names: dict[str, str]
    near_misses: tuple[str, ...]
    already_declined: tuple[str, ...]
    accepted: tuple[str, ...] = ()  # the two meetings of the overlap the user accepts: no clash, both stay as they are


def _fact(plan: Plan, c: Clash) -> ClashFact:
    length = c.loser.span[1] - c.loser.span[0]
    starts = valid_starts(plan, c)
    return ClashFact(
        day=weekday(c.loser.day), date=c.loser.day.isoformat(), kind=c.kind, winner=c.winner.event_id,
        winner_title=c.winner.title, loser=c.loser.event_id, loser_title=c.loser.title, resolution=c.resolution,
        organizer=c.loser.organizer, affected=tuple(c.affected), keywords=tuple(c.keywords),
        winner_keywords=tuple(c.winner_keywords), minutes=int(length.total_seconds() // 60),
        winner_side=c.meta.get("side", c.kind), customer=c.meta.get("customer"),
        new_start=datetime.fromisoformat(stamp(c.loser.day, c.new_start)) if c.new_start else None,
        new_start_also=tuple(datetime.fromisoformat(t) for t in c.meta.get("also", [])),
        free_windows=tuple(rules.windows(starts, length)) if c.resolution == "move" else ())


def truth(plan: Plan) -> CalendarTruth:
    """The truth of world ``plan``."""
    u = plan.user.email
    clash_ids = {e.event_id for c in plan.clashes for e in (c.winner, c.loser)}
    spans = {e.event_id: e.span for e in plan.events}
    near = sorted(e.event_id for e in plan.events if e.event_id not in clash_ids and (u, D) not in e.attendees
                  and e.event_id not in plan.accepted
                  and any(e.span[0] == spans[x][1] or e.span[1] == spans[x][0] for x in clash_ids))
    return CalendarTruth(
        user=u, user_name=plan.user.name, first_day=plan.monday.isoformat(), last_day=last_day(plan).isoformat(),
        regime=plan.regime, focus=plan.focus, destination=plan.destination,
        work_hours=(rules.WORK_START, rules.WORK_END), clashes=tuple(_fact(plan, c) for c in plan.clashes),
        protected=tuple(c.winner.event_id for c in plan.clashes if c.kind in ("board", "personal")),
        losers=tuple(c.loser.event_id for c in plan.clashes),
        affected=tuple(sorted({a for c in plan.clashes for a in c.affected})),
        names={a: plan.person(a).first for c in plan.clashes for a in c.affected},
        near_misses=tuple(near), already_declined=tuple(e.event_id for e in plan.events if (u, D) in e.attendees),
        accepted=tuple(sorted(plan.accepted)))
