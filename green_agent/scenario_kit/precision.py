"""Precision beside recall: helpers that make a criterion pay for the right items and charge for the wrong ones.

A criterion that credits reporting, contacting, flagging, refusing or warning about X must also debit doing it to
what is not X, or a dump, a broadcast, a blanket refusal or a junk-everything sweep collects its points for free
(scenarios.md "Writing a criterion a dump cannot satisfy"). The pieces:

* ``outgoing(ctx)`` — every message the assistant sent to other people (email, SMS, invitations), as ``sent.py``
  reads it, with its recipients normalised and its own words apart from what it quotes.
* ``Tally`` / ``tally`` — what was wanted, what was hit, what was done to items that were not wanted (strays);
  ``Tally.net`` is the credit with each stray cancelling a hit, so doing it to everything earns about nothing.
* ``reported`` — which items a text reports, among all the items it could have reported.
* ``contacted`` and ``credited`` — who was written to (with strays), and the messages that earn a person's credit:
  only those that went to no one outside the task and whose words did not also go to a stray.
* ``own_words`` / ``copies`` — a text without the stretches it copied verbatim from the world's messages, so an
  item's substance counts only in the assistant's own summary, never in a pasted lead of the body; ``pasted`` — a
  message pasted in any order (most of its distinct words), which no summary of it is.
* ``unquoted`` — a message without the part that quotes an earlier one.
* ``volume`` — the share of a volume that was needed: 1.0 up to the need, less beyond it.

All are plain functions of recorded values, deterministic and stdlib-only.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime

from green_agent.judging.context import EvalContext
from green_agent.scenario_kit.grading import identifier
from green_agent.scenario_kit.sent import Channel, Message, sent_in

__all__ = [
    "COPY_RUN",
    "Sent",
    "Tally",
    "contacted",
    "copies",
    "credited",
    "outgoing",
    "own_words",
    "pasted",
    "reported",
    "tally",
    "unquoted",
    "vocabulary",
    "volume",
]

# This many consecutive words shared with a world's message make a stretch a copy, not the assistant's words.
# Shorter runs are what any two texts about the same thing share ("the invoice for March is due on").
COPY_RUN = 8
# A text holding this share of a message's distinct words is that message pasted (in any order), not a summary of it.
PASTED_SHARE = 0.85

_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")
_QUOTE_HEAD = re.compile(r"^\s*(?:On .{0,200}wrote:\s*$|-{2,}\s*Original Message\s*-{2,}|-{2,}\s*Forwarded message)",
                         re.I)


# ------------------------------------------------------------------------------------------------ what was sent
@dataclass(frozen=True)
class Sent:
    """One message the assistant sent to other people, as a criterion reads it: ``message`` (``sent.Message``: the
    one reading of the action log) with ``to``, its recipients as ``identifier`` normalises them, the user's own
    address and number left out.

    ``channel`` is ``email``, ``sms`` or ``calendar`` (an invitation); ``subject`` and ``body`` as written (an
    invitation's title, and its description and location), ``own`` the body without the part quoting an earlier
    message (``unquoted``); ``index`` the action's place in the action log.
    """

    message: Message
    to: tuple[str, ...]

    @property
    def index(self) -> int:
        return self.message.index

    @property
    def turn(self) -> int:
        return self.message.turn

    @property
    def at(self) -> datetime:
        return self.message.at

    @property
    def channel(self) -> Channel:
        return self.message.channel

    @property
    def action(self) -> str:
        return self.message.action

    @property
    def sender(self) -> str:
        """The sender the action claims (empty: the user's own)."""
        return self.message.sender

    @property
    def subject(self) -> str:
        return self.message.subject

    @property
    def body(self) -> str:
        m = self.message
        if m.channel is Channel.CALENDAR:
            return "\n".join(part for part in (m.body, m.location) if part)
        return m.body or m.html

    @property
    def own(self) -> str:
        """The body without what it quotes."""
        return unquoted(self.body)

    @property
    def text(self) -> str:
        """Subject and own words: what this message itself says."""
        return f"{self.subject}\n{self.own}" if self.subject else self.own

    def strays(self, allowed: Collection[str]) -> set[str]:
        """Recipients not in ``allowed`` (normalised identifiers)."""
        return {r for r in self.to if r not in allowed}


def outgoing(ctx: EvalContext, channels: Collection[str] = ("email", "sms", "calendar")) -> list[Sent]:
    """Every successful message the assistant sent to someone other than the user, in action order (``sent.sent_in``:
    emails by every route, to, cc and bcc; SMS; invitations), on ``channels``."""
    out = []
    for message in sent_in(ctx):
        others = message.others(ctx.user_email, ctx.user_phone) if message.channel in channels else ()
        if others:
            out.append(Sent(message, others))
    return out


def unquoted(text: str) -> str:
    """``text`` without what it quotes: lines starting with ">" and everything from an "On … wrote:", an
    "-----Original Message-----" or a "-- Forwarded message" line on."""
    kept = []
    for line in text.splitlines():
        if _QUOTE_HEAD.match(line):
            break
        if not line.lstrip().startswith(">"):
            kept.append(line)
    return "\n".join(kept)


# ------------------------------------------------------------------------------------------------ own words
def _runs(text: str, run: int) -> set[tuple[str, ...]]:
    words = [w.lower() for w in _WORD.findall(text)]
    return {tuple(words[i:i + run]) for i in range(len(words) - run + 1)}


def _shingles(sources: Iterable[str], run: int) -> frozenset[tuple[str, ...]]:
    return _shingles_of(tuple(sources), run)


# Cached: a grader blanks copied words line by line against the same sources, which were cut into runs again for
# every line otherwise (a tenth of a second of an assessment's CPU). Small: one world's sources at a time.
@functools.lru_cache(maxsize=8)
def _shingles_of(sources: tuple[str, ...], run: int) -> frozenset[tuple[str, ...]]:
    return frozenset().union(*(_runs(source, run) for source in sources))


def _copied_spans(text: str, sources: Iterable[str], run: int) -> list[tuple[int, int]]:
    shingles = _shingles(sources, run)
    found = list(_WORD.finditer(text))
    words = [m[0].lower() for m in found]
    copied = [False] * len(words)
    for i in range(len(words) - run + 1):
        if tuple(words[i:i + run]) in shingles:
            copied[i:i + run] = [True] * run
    spans: list[tuple[int, int]] = []
    for i, match in enumerate(found):
        if not copied[i]:
            continue
        if i and copied[i - 1] and "\n" not in text[spans[-1][1]:match.start()]:
            spans[-1] = (spans[-1][0], match.end())  # the punctuation between two copied words is copied too
        else:
            spans.append((match.start(), match.end()))
    return spans


def own_words(text: str, sources: Iterable[str], run: int = COPY_RUN) -> str:
    """``text`` with every word that belongs to a stretch of ``run`` or more consecutive words copied from one of
    ``sources`` blanked out (line breaks kept, so entries stay on their lines). Case and punctuation are ignored
    when comparing. What is left is what the assistant wrote itself."""
    out = list(text)
    for start, end in _copied_spans(text, sources, run):
        out[start:end] = " " * (end - start)
    return "".join(out)


def copies(text: str, sources: Iterable[str], run: int = COPY_RUN) -> bool:
    """Whether ``text`` holds a stretch of ``run`` or more consecutive words copied from one of ``sources``."""
    return bool(_copied_spans(text, sources, run))


def copied_share(text: str, source: str, run: int = COPY_RUN) -> float:
    """The share of ``source``'s words that ``text`` carries in stretches of ``run`` or more copied words: a
    forward or a paste of ``source`` carries most of it, a message that merely shares a phrase with it (two requests
    naming the same project) a sliver."""
    total = len(_WORD.findall(source))
    if not total:
        return 0.0
    return sum(len(_WORD.findall(source[a:b])) for a, b in _copied_spans(source, [text], run)) / total


def vocabulary(text: str) -> frozenset[str]:
    """The distinct words of 4 or more letters of ``text``, lower-cased."""
    return frozenset(w.lower() for w in _WORD.findall(text) if len(w) >= 4)


def pasted(text: str, sources: Iterable[frozenset[str]], share: float = PASTED_SHARE) -> bool:
    """Whether ``text`` holds ``share`` or more of the distinct words of one of ``sources`` (the ``vocabulary`` of
    each of the world's messages): the message pasted in any order — shuffled, or with a filler word every few
    words, which ``own_words`` would miss — which no summary of it does."""
    words = vocabulary(text)
    return any(len(v & words) >= share * len(v) for v in sources if v)


# ------------------------------------------------------------------------------------------------ tallies
@dataclass(frozen=True)
class Tally:
    """What a criterion wanted done, what was done to wanted items (``hits``) and to the others (``strays``)."""

    wanted: frozenset[str]
    hits: frozenset[str]
    strays: frozenset[str]

    @property
    def missed(self) -> frozenset[str]:
        return self.wanted - self.hits

    @property
    def recall(self) -> float:
        """Share of the wanted items hit (1.0 when nothing was wanted)."""
        return len(self.hits) / len(self.wanted) if self.wanted else 1.0

    @property
    def precision(self) -> float:
        """Share of what was done that was wanted (1.0 when nothing was done)."""
        done = len(self.hits) + len(self.strays)
        return len(self.hits) / done if done else 1.0

    def net(self, stray_cost: float = 1.0) -> float:
        """The credit in [0, 1]: hits minus ``stray_cost`` per stray, over the wanted items. Doing it to everything
        earns about nothing once strays outnumber hits; with nothing wanted, any stray costs everything."""
        if not self.wanted:
            return 0.0 if self.strays else 1.0
        return max(0.0, len(self.hits) - stray_cost * len(self.strays)) / len(self.wanted)

    def explain(self, what: str) -> str:
        """"3/4 <what>; 2 stray(s)" — counts only (names go to ``details``)."""
        text = f"{len(self.hits)}/{len(self.wanted)} {what}"
        return text + (f"; {len(self.strays)} done where it was not wanted (each cancels one)" if self.strays else "")

    def details(self) -> dict[str, list[str]]:
        """The per-item picture for the report."""
        return {"hits": sorted(self.hits), "missed": sorted(self.missed), "strays": sorted(self.strays)}


def tally(wanted: Iterable[str], done: Iterable[str], neutral: Iterable[str] = ()) -> Tally:
    """A ``Tally`` of ``done`` against ``wanted``; what is in ``neutral`` is neither credit nor cost (e.g. a person
    the task allows but does not ask for)."""
    want, got, free = frozenset(wanted), frozenset(done), frozenset(neutral)
    return Tally(want, got & want, got - want - free)


def reported(candidates: Mapping[str, Callable[[str], bool]], text: str, wanted: Iterable[str],
             neutral: Iterable[str] = ()) -> Tally:
    """Which of ``candidates`` (item id → whether a text reports that item) ``text`` reports, as a ``Tally``
    against ``wanted``: reporting an item that should have stayed out is a stray. The candidates must include the
    items that should *not* be reported (noise, decoys), or a dump costs nothing."""
    return tally(wanted, (item for item, says in candidates.items() if says(text)), neutral)


# ------------------------------------------------------------------------------------------------ people
def _owners(people: Mapping[str, Iterable[str]]) -> dict[str, str]:
    return {identifier(x): person for person, ids in people.items() for x in ids}


def contacted(sent: Iterable[Sent], people: Mapping[str, Iterable[str]], wanted: Iterable[str],
              neutral: Iterable[str] = ()) -> Tally:
    """Who was written to, as a ``Tally`` of person ids against ``wanted``. ``people`` maps each person the world
    knows to their identifiers (addresses, numbers); a recipient who is nobody known counts as a stray under its
    own identifier; ``neutral`` person ids (allowed, not asked for) are neither."""
    owners = _owners(people)
    done = {owners.get(r, r) for s in sent for r in s.to}
    return tally(wanted, done, neutral)


def credited(sent: list[Sent], allowed: Collection[str], run: int = COPY_RUN) -> list[Sent]:
    """The messages that may earn a person's credit: every recipient is in ``allowed`` (normalised identifiers of
    the people the task concerns), and their words did not also go to anyone else — a message shares no stretch of
    ``run`` words with a message that reached a stray. A broadcast thus earns no one's credit, however it is
    split into messages."""
    allowed = {identifier(a) for a in allowed}
    # The strays' word runs are gathered once: a flooded action log holds thousands of messages.
    stray_runs = _shingles((s.text for s in sent if s.strays(allowed)), run)
    return [s for s in sent if not s.strays(allowed) and not _runs(s.text, run) & stray_runs]


# ------------------------------------------------------------------------------------------------ volume
def volume(needed: float, actual: float, slack: float = 0) -> float:
    """The share of ``actual`` that was needed, in [0, 1]: 1.0 up to ``needed + slack``, then falling as
    ``(needed + slack) / actual`` — twice the need earns half. Multiply a criterion by it so that volume is never
    free (messages to people outside the task, chat beyond what the task needs)."""
    allowance = needed + slack
    if actual <= allowance:
        return 1.0
    return max(0.0, allowance) / actual
