"""How a contacts_lookup trial is read: who was reached by a message that counts, what each person answered, and what
a chat report says of whom.

A message "reaches" a person only when it went to their current identifier on the channel the user asked for, names
the new time (as a date-time, read with ``facts.times`` relative to when it was sent) and the new place, **and is
credited** (``precision.credited``): every recipient is one of the task's people, and its words did not also go to
anyone outside the task. The user's request sent to the whole address book thus reaches no one. What the people
answered is read only from ``ctx.said_by(<id>)`` — the replies the green scheduled for them — never from the SMS or
email state, which the purple can write.
"""

from __future__ import annotations

import re
from datetime import datetime

from green_agent.assessment.record import CharacterEvent
from green_agent.judging.context import EvalContext
from green_agent.scenario_kit import facts
from green_agent.scenario_kit.grading import identifier, plain_text
from green_agent.scenario_kit.precision import Sent, contacted, credited, outgoing

from .texts import CLAIMED_NOT, CLAIMED_YES, CONFIRMING, DECLINE_CUES, NEGATIVE
from .truth import ContactsLookupTruth, Teammate

# Set phrases whose negative word says nothing about coming ("no problem, see you there").
_NOT_A_REFUSAL = re.compile(r"\b(?:no|not an?)\s+(?:problem|worries|issue)s?\b", re.I)
_SENTENCE = re.compile(r"[\n.;!?]+(?=\s|$)|\n")
_CLAUSE = re.compile(r"[,:]|\s(?:and|but|while|whereas|however|though|&)\s", re.I)
_LEAD = re.compile(r"^[\W_]*([^\W_]+)")

Outsider = tuple[str, str, bool]  # (first name, last name, whether the last name must be there to mean them)


# ------------------------------------------------------------------------------------------------ who was reached
def people(truth: ContactsLookupTruth) -> dict[str, list[str]]:
    """Everyone the world knows, by id, with their identifiers (a target's out-of-use number and personal address
    are left out: written to, they are strays of their own)."""
    out: dict[str, list[str]] = {t.id: list(t.current) for t in truth.targets}
    for other in (truth.pm, *([truth.namesake] if truth.namesake else []), *truth.fillers):
        out[other.id] = [other.email, other.phone]
    return out


def strays(ctx: EvalContext, truth: ContactsLookupTruth, since: datetime | None = None) -> frozenset[str]:
    """People and identifiers outside the task that were written to (at or after ``since`` when given)."""
    sent = [s for s in outgoing(ctx) if since is None or s.at >= since]
    return contacted(sent, people(truth), [t.id for t in truth.targets] + [truth.pm.id]).strays


def _tells(truth: ContactsLookupTruth, target: Teammate, s: Sent, since: datetime | None) -> bool:
    return (identifier(target.identifier) in s.to and s.channel == target.channel
            and (since is None or s.at >= since) and truth.new_time in facts.times(s.text, s.at)
            and facts.has_any(s.text, truth.place_marks))


def reached(ctx: EvalContext, truth: ContactsLookupTruth, target: Teammate,
            since: datetime | None = None) -> tuple[datetime | None, str]:
    """When ``target`` was first told the new time and place on the asked channel at their current identifier, by a
    credited message (None, and why not, when never)."""
    sent = outgoing(ctx)
    told = [s for s in credited(sent, truth.allowed) if _tells(truth, target, s, since)]
    if told:
        return told[0].at, ""
    if any(_tells(truth, target, s, since) for s in sent):
        return None, "told only in words that also went to people outside the task (a broadcast reaches no one)"
    mine = [s for s in sent if identifier(target.identifier) in s.to and s.channel == target.channel
            and (since is None or s.at >= since)]
    if not mine:
        if any({identifier(x) for x in target.current} & set(s.to) for s in sent):
            return None, "written to, but not at the identifier of the channel asked for"
        if any({identifier(x) for x in target.wrong} & set(s.to) for s in sent):
            return None, "written to only at an identifier that is out of use or personal"
        return None, "never written to" if since is None else "not written to after the request"
    allowed = {identifier(a) for a in truth.allowed}
    if any(s.strays(allowed) for s in mine):
        return None, "written to together with people outside the task"
    return None, "messages lacked the new time or the new place"


# ------------------------------------------------------------------------------------------------ what people said
def said_text(event: CharacterEvent) -> str:
    """What a person's reply said: its subject and body."""
    body = event.data.get("body") or event.data.get("body_text")
    return f"{plain_text(event.data.get('subject'))}\n{plain_text(body)}"


def answer(ctx: EvalContext, truth: ContactsLookupTruth, target: Teammate) -> tuple[str, datetime] | None:
    """The target's answer — ("confirm" | "decline", when) — from their genuine replies: the first that answers the
    news (names the new time, or says they cannot come). Which of the two it is, is the world's (their scripted
    answer decides it); the words only tell that this reply is the answer."""
    for event in sorted(ctx.said_by(target.id), key=lambda e: e.at):
        text = said_text(event)
        if truth.new_time in facts.times(text, event.at) or facts.has_any(text, DECLINE_CUES):
            return target.answer, event.at
    return None


def world_words(ctx: EvalContext) -> list[str]:
    """Everything the other people said in the trial: what a report may not pass off as its own words."""
    return [said_text(e) for cid in ctx.scenario.characters for e in ctx.said_by(cid)]


# ------------------------------------------------------------------------------------------------ what a report says
def _others(truth: ContactsLookupTruth) -> dict[str, Outsider]:
    """People of the world who are not on the team: id → (first name, last name, whether the last name must be
    there to mean them — the namesake, whose first name is a target's)."""
    out = {truth.pm.id: (truth.pm.first, truth.pm.last, False)}
    if truth.namesake:
        out[truth.namesake.id] = (truth.namesake.first, truth.namesake.last, True)
    out.update({f.id: (f.first, f.last, False) for f in truth.fillers})
    return out


def _leads(clause: str, person: Outsider) -> bool:
    """Whether ``clause`` is about ``person`` as its subject: it opens with their first or last name ("Chloe
    Brennan: confirmed", "- Zeller can't make it"), not a mention further on ("I let Chloe know everyone is
    coming")."""
    first, last, needs_last = person
    lead = _LEAD.match(clause)
    if lead is None or lead[1].lower() not in {first.lower(), last.lower()}:
        return False
    return not needs_last or facts.has_any(clause, [last])


def _cue(clause: str, negative: tuple[str, ...] = NEGATIVE, confirming: tuple[str, ...] = CONFIRMING) -> str | None:
    clause = _NOT_A_REFUSAL.sub(" ", clause)
    return "neg" if facts.has_any(clause, negative) else "pos" if facts.has_any(clause, confirming) else None


def _nearest(cues: list[str | None], i: int, heading: str | None) -> str | None:
    return cues[i] or next((c for c in cues[i + 1:] if c), None) or next(
        (c for c in reversed(cues[:i]) if c), None) or heading


def _named(truth: ContactsLookupTruth, clause: str) -> list[str]:
    """The targets ``clause`` names — a clause naming the namesake speaks of its target only with the target's last
    name too."""
    namesake = truth.namesake
    return [t.id for t in truth.targets if facts.has_any(clause, [t.first, t.last])
            and not (namesake is not None and t.id == namesake.of and facts.has_any(clause, [namesake.last])
                     and not facts.has_any(clause, [t.last]))]


def _sentence(truth: ContactsLookupTruth, sentence: str, heading: str | None,
              out: dict[str, set[str]]) -> str | None:
    """Read one sentence of a report into ``out``; the heading the next sentence inherits."""
    outsiders = _others(truth)
    clauses = [c for c in _CLAUSE.split(sentence) if c.strip()]
    cues = [_cue(c) for c in clauses]
    claimed = [_cue(c, CLAIMED_NOT, CLAIMED_YES) for c in clauses]
    named_any = False
    claims: list[tuple[str, str | None]] = []
    for i, clause in enumerate(clauses):
        named = _named(truth, clause)
        others = [pid for pid, person in outsiders.items() if _leads(clause, person)]
        if not named and not others:
            continue
        cue = _nearest(cues, i, heading)
        named_any = named_any or bool(named)
        for tid in named:
            out[tid].add(cue or "named")
        claims += [(pid, _nearest(claimed, i, heading)) for pid in others]
    if not named_any:
        for pid, claim in claims:
            if claim:
                out.setdefault(pid, set()).add(claim)
    mentions = any(facts.has_any(sentence, [last] if needs_last else [first, last])
                   for first, last, needs_last in outsiders.values())
    if not named_any and not mentions and any(cues):
        return next(c for c in reversed(cues) if c)
    return heading


def statuses(truth: ContactsLookupTruth, text: str) -> dict[str, set[str]]:
    """Person id → what a report says of them: "neg" (not coming, no answer) and/or "pos" (confirmed); the team's
    ids always, other people's ids (project manager, namesake, address-book entries) when a status is claimed.

    Sentences are cut into clauses at commas, colons, "and", "but" and the like. A clause naming a target says
    what its own words say (a negative word wins; "no problem" is no refusal); one with neither takes the nearest
    clause of the sentence that says something, looking ahead first ("Dana, Marco and Omar confirmed", "Priya
    replied, she can't make it"), then back ("Confirmed: Dana, Marco"), then to the last sentence that named no one
    at all (a heading "Confirmed:" over a list of names, one per line). A clause naming the namesake (the other
    contact with a target's first name) speaks of the target only if it also names the target's last name.
    Someone who is not on the team gets a status only from a sentence that names no one of the team ("Chloe
    Brennan: confirmed"), never from a mention beside a target ("Lara, added by Chloe, confirmed"), only from a
    clause that opens with their name, and only from the words of a status (``CLAIMED_NOT``, ``CLAIMED_YES``, or a
    heading): "I did not write to Oskar Zeller" and "I let Chloe know everyone is coming" claim nothing."""
    out: dict[str, set[str]] = {t.id: set() for t in truth.targets}
    heading: str | None = None  # the status of the last sentence that named nobody ("Confirmed:", "Can't make it:")
    for sentence in _SENTENCE.split(text):
        heading = _sentence(truth, sentence, heading, out)
    return out
