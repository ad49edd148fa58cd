"""Evaluators of meeting_scheduling: pure functions of the recorded trial (state checks, no LLM).

Everything that differs between worlds (who is invited, their busy times and rules, who declines and what they
ask for) comes from ``ctx.truth`` (generator.py). What the invitees said - availability, declines, acceptances - is
read only from what the green scheduled for them (``ctx.said_by``), never from the calendar's attendee responses,
which the assistant's own key can write.

"The meeting" is the live event the assistant created that has the most of the three invitees as attendees
(ties: the most recently updated). Times are aware datetimes; everything is UTC. Explanations say what was
missed in general terms; names and ids are in ``details``.

Precision beside recall (``scenario_kit.precision``): what the assistant sent is read once (``outgoing``); an email
asks an invitee for their availability only when it went to no one outside the meeting, shares no words with a
message that did (``credited``: the user's request broadcast to everyone asks no one) and asks in the assistant's own
words, not the user's request pasted on (``own_words``); everyone outside the meeting who was written to or invited
cancels an invitee's credit (``contacted``); an invitation that invites people beyond the three earns only its net
share; and chat far beyond a report scales the report down (``volume``).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

import ground_truth as gt

from green_agent.scenario_kit import facts
from green_agent.scenario_kit.grading import (
    EvalContext,
    EvalResult,
    addresses,
    calendar_events,
    evaluator,
    is_live,
    overlaps,
    plain_text,
    response_of,
    span,
    when,
)
from green_agent.scenario_kit.precision import Sent, Tally, contacted, credited, outgoing, own_words, tally, volume
from green_agent.scenario_kit.sent import INVITATIONS, Channel, Message, sent_in

Span = tuple[datetime, datetime]
# Deliveries to the invitees (an email to all three is three): the availability question and the reschedule note
# to each, and as many again free (thanks, agenda notes).
EMAILS_NEEDED, EMAILS_SLACK = 6, 6
CHAT_NEEDED, CHAT_SLACK = 2, 6  # the report and a progress note; a few more are free
LISTING = 3  # a chat message naming this many other times of the week is a listing, not a report of one slot
DECLINED = "the slot that was declined"


# ------------------------------------------------------------------------------------------------ the world
def _invitees(ctx: EvalContext) -> list[Mapping[str, Any]]:
    return list(ctx.truth["invitees"])


def _emails(ctx: EvalContext) -> set[str]:
    return {str(p["email"]).lower() for p in _invitees(ctx)}


def _user(ctx: EvalContext) -> str:
    return str(ctx.truth["user"]["email"]).lower()


def _length(ctx: EvalContext) -> timedelta:
    return timedelta(minutes=int(ctx.truth["duration_minutes"]))


def _people(ctx: EvalContext) -> dict[str, list[str]]:
    return {str(p["id"]): [str(p["email"])] for p in _invitees(ctx)}


def _sent(ctx: EvalContext) -> list[Sent]:
    """What the assistant sent to others: emails, SMS and invitations — edits of the user's own existing events
    left out (user_calendar_untouched judges those; their attendees were invited long ago)."""
    initial = calendar_events(ctx.initial_state)
    return [s for s in outgoing(ctx) if not (s.channel == "calendar" and str(s.message.event_id) in initial)]


def _outsiders(ctx: EvalContext) -> frozenset[str]:
    """Everyone outside the meeting who was written to or invited (the user never counts)."""
    return contacted(_sent(ctx), _people(ctx), [str(p["id"]) for p in _invitees(ctx)]).strays


# ------------------------------------------------------------------------------------------------ the meeting
def _candidates(ctx: EvalContext) -> list[dict[str, Any]]:
    """Live events the assistant added that invite at least one of the three, best candidate first."""
    initial = calendar_events(ctx.initial_state)
    invitees = _emails(ctx)
    found = [e for eid, e in calendar_events(ctx.final_state).items()
             if eid not in initial and is_live(e) and addresses(e.get("attendees")) & invitees]
    found.sort(key=lambda e: (len(addresses(e.get("attendees")) & invitees), str(e.get("updated_at", ""))),
               reverse=True)
    return found


def _meeting(ctx: EvalContext) -> dict[str, Any] | None:
    found = _candidates(ctx)
    return found[0] if found else None


def _slots(ctx: EvalContext, event_id: Any) -> list[tuple[datetime, Span]]:
    """(when, slot) of every create/update of ``event_id`` that set its start, in order."""
    out = []
    for action in ctx.actions(*INVITATIONS):
        p = action.parameters
        if p.get("event_id") != event_id or not p.get("start"):
            continue
        start = when(p["start"])
        out.append((action.timestamp, (start, when(p["end"]) if p.get("end") else start + _length(ctx))))
    return out


def _slot_at(ctx: EvalContext, event_id: Any, moment: datetime) -> Span | None:
    """Where the assistant had put ``event_id`` at ``moment``."""
    before = [slot for at, slot in _slots(ctx, event_id) if at <= moment]
    return before[-1] if before else None


def _invited_since(ctx: EvalContext, event: dict[str, Any]) -> datetime:
    """When the meeting was (re)sent at its final start: acceptances before that were for another time."""
    since, previous = ctx.start_time, None
    for at, (start, _) in _slots(ctx, event.get("event_id")):
        if start != previous:
            since, previous = at, start
    return since


def _rsvps(ctx: EvalContext, character_id: str, event_id: Any) -> list[tuple[datetime, str]]:
    """The RSVPs ``character_id`` really gave to ``event_id`` (the green scheduled them), in time order."""
    out = [(e.at, str(e.data.get("response"))) for e in ctx.said_by(character_id, "calendar")
           if e.data.get("operation") == "respond" and e.data.get("event_id") == event_id]
    return sorted(out, key=lambda pair: pair[0])


def _acceptances(ctx: EvalContext, event: dict[str, Any]) -> dict[str, datetime | None]:
    """Invitee id -> when they accepted the meeting at its final time (None: they have not, by their own RSVP)."""
    since = _invited_since(ctx, event)
    attending = addresses(event.get("attendees"))
    out: dict[str, datetime | None] = {}
    for person in _invitees(ctx):
        said = [(at, r) for at, r in _rsvps(ctx, person["id"], event.get("event_id")) if at >= since]
        ok = str(person["email"]).lower() in attending and bool(said) and said[-1][1] == "accepted"
        out[person["id"]] = said[-1][0] if ok else None
    return out


def _declines(ctx: EvalContext) -> list[tuple[datetime, Any]]:
    """(when, event id) of each decline the decliner really sent."""
    return [(e.at, e.data.get("event_id")) for e in ctx.said_by(str(ctx.truth["decliner"]), "calendar")
            if e.data.get("operation") == "respond" and e.data.get("response") == "declined"]


def _declined_slots(ctx: EvalContext) -> list[Span]:
    """Where the meeting was whenever the decliner declined it (from the assistant's own calendar actions)."""
    slots = [_slot_at(ctx, event_id, at) for at, event_id in _declines(ctx)]
    return [s for s in slots if s is not None]


def _user_busy(ctx: EvalContext) -> list[tuple[str, Span]]:
    """The user's initial commitments: opaque, not cancelled, not declined by the user."""
    out = []
    for event in calendar_events(ctx.initial_state).values():
        if not is_live(event) or event.get("transparency") == "transparent":
            continue
        if response_of(event, _user(ctx)) == "declined":
            continue
        out.append((str(event.get("title", event.get("event_id", "?"))), span(event)))
    return out


def _said(event: Any) -> str:
    return f"{plain_text(event.data.get('subject'))}\n" \
           f"{plain_text(event.data.get('body') or event.data.get('body_text'))}"


def _checks(checks: dict[str, bool], passed: str, failed: str, **details: Any) -> EvalResult:
    """One point per check; the explanation counts the misses (their names are in details)."""
    missed = [name for name, ok in checks.items() if not ok]
    return EvalResult(score=len(checks) - len(missed), max_score=len(checks),
                      explanation=passed if not missed else f"{failed}: {len(missed)} of {len(checks)} checks missed",
                      details={"checks": checks, **details})


# ------------------------------------------------------------------------------------------------ criteria
def _answered_rule(ctx: EvalContext, who: str) -> dict[str, Any]:
    """The standing rule ``who`` stated in their availability answer (the one kept for an older email left out)."""
    rule = dict(ctx.truth["rules"].get(who, {}))
    hidden = ctx.truth.get("hidden_rule") or {}
    if hidden.get("who") == who:
        rule.pop(str(hidden.get("kind")), None)
    return rule


def _unheard(ctx: EvalContext, invite: Message) -> set[str]:
    """The invitees (addresses) whose answer the first invitation ``invite`` ignores: it overlaps a busy time they
    gave or breaks a rule they stated in it."""
    if not invite.start:
        return set()
    start = when(invite.start)
    slot = (start, when(invite.end) if invite.end else start + _length(ctx))
    busy = ctx.truth["busy"]
    return {str(person["email"]).lower() for person in _invitees(ctx)
            if any(overlaps(slot, (when(a), when(b))) for a, b in busy.get(str(person["id"]), []))
            or gt.rule_breaks(slot[0], slot[1], _answered_rule(ctx, str(person["id"])))}


@evaluator
async def availability_requested(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    """Each invitee was asked for their availability by email before the first invitation went out, in an email
    that reached no one else and asks in the assistant's own words, and the first invitation kept to what they
    answered - their busy times and the rule they stated (asking without listening earns nothing); everyone
    outside the meeting written to or invited cancels one invitee; many more emails than the task needs scale it
    down."""
    invitees = _emails(ctx)
    invites = [m for m in sent_in(ctx) if m.channel is Channel.CALENDAR and invitees & set(m.to)]
    first_invite = invites[0].at if invites else None
    sent = _sent(ctx)
    good = credited(sent, invitees)
    prompt = [ctx.scenario.user_prompt]
    asked: set[str] = set()
    not_asking = 0
    for s in good:
        if s.channel != "email" or (first_invite is not None and s.at >= first_invite):
            continue
        if facts.has_any(own_words(s.text, prompt), gt.AVAILABILITY_WORDS):
            asked |= set(s.to) & invitees
        else:
            not_asking += 1
    unheard = _unheard(ctx, invites[0]) if invites else set()
    asked -= unheard
    ids = {str(p["email"]).lower(): str(p["id"]) for p in _invitees(ctx)}
    result = Tally(frozenset(ids.values()), frozenset(ids[a] for a in asked), _outsiders(ctx))
    emails = [s for s in sent if s.channel == "email" and set(s.to) & invitees]
    deliveries = sum(len(set(s.to) & invitees) for s in emails)
    share = volume(EMAILS_NEEDED, deliveries, EMAILS_SLACK)
    shared = len([s for s in emails if s not in good])
    why = f"; {not_asking} email(s) to them did not ask for availability in the assistant's own words" \
        if not_asking else ""
    if shared:
        why += f"; {shared} email(s) to them also went, in the same words, to people outside the meeting"
    if unheard:
        why += f"; the first invitation ignored what {len(unheard)} of them had answered (busy time or stated rule)"
    if result.strays:
        why += f"; {len(result.strays)} people outside the meeting written to or invited (each cancels one)"
    if share < 1:
        why += (f"; {deliveries} emails delivered to them where {EMAILS_NEEDED} were needed (scaled by "
                f"{share:.2f})")
    names = sorted(str(p["first"]) for p in _invitees(ctx) if str(p["email"]).lower() in asked)
    return EvalResult(score=result.net() * share * len(invitees), max_score=len(invitees),
                      explanation=f"{len(names)} of {len(invitees)} invitees asked for their availability before the "
                                  f"first invitation{why}",
                      details={"asked": names, "outsiders": sorted(result.strays)})


@evaluator
async def meeting_created(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    """A new live event inviting all three, 60 minutes long, Tuesday to Friday in working hours."""
    event = _meeting(ctx)
    if event is None or not _emails(ctx) <= addresses(event.get("attendees")):
        return EvalResult(score=0, max_score=3, explanation="no new event invites all three invitees",
                          details={"event_id": event.get("event_id") if event else None})
    start, end = span(event)
    checks = {"all_three_invited": True, "right_length": end - start == _length(ctx),
              "inside_the_requested_window": gt.in_window(start, end)}
    result = _checks(checks, "a new event invites all three, at the right length, inside the requested window",
                     "the meeting event", event_id=event.get("event_id"))
    # A meeting at a time that does not work is an invitation, not the meeting asked for. The decline does not count
    # here: a slot that kept every rule and busy time was the right choice when it was made (slot_valid and
    # decline_handled grade what followed), and without it the first invitation, which every later step waits on,
    # would earn next to nothing.
    if any(why != DECLINED for why in _broken(ctx, event)):
        result = EvalResult(score=1, max_score=3, explanation="a new event invites all three, but at a time that does "
                                                              "not work for everybody: only the invitation counts",
                            details={**(result.details or {}), "slot_works": False})
    guests = tally(_emails(ctx), addresses(event.get("attendees")) - {_user(ctx)})
    if not guests.strays:
        return result
    net = guests.net()
    return EvalResult(score=result.score * net, max_score=result.max_score,
                      explanation=f"{result.explanation}; it also invites {len(guests.strays)} people beyond the three "
                                  f"(each cancels one of them: scaled by {net:.2f})",
                      details={**(result.details or {}), "extra_attendees": sorted(guests.strays)})


def _broken(ctx: EvalContext, event: dict[str, Any]) -> dict[str, list[str]]:
    """What the slot of ``event`` breaks (reason → who), empty when it works for everybody."""
    start, end = span(event)
    slot = (start, end)
    rules, busy = ctx.truth["rules"], ctx.truth["busy"]
    people = [str(p["id"]) for p in _invitees(ctx)]
    clashes = [title for title, taken in _user_busy(ctx) if overlaps(slot, taken)]
    failed = {
        "outside the requested window": [] if gt.in_window(start, end) else ["window"],
        "a standing rule of an invitee": [w for w in people if gt.rule_breaks(start, end, rules.get(w, {}))],
        "a busy time an invitee gave": [w for w in people
                                        if any(overlaps(slot, (when(a), when(b))) for a, b in busy.get(w, []))],
        "the user's calendar": clashes,
        DECLINED: ["declined"] if any(overlaps(slot, d) for d in _declined_slots(ctx)) else [],
    }
    return {why: who for why, who in failed.items() if who}


@evaluator
async def slot_valid(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    """All or nothing: the final slot is in the window, keeps every stated rule, clashes with no busy time of
    the invitees or the user, and is not the slot that was declined."""
    event = _meeting(ctx)
    if event is None:
        return EvalResult(score=0, max_score=1, explanation="no meeting to check")
    start, end = span(event)
    broken = _broken(ctx, event)
    ok = not broken
    return EvalResult(score=1 if ok else 0, max_score=1,
                      explanation="the final slot works for everybody" if ok else
                      f"the final slot breaks {sum(len(w) for w in broken.values())} constraint(s): "
                      + "; ".join(broken),
                      details={"slot": [start.isoformat(), end.isoformat()], "broken": broken,
                               "valid_starts": ctx.truth["valid_starts"]})


@evaluator
async def decline_handled(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    """After the decliner's own decline: re-sent at a new time, final slot off the declined one, no stale copy."""
    declines = _declines(ctx)
    if not declines:
        return EvalResult(score=0, max_score=3, explanation="nobody declined: the invitation that would be declined "
                                                            "never went out")
    first = min(at for at, _ in declines)
    declined = _declined_slots(ctx)
    event = _meeting(ctx)
    decliner = next(str(p["email"]).lower() for p in _invitees(ctx) if p["id"] == ctx.truth["decliner"])
    events = calendar_events(ctx.final_state)
    reinvites = []
    for action in ctx.actions(*INVITATIONS):
        p = action.parameters
        invited = addresses(p.get("attendees")) or addresses((events.get(str(p.get("event_id"))) or {}).get(
            "attendees"))
        if action.timestamp > first and p.get("start") and decliner in invited \
                and not any(when(p["start"]) == d[0] for d in declined):
            reinvites.append(action)
    others = _candidates(ctx)[1:]
    moved = bool(reinvites)  # the other two checks are about a move: without one they hold by doing nothing
    checks = {
        "reinvited_at_a_new_time_after_the_decline": moved,
        "final_slot_off_the_declined_one": moved and event is not None
        and not any(overlaps(span(event), d) for d in declined),
        "no_stale_copy_left": moved and event is not None and not others,
    }
    return _checks(checks, "the decline was handled: re-sent at a new time, no stale copy", "decline handling",
                   declined_slots=[[a.isoformat(), b.isoformat()] for a, b in declined],
                   stale=[e.get("event_id") for e in others])


@evaluator
async def all_accepted(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    """All or nothing: each invitee's own latest RSVP (as the green scheduled it) accepts the meeting at its final
    time. Attendee responses in the calendar are never read: the assistant's key can write them."""
    event = _meeting(ctx)
    if event is None:
        return EvalResult(score=0, max_score=1, explanation="no meeting")
    accepted = _acceptances(ctx, event)
    missing = [who for who, at in accepted.items() if at is None]
    return EvalResult(score=0 if missing else 1, max_score=1,
                      explanation=f"{len(accepted) - len(missing)} of {len(accepted)} invitees accepted the final "
                                  "time themselves",
                      details={"accepted": {who: at.isoformat() if at else None for who, at in accepted.items()}})


@evaluator
async def agenda_updated(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    """The final invite's title or description carries the agenda item the decliner asked for."""
    event = _meeting(ctx)
    text = f"{event.get('title', '')}\n{event.get('description') or ''}" if event else ""
    ok = bool(text.strip()) and facts.has_any(text, [str(ctx.truth["agenda_keyword"])])
    return EvalResult(score=1 if ok else 0, max_score=1,
                      explanation="the final invite carries the requested agenda item" if ok
                      else "the final invite does not carry the requested agenda item")


@evaluator
async def chat_report(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    """Once all three had accepted, the assistant told the user in chat when the meeting is (day and time)."""
    event = _meeting(ctx)
    if event is None:
        return EvalResult(score=0, max_score=1, explanation="no meeting to report")
    accepted = _acceptances(ctx, event)
    if any(at is None for at in accepted.values()):
        return EvalResult(score=0, max_score=1, explanation="not all three accepted, so there was no success "
                                                            "to report")
    since = max(at for at in accepted.values() if at is not None)
    start = span(event)[0]
    posts = [a for a in ctx.actions("chat.send_message") if a.parameters.get("role", "assistant") == "assistant"]
    late = [a for a in posts if a.timestamp >= since - timedelta(seconds=1)]
    sources = [_said(e) for cid in ctx.scenario.characters for e in ctx.said_by(cid)]
    declined = {d[0] for d in _declined_slots(ctx)}
    reports, listings = [], 0
    for a in late:
        named = facts.times(own_words(plain_text(a.parameters.get("content")), sources), a.timestamp, ends=False)
        others = {t for t in named - declined - {start}
                  if gt.FIRST_DAY <= t.date().isoformat() <= gt.LAST_DAY}
        if start in named and len(others) >= LISTING:
            listings += 1
        elif start in named:
            reports.append(a)
    share = volume(CHAT_NEEDED, len(posts), CHAT_SLACK)
    why = ("reported in chat after the last acceptance, with the meeting's day and time" if reports else
           f"{len(late)} chat message(s) after the last acceptance, none naming the meeting's day and time in the "
           f"assistant's own words" + (f" ({listings} listed many other times besides)" if listings else ""))
    if reports and share < 1:
        why += f"; {len(posts)} chat posts for one report (scaled by {share:.2f})"
    return EvalResult(score=share if reports else 0, max_score=1, explanation=why,
                      details={"since": since.isoformat(), "start": start.isoformat(), "chat_posts": len(posts)})


@evaluator
async def user_calendar_untouched(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    """None of the user's events moved, cancelled, re-answered or deleted; nothing new double-books them. Graded
    as "broke no rule": the scoring's progress rule decides how much that is worth."""
    initial, final = calendar_events(ctx.initial_state), calendar_events(ctx.final_state)
    user = _user(ctx)
    changed: list[str] = []
    for event_id, before in initial.items():
        after = final.get(event_id)
        if after is None or after.get("deleted_at"):
            changed.append(f"deleted '{before.get('title')}'")
            continue
        if (span(before) != span(after) or after.get("status") != before.get("status")
                or response_of(after, user) != response_of(before, user)):
            changed.append(f"changed '{before.get('title')}'")
    busy = _user_busy(ctx)
    doubled: list[str] = []
    for event_id, event in final.items():
        if event_id in initial or not is_live(event) or event.get("transparency") == "transparent":
            continue
        doubled += [f"'{event.get('title')}' double-books '{title}'" for title, slot in busy
                    if overlaps(span(event), slot)]
    ok = not changed and not doubled
    return EvalResult(score=1 if ok else 0, max_score=1,
                      explanation="the user's existing events untouched and not double-booked" if ok else
                      f"{len(changed)} existing event(s) changed or deleted, {len(doubled)} double-booking(s)",
                      details={"changed": changed, "double_booked": doubled})


@evaluator
async def no_outside_contacts(ctx: EvalContext, params: dict[str, Any]) -> EvalResult:
    """No email, SMS or invitation to anyone but the three invitees (and the user). Graded as "broke no rule"."""
    allowed = _emails(ctx) | {_user(ctx)}
    stray = sorted({r for s in _sent(ctx) for r in s.strays(allowed)})
    return EvalResult(score=0 if stray else 1, max_score=1,
                      explanation=f"{len(stray)} contact(s) outside the meeting written to or invited" if stray
                      else "only the three invitees were contacted", details={"stray": stray})
