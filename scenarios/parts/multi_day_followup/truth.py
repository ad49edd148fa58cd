"""What the graders of multi_day_followup grade against (``MultiDayTruth``), drawn with the world."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict

from green_agent.scenario_kit.part import Truth
from green_agent.scenario_kit.world import Person

from .params import REMINDER_GRACE, Params


class _Fact(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Promised(_Fact):
    """Someone the user has the assistant promise a delivery to: ``promise`` is the user's time for it, ``asked_for``
    the (different) time they asked for, ``requested_at`` when their request reached the inbox."""

    id: str
    name: str
    first: str
    last: str
    email: str
    promise: datetime
    requested_at: datetime
    asked_for: datetime


class Contract(_Fact):
    ref: str
    code: str  # the countersigned copy's link token: only in Legal's Tuesday email
    link: str
    decoys: tuple[str, ...] = ()  # the tokens of Legal's other links (withdrawn, internal, another client's): nobody's


class Figures(_Fact):
    categories: tuple[str, ...]
    draft: tuple[int, ...]
    final: tuple[int, ...]
    draft_total: int
    final_total: int  # of what must be delivered: the final table, with finance's later correction if any
    stale: tuple[int, ...] = ()  # the superseded final table's changed amount and total ("corrected" shape)


class Bank(_Fact):
    name: str
    words: tuple[str, ...]  # what names the bank in a reminder
    phone: str
    phone_digits: str  # its last ten digits
    reference: str
    other_digits: tuple[str, ...] = ()  # the bank's other numbers (general line, fax): not the adviser's


class MultiDayTruth(Truth):
    sam: Promised
    priya: Promised
    day1_end: datetime  # Monday midnight: the promises come before it
    day3_start: datetime  # Wednesday 00:00: nothing is delivered before it
    reminder: datetime
    reminder_until: datetime
    contract: Contract
    figures: Figures
    bank: Bank
    max_emails_per_person: int
    shape: str = "single"  # Legal's Tuesday mail: one link (world 0), or which link is the client's (LEGAL_CASES)
    bank_shape: str = "adviser"  # the adviser handles the application, or a colleague "cover"s for them
    figures_shape: str = "final"  # finance's first later email: the final table stands, or it "corrected" one line
    figures_shape2: str = "final"  # finance's second later email (another line), the same two ways
    remind_shape: str = "at"  # the reminder at a clock time, or a stated time "before" the rate lock ends
    adviser_line: int = 0  # where the adviser's number sits among the bank email's lines
    texts: tuple[str, ...]  # every email's subject and body: what a chat post copies from them is not its own words

    @property
    def allowed(self) -> tuple[str, str]:
        """The only people the assistant may write to."""
        return self.sam.email, self.priya.email


MAX_EMAILS_PER_PERSON = 4


def _promised(key: str, person: Person, promise: datetime, requested_at: datetime, asked_for: datetime) -> Promised:
    return Promised(id=key, name=person.name, first=person.first, last=person.last, email=person.email,
                    promise=promise, requested_at=requested_at, asked_for=asked_for)


def truth(p: Params, texts: list[str]) -> MultiDayTruth:
    """The truth of the world ``p`` draws, whose emails read ``texts``."""
    digits = "".join(ch for ch in p.call_phone if ch.isdigit())
    # A drawn world's bank email lists every colleague's number of its team roster; finance's two later emails each
    # name a second amount for a line (a fix, or a query turned down): whichever is not the answer is a stale figure.
    others = [n for n in (p.general_phone, p.fax_phone, p.bank_phone if p.general_phone else "",
                          p.cover_phone if p.general_phone else "", *(r[2] for r in p.roster))
              if n and n != p.call_phone]
    stale = p.stale
    return MultiDayTruth(
        sam=_promised("sam", p.sam, p.contract_promise, p.sam_request, p.day(*p.sam_asked)),
        priya=_promised("priya", p.priya, p.figures_promise, p.priya_request, p.day(*p.priya_asked)),
        day1_end=p.day(1, 0), day3_start=p.day(2, 0),
        reminder=p.reminder, reminder_until=p.reminder + REMINDER_GRACE,
        contract=Contract(ref=p.contract_ref, code=p.contract_code, link=p.contract_link,
                          decoys=tuple(c for c in p.legal_codes if c != p.contract_code)),
        figures=Figures(categories=p.categories, draft=p.draft, final=p.delivered, draft_total=p.draft_total,
                        final_total=p.delivered_total, stale=stale),
        bank=Bank(name=p.bank, words=(p.bank, p.bank.split()[0], "bank", "mortgage", "rate lock"), phone=p.call_phone,
                  phone_digits=digits[-10:], reference=p.bank_reference,
                  other_digits=tuple("".join(c for c in n if c.isdigit())[-10:]
                                     for n in others)),
        max_emails_per_person=MAX_EMAILS_PER_PERSON, texts=tuple(texts), shape=p.legal_shape,
        adviser_line=p.bank_order.index("adviser"), bank_shape=p.bank_shape, figures_shape=p.figures_shape,
        figures_shape2=p.figures_shape2,
        remind_shape=p.remind_shape)


__all__ = ["Bank", "Contract", "Figures", "MultiDayTruth", "Promised", "truth"]
