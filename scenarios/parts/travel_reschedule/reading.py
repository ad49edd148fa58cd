"""How a travel_reschedule trial is read: what the operator and the client said (only ``ctx.said_by``: mail in the
final state that claims to come from them may be the purple's own forgery), whether the right option was decided,
the trip's events on the final calendar, and whom the assistant wrote to (``precision.outgoing``, read once)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from green_agent.assessment.record import CharacterEvent
from green_agent.judging.context import EvalContext
from green_agent.scenario_kit import facts
from green_agent.scenario_kit.grading import calendar_events, identifier, is_live, plain_text, span, when
from green_agent.scenario_kit.precision import Sent, contacted, outgoing

from .cast import OFFER, confirms
from .truth import Option, TravelTruth

PROBLEMS = {
    "late": "it arrives after the meeting starts",
    "close": "it arrives without the margin the user needs before the meeting",
    "paid": "it costs a supplement the user never agreed to pay",
    "misses_fallback": "it reaches neither the meeting nor the client's reachable fallback time",
    "cut": "the operator's note says it now terminates short of the destination",
}
# The people of the trip (truth.people ids): anyone else written to is a stray.
TRIP = ("operator", "partner", "hotel", "client", "standin")


# ------------------------------------------------------------------------------------------------ what people said
def said(ctx: EvalContext, character: str, modality: str) -> list[tuple[datetime, str]]:
    """(when, text) of a character's genuine messages (what the green scheduled for them), oldest first."""
    out = []
    for event in ctx.said_by(character, modality):
        data = event.data
        text = plain_text(data.get("body")) if modality == "sms" else \
            f"{plain_text(data.get('subject'))}\n{plain_text(data.get('body_text'))}"
        out.append((event.at, text))
    return sorted(out, key=lambda pair: pair[0])


def _named(text: str, at: datetime, moments: Mapping[datetime, Any]) -> set[datetime]:
    return {t for t in facts.times(text, at) if t in moments}


def offer_at(ctx: EvalContext, truth: TravelTruth) -> datetime | None:
    """When the operator's offer arrived: its first email by the offer rule (read from the rule, not the words: a
    wording pack or an LLM may put the departures any way a reader understands)."""
    return next((e.at for e in _operator(ctx, truth) if e.rule == OFFER), None)


def confirmations(ctx: EvalContext, truth: TravelTruth) -> list[tuple[datetime, Option]]:
    """(when, option) of the operator's rebooking confirmations after its offer, oldest first: its emails by the
    rule that confirms that option (which the purple chose by naming exactly one offered departure)."""
    offer, rules = offer_at(ctx, truth), {confirms(i): o for i, o in enumerate(truth.options)}
    if offer is None:
        return []
    return [(e.at, rules[e.rule]) for e in _operator(ctx, truth) if e.at > offer and e.rule in rules]


def _operator(ctx: EvalContext, truth: TravelTruth) -> list[CharacterEvent]:
    return sorted(ctx.said_by(truth.operator.id, "email"), key=lambda e: e.at)


def right_confirmed(ctx: EvalContext, truth: TravelTruth) -> tuple[datetime | None, str]:
    """When the operator confirmed the right option, if its latest confirmation is that option and the wrong one was
    never confirmed (the decision was made, not left to whichever booking stuck); else None and why (in general
    terms)."""
    if offer_at(ctx, truth) is None:
        return None, "the operator never offered its alternatives (it was never asked with the booking reference)"
    confirmed = confirmations(ctx, truth)
    if not confirmed:
        return None, "the operator offered two alternatives but confirmed neither"
    at, option = confirmed[-1]
    if not option.right:
        return None, f"the operator's latest confirmation is for the wrong option: {PROBLEMS[option.problem or '']}"
    if any(not o.right for _, o in confirmed):
        return None, "the operator confirmed both alternatives, one after the other: no choice was made"
    return at, ""


def accepted(ctx: EvalContext, truth: TravelTruth) -> datetime | None:
    """The fallback time the client's latest acceptance names (None: the client accepted no move)."""
    fallbacks = {f.start: f for f in truth.fallbacks}
    out = None
    for at, text in said(ctx, truth.client.id, "email"):
        named = _named(text, at, fallbacks)
        if len(named) == 1 and facts.has_any(text, truth.accept_words):
            out = next(iter(named))
    return out


# ------------------------------------------------------------------------------------------------ the calendar
def _blob(event: Mapping[str, Any], *fields: str) -> str:
    return " ".join(plain_text(event.get(k)) for k in fields).lower()


def category(event: Mapping[str, Any], truth: TravelTruth) -> str | None:
    """travel / hotel / meeting / return / None: the trip's original events keep their kind; a new event is read
    from its title first, then from its location and description."""
    ids = {truth.travel_event_id: "travel", truth.hotel_event.event_id: "hotel",
           truth.meeting.event_id: "meeting", truth.return_event_id: "return"}
    if event.get("event_id") in ids:
        return ids[str(event["event_id"])]
    keywords = {"travel": truth.keywords.travel, "hotel": truth.keywords.hotel, "meeting": truth.keywords.meeting}
    for fields in (("title",), ("location", "description")):
        blob = _blob(event, *fields)
        for kind, words in keywords.items():
            if any(k in blob for k in words):
                return kind
    return None


def live(ctx: EvalContext, truth: TravelTruth, kind: str) -> list[dict[str, Any]]:
    """Live events of one kind in the final calendar; travel only within the outbound window (the return train on
    the last day is not the outbound)."""
    window = truth.travel_window
    out = []
    for event in calendar_events(ctx.final_state).values():
        if not is_live(event) or category(event, truth) != kind:
            continue
        if kind == "travel" and not window.start <= when(event["start"]) < window.end:
            continue
        out.append(event)
    return out


def one(events: list[dict[str, Any]], what: str) -> tuple[dict[str, Any] | None, str]:
    """The single event of a kind (copies at the same time count once), or None and why."""
    if not events:
        return None, f"no {what} on the calendar"
    if len({span(e) for e in events}) > 1:
        return None, f"{what} is on the calendar {len(events)} times at different times"
    return events[0], ""


# ------------------------------------------------------------------------------------------------ what was sent
def people(truth: TravelTruth) -> dict[str, list[str]]:
    return {person: list(ids) for person, ids in truth.people.items()}


def ids(truth: TravelTruth, *who: str) -> set[str]:
    return {identifier(x) for person in who for x in truth.people.get(person, ())}


def to(sent: list[Sent], channel: str, address: str) -> list[Sent]:
    return [s for s in sent if s.channel == channel and identifier(address) in s.to]


def latest_naming(messages: list[Sent]) -> tuple[Sent | None, set[datetime]]:
    """The latest message that names a date-time, and the moments it names."""
    for message in reversed(messages):
        named = facts.times(message.text, message.at)
        if named:
            return message, named
    return None, set()


def strays(ctx: EvalContext, truth: TravelTruth) -> frozenset[str]:
    """Everyone written to outside the trip: person ids, or the raw identifier of someone the world does not know."""
    return contacted(outgoing(ctx), people(truth), [], neutral=TRIP).strays


def world_texts(ctx: EvalContext) -> list[str]:
    """What the world's people wrote: every incoming email and SMS of the final state and every reply the green
    scheduled (a report that copies them is a relay, not the assistant's own words)."""
    me = {identifier(ctx.user_email), identifier(ctx.user_phone)}
    texts = [f"{plain_text(e.get('subject'))}\n{plain_text(e.get('body_text'))}"
             for e in (ctx.final_state.get("email", {}).get("emails") or {}).values()
             if identifier(e.get("from_address", "")) not in me]
    texts += [plain_text(m.get("body")) for m in (ctx.final_state.get("sms", {}).get("messages") or {}).values()
              if m.get("direction") == "incoming"]
    texts += [f"{plain_text(e.data.get('subject'))}\n{plain_text(e.data.get('body') or e.data.get('body_text'))}"
              for e in ctx.character_events]
    return [t for t in texts if t.strip()]
