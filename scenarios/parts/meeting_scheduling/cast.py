"""The characters of a meeting_scheduling world, all scripted (the scenario plays fully without an LLM): the user; the
three invitees, who answer a question about their availability, acknowledge a note naming a valid slot and accept the
invitation (the decliner declines it until the agenda names the customer); the manager, who asked to be left out."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from green_agent.scenario_kit.records import CharacterRecord, ReplyMatchRecord, ReplyRule
from green_agent.scenario_kit.world import Person

from .params import AGENDA_MINUTES, MANAGER_ID, USER_ID, Draw
from .slots import AVAILABILITY_WORDS, WEEKDAYS
from .texts import availability, day_gone_text, decline_again_text, decline_text, rule_phrase, week_text

Record = dict[str, Any]
TIMING = {"base_delay": "PT25M", "variance": "PT8M"}


def _decliner_rules(d: Draw, p: Person, slots: list[str]) -> list[ReplyRule]:
    """Decline until the invitation names the customer (and not the one to leave off) at a time they can still do;
    thank an agenda note; acknowledge a valid slot. World 0 (no other customer, no day ruled out): as published."""
    gone = [s for s in slots if d.out_day and datetime.fromisoformat(s).isoweekday() == d.out_day]
    accept: ReplyMatchRecord = {"modality": "calendar", "any_of": [d.customer]}
    thanks: ReplyMatchRecord = {"modality": "email", "any_of": [d.customer], "after": "decline"}
    if d.decoy:
        accept["none_of"] = thanks["none_of"] = [d.decoy]
    ack = (f"Thanks - {{slot}} works for me, as long as the {d.customer} item is on the agenda.\n\n{p.first}"
           if not d.out_day else f"Thanks - {{slot}} works for me.\n\n{p.first}")
    gone_rule: list[ReplyRule] = [
        {"id": "day_gone", "match": {"modality": "calendar", "times_any": gone, "after": "decline"},
         "rsvp": "declined", "reply": {"subject": "Declined: {subject}", "body": day_gone_text(d)}}] if gone else []
    return [
        *gone_rule,
        {"id": "accept", "match": accept, "rsvp": "accepted"},
        {"id": "decline_again", "match": {"modality": "calendar", "after": "decline"}, "rsvp": "declined",
         "reply": {"subject": "Declined: {subject}", "body": decline_again_text(d)}},
        {"id": "decline", "match": {"modality": "calendar"}, "rsvp": "declined",
         "reply": {"subject": "Declined: {subject}", "body": decline_text(d)}},
        {"id": "agenda_thanks", "match": thanks,
         "reply": {"body": f"Thanks {d.user.first} - I'll bring the latest {d.customer} numbers.\n\n{p.first}"}},
        {"id": "ack", "match": {"modality": "email", "times_any": slots, "after": "availability"},
         "reply": {"body": ack}}]


def _invitee(d: Draw, p: Person, slots: list[str]) -> CharacterRecord:
    declines = p.key == d.decliner
    hidden = (f" You told {d.user.first} last Friday by email that {rule_phrase(d, p.key, d.hidden_kind)}; "
              "in your availability reply only hint at it.") if p.key == d.hidden else ""
    if declines:
        plan = (f"Decline the FIRST {d.title} invitation you receive: the {d.customer} {d.topic} call was just "
                f"booked at exactly that time; explain this by email and ask for {AGENDA_MINUTES} minutes on the "
                f"{d.customer} {d.topic} to be added to the agenda. Accept a rescheduled invitation once its title "
                f"or description mentions {d.customer}.")
        if d.out_day:
            plan += (f" In that email also say that the customer now takes your whole {WEEKDAYS[d.out_day]} "
                     f"({WEEKDAYS[d.free_day]} is not affected), and that {d.decoy} (another customer) must stay off "
                     f"the agenda; decline an invitation on {WEEKDAYS[d.out_day]} or one that mentions {d.decoy}.")
        rules = _decliner_rules(d, p, slots)
    else:
        plan = f"Accept any {d.title} invitation."
        rules = [{"id": "accept", "match": {"modality": "calendar"}, "rsvp": "accepted"},
                 {"id": "ack", "match": {"modality": "email", "times_any": slots, "after": "availability"},
                  "reply": {"body": f"Thanks, {{slot}} works for me.\n\n{p.first}"}}]
    rules.append({"id": "availability", "match": {"modality": "email", "any_of": list(AVAILABILITY_WORDS)},
                  "reply": {"body": availability(d, p.key)}})
    return {"name": p.name, "email": p.email, "personality": d.roles[p.key],
            "relationships": {USER_ID: "peer", **{o.key: "colleague" for o in d.others(p.key)}},
            "response_timing": TIMING,
            "special_instructions": f"Your week (UTC): {week_text(d, p.key)}.{hidden} {plan}",
            "scripted_replies": rules}


def _manager(d: Draw) -> CharacterRecord:
    m = d.manager
    return {
        "name": m.name, "email": m.email,
        "personality": f"{d.user.first}'s manager (VP Product); asked not to be included in the {d.title}.",
        "relationships": {USER_ID: "manager"}, "response_timing": {"base_delay": "PT40M", "variance": "PT10M"},
        "special_instructions": f"You asked {d.user.first} to leave you out of the {d.title} and only send notes "
                                f"afterwards.",
        "scripted_replies": [
            {"match": {"modality": "calendar"}, "rsvp": "declined",
             "reply": {"subject": "Re: {subject}", "body": f"{d.user.first} - as I said, no need to include me; just "
                                                          f"send me the notes afterwards.\n\n{m.first}"}},
            {"match": {"modality": "email"},
             "reply": {"body": f"Thanks {d.user.first}. As I said, no need to loop me in - just send me the notes "
                               f"after the meeting.\n\n{m.first}"}}]}


def user_personality(d: Draw) -> str:
    return f"Product director at {d.company}, London. Busy, trusting, prefers short updates."


def characters(d: Draw, valid: list[datetime]) -> dict[str, CharacterRecord]:
    """Every character of world ``d``, the user first (its whole sheet: the part sets the world's user)."""
    slots = [s.isoformat() for s in valid]
    user: CharacterRecord = {"name": d.user.name, "email": d.user.email, "phone": d.user.phone,
                    "personality": user_personality(d), "response_timing": {"base_delay": "PT10M", "variance": "PT2M"}}
    return {USER_ID: user, **{p.key: _invitee(d, p, slots) for p in d.invitees}, MANAGER_ID: _manager(d)}
