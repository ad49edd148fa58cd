"""What clarification_loop's graders grade against: ``ClarificationLoopTruth``, drawn with the world (``truth(p)``)."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict

from green_agent.scenario_kit.slices import Truth

from .params import USER, Addresses, Kind, Params
from .texts import MAX_MESSAGES_PER_PERSON, answer_text, candidate_keys, meeting


class _Fact(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class User(_Fact):
    id: str  # the character id the green posts the user's chat replies as
    name: str
    email: str
    phone: str


class Someone(_Fact):
    """A person on a candidate meeting: character id, name and address."""

    id: str
    name: str
    first: str
    last: str
    email: str


class Candidate(_Fact):
    """One of the two meetings that fit the request: its event, title, time, people and the words that name it (and
    not the other)."""

    event_id: str
    title: str
    key: str
    start: datetime
    end: datetime
    people: tuple[Someone, ...]
    names_it: tuple[str, ...]

    @property
    def emails(self) -> set[str]:
        return {p.email.lower() for p in self.people}


class ClarificationLoopTruth(Truth):
    """The user, the user's answer, the meeting meant and the other one, the new time, and the message limit."""

    user: User
    answer: str
    meant_kind: Kind
    meant: Candidate
    other: Candidate  # the first candidate not meant (world 0's only one)
    others: tuple[Candidate, ...] = ()  # every candidate not meant (version 4: two in a drawn world)
    new_start: datetime
    new_end: datetime
    max_messages_per_person: int = MAX_MESSAGES_PER_PERSON
    clause: str = "named"  # how the answer rules the other meeting out (pointing.CLAUSES; world 0 names it)
    timing: str = "as asked"  # how the answer sets the new time (pointing.TIMES)
    form: str = "meant first"  # where the answer's clause on the meant meeting sits (params.FORMS)

    def not_meant(self) -> tuple[Candidate, ...]:
        """Every candidate the user did not mean."""
        return self.others or (self.other,)

    def others_alone(self) -> tuple[Candidate, ...]:
        """The candidates the user did not mean, each with only its own people: someone on a meeting and on the
        meant one may hear about the meant one."""
        return tuple(o.model_copy(update={"people": tuple(p for p in o.people if p.email.lower()
                                                          not in self.meant.emails)}) for o in self.not_meant())


def _candidate(p: Params, which: Kind) -> Candidate:
    m = meeting(p, which)
    return Candidate(event_id=m.event_id, title=m.title, key=m.key, start=p.meeting_start(which),
                     end=p.meeting_end(which),
                     people=tuple(Someone(id=x.id, name=x.person.name, first=x.person.first, last=x.person.last,
                                          email=x.email) for x in m.people),
                     names_it=tuple(candidate_keys(p, which)))


def truth(p: Params) -> ClarificationLoopTruth:
    """The truth of world ``p``."""
    a = Addresses(p)
    return ClarificationLoopTruth(
        user=User(id=USER, name=p.user.name, email=a.user, phone=a.phone), answer=answer_text(p),
        meant_kind=p.meant, meant=_candidate(p, p.meant), other=_candidate(p, p.other),
        others=tuple(_candidate(p, k) for k in p.others), new_start=p.new_start,
        new_end=p.new_end, clause=p.clause, timing=p.timing, form=p.form)
