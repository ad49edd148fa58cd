"""How email_triage_basic reads a trial: the assistant's chat posts by reporting slot, and for each substantive item
whether (and on which line) the summary that had to report it did.

Slot j starts at ``truth.slots[j]`` (08:00, 09:00, …, 16:00) and lasts one step. The summary of slot j is every
assistant chat message posted inside it; it covers the mail that arrived since the previous slot (slot 0: the mail
already in the inbox at 08:00).

An item is *reported* when, in the first summary posted after it arrived (in time for its slot), a line names its
sender (a name, or an outside sender's company) and carries its substance in the assistant's own words: what it
needs (one of the item's ask keywords) and, when the item names one, by when or how much (a clock time or an amount
it names). Words that belong to a stretch of 8 or more words copied from any email of the world (``own_words``)
are not the assistant's and are blanked before the substance is looked for, so a verbatim lead of the body carries
none; so are the words of a stretch that follows an email's words in order with a word dropped or added every few
words (``copying.near_copied``). The few lines after the one naming the sender belong to its entry until a line
names someone. Substance facts never include anything that a "sender: subject" line naming the same sender shows,
so relaying senders and subjects reports nothing. An item's rank is the line that reports it.

Precision beside recall: every noise email named in a summary, every person named who sent nothing that hour (nor
is named in that hour's mail), and every person the assistant emailed is a stray (``strays``); a summary over its
message or word budget floods the chat and earns nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import Decimal, InvalidOperation
from enum import StrEnum

from green_agent.judging.context import EvalContext
from green_agent.scenario_kit import facts
from green_agent.scenario_kit.grading import plain_text, when
from green_agent.scenario_kit.precision import outgoing, own_words, pasted, reported, vocabulary

from .copying import near_copied
from .truth import Item, Named, NoiseMail, TriageTruth

# A summary may take at most this many chat messages and words (a base plus so many per item due in its slot);
# beyond that it floods the chat, and the slot earns nothing.
MESSAGES_BASE = 2
WORDS_BASE = 80
WORDS_PER_ITEM = 80
# Lines after the one naming a sender that still belong to its entry (until a line names someone).
FOLLOW_LINES = 3
# An entry longer than this is no one-line summary; one that holds this share of the distinct words (4+ letters) of
# an email pastes it, in whatever order (a "bag of words" escapes ``own_words``, which looks for copied runs).
ENTRY_WORDS = 60


class Status(StrEnum):
    """How one substantive item was reported."""

    REPORTED = "reported"
    NOT_NAMED = "not named"  # no line names the sender
    NO_SUBSTANCE = "no substance"  # named, but no line says in the assistant's words what it needs and by when
    LATE = "late"  # no summary in time
    FLOODED = "flooded"  # in a summary over its budget


@dataclass
class Report:
    """How one substantive item was reported, when the summary that had to report it was posted, and its rank:
    the line of that summary that reports it."""

    item: Item
    status: Status
    moment: datetime | None = None
    line: int | None = None


@dataclass
class Reading:
    """A trial's chat read by slot, and each item's ``Report``."""

    slots: list[datetime]
    step: timedelta
    posts: list[tuple[datetime, str]]
    by_slot: list[list[tuple[datetime, str]]]
    flooded: list[bool]
    reports: list[Report]
    wrong_names: dict[int, list[str]] = field(default_factory=dict)  # slot → people named who sent nothing
    noise_named: dict[int, list[str]] = field(default_factory=dict)  # slot → noise emails named

    def slot_text(self, index: int) -> str:
        return "\n".join(text for _, text in self.by_slot[index])

    def reported_in(self, index: int) -> tuple[int, int]:
        """(reported, due) items of slot ``index``."""
        due = [r for r in self.reports if r.item.slot == index]
        return sum(r.status is Status.REPORTED for r in due), len(due)

    def count(self, status: Status) -> list[str]:
        """The items of ``status``."""
        return [r.item.id for r in self.reports if r.status is status]


def _lines(text: str, sources: list[str]) -> list[tuple[str, str]]:
    """The non-blank lines of ``text``, each with its own words (copied stretches blanked, verbatim or edited)."""
    own = near_copied(own_words(text, sources), sources).split("\n")
    return [(line, mine) for line, mine in zip(text.split("\n"), own, strict=True) if line.strip()]


def _names_someone(line: str, people: dict[str, Named]) -> bool:
    return any(facts.has_any(line, p.names) for p in people.values())


def _amount(value: str) -> Decimal | None:
    try:
        return Decimal(value)
    except InvalidOperation:
        return None


def _substance(text: str, item: Item, reference: datetime) -> bool:
    """What the item needs (an ask keyword) and, when the item names one, by when or how much (a clock time or an
    amount it names)."""
    found = item.facts
    what = not found.kw or facts.has_any(text, found.kw)
    if found.not_asked and facts.has_any(text, found.not_asked):
        return False  # the thing the email says it does not need: the wrong ask
    if found.decoys and {f"{t:%H:%M}" for t in facts.times(text, reference)} & set(found.decoys):
        return False  # a time the email names that is not when it is due (a follow-up on another day): wrong
    if not (found.times or found.amounts):
        return what and bool(found.kw)
    # Clock times are compared as times of day: the day is the trial's, whatever day word sits beside them
    # ("by noon, for tomorrow's audit").
    clocks = {(t.hour, t.minute) for t in facts.times(text, reference)}
    by_when = bool({(when(t).hour, when(t).minute) for t in found.times} & clocks) or \
        bool({_amount(a) for a in found.amounts} & facts.amounts(text))
    return what and by_when


def _locate(lines: list[tuple[str, str]], item: Item, people: dict[str, Named], reference: datetime,
            sources: list[frozenset[str]]) -> tuple[Status, int | None]:
    names = people[item.sender].names
    named = False
    for i, (line, mine) in enumerate(lines):
        if not facts.has_any(line, names):
            continue
        named = True
        entry, written = [mine], [line]
        for after, after_mine in lines[i + 1:i + 1 + FOLLOW_LINES]:
            if _names_someone(after, people):
                break
            entry.append(after_mine)
            written.append(after)
        text = "\n".join(written)
        if len(text.split()) > ENTRY_WORDS or pasted(text, sources):
            continue
        if _substance("\n".join(entry), item, reference):
            return Status.REPORTED, i
    return (Status.NO_SUBSTANCE if named else Status.NOT_NAMED), None


def _reports(truth: TriageTruth, posts: list[tuple[datetime, str]], slots: list[datetime], step: timedelta,
             flooded: list[bool]) -> list[Report]:
    sources = list(truth.texts)
    # Each email's words, with and without its subject (the first line of its text).
    vocabularies = [vocabulary(part) for t in sources for part in (t, t.partition("\n")[2])]
    reports = []
    for item in truth.items:
        arrived = when(item.at)
        deadline = slots[item.slot] + step
        first = next((at for at, _ in posts if at >= arrived), None)
        if first is None or first >= deadline:
            reports.append(Report(item, Status.LATE))
            continue
        index = next((j for j, start in enumerate(slots) if start <= first < start + step), None)
        if index is not None and flooded[index]:
            reports.append(Report(item, Status.FLOODED, first))
            continue
        lines = _lines("\n".join(text for at, text in posts if at == first), sources)
        status, line = _locate(lines, item, truth.people, first, vocabularies)
        reports.append(Report(item, status, first, line))
    return reports


def read(ctx: EvalContext, truth: TriageTruth) -> Reading:
    """The trial's chat by slot, each item's report, and what each summary named that it should not have."""
    slots = [when(s) for s in truth.slots]
    step = timedelta(minutes=truth.step_minutes)
    posts = sorted(((when(str(m.get("timestamp"))), plain_text(m.get("content"))) for m in ctx.assistant_messages()),
                   key=lambda p: p[0])
    by_slot = [[p for p in posts if start <= p[0] < start + step] for start in slots]
    due = [sum(1 for item in truth.items if item.slot == j) for j in range(len(slots))]
    flooded = [len(posts_j) > MESSAGES_BASE + due[j]
               or sum(len(text.split()) for _, text in posts_j) > WORDS_BASE + WORDS_PER_ITEM * due[j]
               for j, posts_j in enumerate(by_slot)]
    reading = Reading(slots, step, posts, by_slot, flooded, _reports(truth, posts, slots, step, flooded))
    people = truth.people
    for j in range(len(slots)):
        text = reading.slot_text(j)
        if not text:
            continue
        allowed = set(truth.allowed[j])
        shared = {n.lower() for pid in allowed for n in people[pid].names}  # e.g. a company two people share
        own = {pid: [n for n in p.names if n.lower() not in shared] for pid, p in people.items()}
        wrong = sorted(pid for pid in people if pid not in allowed and facts.has_any(text, own[pid]))
        if wrong:
            reading.wrong_names[j] = wrong
        noise = _noise_named(truth.noise, text, j)
        if noise:
            reading.noise_named[j] = noise
    return reading


def _naming(keywords: list[str]) -> Callable[[str], bool]:
    def names(text: str) -> bool:
        return facts.has_any(text, keywords)
    return names


def _noise_named(noise: list[NoiseMail], text: str, slot: int) -> list[str]:
    """The noise emails a summary names: those due in its slot that it names (one each), and one per other noise
    sender it names (mail of earlier hours, or a brand it brings up anyway)."""
    due = {n.id for n in noise if n.slot == slot}
    hits = set(reported({n.id: _naming(n.keywords) for n in noise if n.id in due}, text, due).hits)
    covered = {k.lower() for n in noise if n.id in hits for k in n.keywords}
    others: dict[str, str] = {}  # one per sender named that is not already counted
    for n in noise:
        if n.id not in due and facts.has_any(text, n.keywords) and not {k.lower() for k in n.keywords} & covered:
            others.setdefault(n.keywords[0].lower(), n.id)
    return sorted(hits | set(others.values()))


def strays(ctx: EvalContext, reading: Reading) -> dict[str, list[str]]:
    """What cancels reported items: noise named, strangers named, people emailed."""
    return {
        "noise named": [f"{n}@{j}" for j, ids in reading.noise_named.items() for n in ids],
        "people named who sent nothing that hour": [f"{p}@{j}" for j, ids in reading.wrong_names.items()
                                                    for p in ids],
        "people emailed on the user's behalf": sorted({r for s in outgoing(ctx) for r in s.to}),
    }


def summary_ok(reading: Reading, index: int) -> tuple[bool, str]:
    """Whether slot ``index`` holds a real summary: posted, not flooding, reporting at least half of its items; when
    not, why ("empty", "flooded", "thin")."""
    if not reading.by_slot[index]:
        return False, "empty"
    if reading.flooded[index]:
        return False, "flooded"
    reported_here, due = reading.reported_in(index)
    if 2 * reported_here < due:
        return False, "thin"
    return True, ""


def reasons(found: dict[str, list[int]]) -> str:
    """Why slots earned nothing, in words: "2 without a summary; 1 flooding the chat"."""
    words = {"empty": "without a summary", "flooded": "flooding the chat", "thin": "reporting under half their mail",
             "noise": "naming noise", "repeated": "posted at several moments"}
    return "; ".join(f"{len(v)} {words[k]}" for k, v in found.items() if v)
