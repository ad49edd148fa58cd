"""What meeting_scheduling's graders grade against: ``MeetingTruth``, drawn with the world (``truth(d)``)."""

from __future__ import annotations

from datetime import datetime, timedelta

from pydantic import BaseModel, ConfigDict

from green_agent.scenario_kit.slices import Truth

from .params import Draw
from .slots import DURATION_MINUTES, Rule, Span


class _Fact(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class User(_Fact):
    id: str
    name: str
    email: str


class Invitee(_Fact):
    """One of the three: character id, name, first name, address."""

    id: str
    name: str
    first: str
    email: str


class Hidden(_Fact):
    """Whose rule (and which kind of it) is stated only in an older email, not in their availability answer."""

    who: str
    kind: str


class MeetingTruth(Truth):
    """The user, the three invitees, the manager (outside the meeting), who declines and the agenda keyword they ask
    for (and the other customer they want left off), everyone's busy times and rules, the hidden rule, the starts
    valid before the decline, the day the decline rules out and the start left after it."""

    user: User
    invitees: tuple[Invitee, ...]
    outsiders: tuple[str, ...]
    decliner: str
    agenda_keyword: str
    title: str
    duration_minutes: int = DURATION_MINUTES
    busy: dict[str, tuple[Span, ...]]
    rules: dict[str, Rule]
    hidden_rule: Hidden
    valid_starts: tuple[datetime, ...]  # before the decline
    decoy: str = ""  # another customer the decline names, asking to leave it off the agenda ("": none)
    out_day: int = 0  # ISO weekday the decline rules out for the decliner (0: none)
    final_start: datetime | None = None  # the one valid start left after the decline (the oracle's)

    @property
    def length(self) -> timedelta:
        return timedelta(minutes=self.duration_minutes)

    @property
    def emails(self) -> set[str]:
        """The invitees' addresses, lower-case."""
        return {p.email.lower() for p in self.invitees}

    @property
    def people(self) -> dict[str, list[str]]:
        """Invitee id -> their addresses (``precision.contacted``'s shape)."""
        return {p.id: [p.email] for p in self.invitees}

    def rule_after_decline(self, who: str) -> Rule:
        """``who``'s standing rule once the decline is in: the decliner's with the day their decline rules out."""
        rule = self.rules.get(who, Rule())
        if who != self.decliner or not self.out_day or self.out_day in rule.days_out:
            return rule
        return rule.model_copy(update={"days_out": (*rule.days_out, self.out_day)})



def truth(d: Draw) -> MeetingTruth:
    """The truth of world ``d``."""
    return MeetingTruth(
        user=User(id=d.user.key, name=d.user.name, email=d.user.email),
        invitees=tuple(Invitee(id=p.key, name=p.name, first=p.first, email=p.email) for p in d.invitees),
        outsiders=(d.manager.email,), decliner=d.decliner, agenda_keyword=d.customer, title=d.title,
        busy={who: tuple(spans) for who, spans in d.busy.items()}, rules=d.rules,
        hidden_rule=Hidden(who=d.hidden, kind=d.hidden_kind), valid_starts=tuple(d.valid),
        decoy=d.decoy, out_day=d.out_day, final_start=d.final)
