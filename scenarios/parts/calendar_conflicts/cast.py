"""The characters of a calendar_conflicts world, all scripted: the people affected answer what they were told (the
meeting, and the new time when it is the one the rule gives), everyone else is puzzled by mail about a clean-up that
does not concern them, the child answers a text. The user's own character is the frame's (``Frame.personality``)."""

from __future__ import annotations

from green_agent.scenario_kit.records import CharacterRecord, ReplyMatchRecord, ReplyRule
from green_agent.scenario_kit.world import Person

from . import rules
from .plan import USER, Plan, stamp, weekday


def _pick(options: tuple[str, ...], person: Person) -> str:
    return options[sum(map(ord, person.name)) % len(options)]


def characters(plan: Plan) -> dict[str, CharacterRecord]:
    """scenario.json's characters but the user's: the people affected answer what they were told (the meeting, the
    new time), everyone else is puzzled by mail about a clean-up that does not concern them."""
    out: dict[str, CharacterRecord] = {}
    for person in plan.people.values():
        entry: CharacterRecord = {"name": person.name}
        if person.email:
            entry["email"] = person.email
        if person.phone:
            entry["phone"] = person.phone
        entry["personality"] = person.personality
        entry["relationships"] = {USER: person.relationship}
        entry["response_timing"] = {"base_delay": person.timing[0], "variance": person.timing[1]}
        special, replies = _role(plan, person)
        if special:
            entry["special_instructions"] = special
        entry["scripted_replies"] = replies
        out[person.key] = entry
    return out


def _role(plan: Plan, person: Person) -> tuple[str | None, list[ReplyRule]]:
    u, first = plan.user, person.first
    formal = person.relationship == "customer contact"
    sign = f"\n\nKind regards,\n{first}" if formal else f"\n\n{first}"
    accept: ReplyRule = {"match": {"modality": "calendar"}, "rsvp": "accepted"}
    if person is plan.child:
        personal = next(c for c in plan.clashes if c.kind == "personal")
        text = plan.personal.get("sms") or f"ok!! see u {weekday(personal.winner.day).lower()}"
        return None, [{"match": {"modality": "sms"}, "reply": {"body": text}}]
    clash = next((c for c in plan.clashes if person.email in c.affected), None)
    puzzled = (f"Dear {u.first},\n\nThank you for your message - I'm not sure it concerns me. Is anything changing "
               f"on our side?{sign}" if formal else
               f"Hi {u.first}, not sure what this is about - is anything changing on my side? {first}")
    if clash is None:
        mine = [c for c in plan.clashes if person.email == c.winner.organizer]
        special = (f"Organises {weekday(mine[0].winner.day)}'s {mine[0].winner.title}; nothing about it should change "
                   f"and you are not affected by {u.first}'s calendar clean-up." if mine else
                   f"Not affected by {u.first}'s calendar clean-up.")
        return special, [accept, {"match": {"modality": "email"}, "reply": {"body": puzzled}}]
    day, name = weekday(clash.loser.day), clash.loser_name
    about: ReplyMatchRecord = {"modality": "email", "any_of": clash.keywords}
    if clash.resolution == "move":
        assert clash.new_start is not None  # the one slot the user's rule gives; any other is taken or wrong
        starts = [stamp(clash.loser.day, clash.new_start), *clash.meta.get("also", [])]
        ack = _pick((f"No problem at all - thanks for the heads-up, {{slot}} works for me.{sign}",
                     f"Thanks {u.first}, noted - see you {{slot}}.{sign}",
                     f"Works for me - {{slot}} it is.{sign}"), person) if not formal else \
            f"Dear {u.first},\n\nThank you for letting me know - {{slot}} works for us. Speak then.{sign}"
        # Named no single free start (none, several, or one that is taken): they go by the invitation.
        ask = (f"Dear {u.first},\n\nThank you for letting me know. I will look out for the updated invitation for "
               f"our {name}.{sign}" if formal else
               f"Thanks for the heads-up about the {name} - I'll go by the updated invite. {first}")
        special = (f"{u.first}'s {day} {name} is with you; accept a new time the same day." if formal else
                   f"Attends {u.first}'s {day} {name}. Happy with any new time the same day.")
        return special, [accept, {"id": "new-time", "match": {**about, "times_any": starts}, "reply": {"body": ack}},
                         {"match": about, "reply": {"body": ask}},
                         {"match": {"modality": "email"}, "reply": {"body": puzzled}}]
    kind = (f"Dear {u.first},\n\nUnderstood, thank you for letting me know. We will share a summary afterwards.{sign}"
            if formal else _pick((f"No worries at all - I'll send you the notes afterwards.{sign}",
                                  f"Totally fine - I'll share the notes so you can comment async.{sign}",
                                  f"All good, thanks for letting me know. I'll send a recap.{sign}"), person))
    still = (f"Dear {u.first},\n\nThank you - just to confirm, will you still join our {name} on {day}?{sign}"
             if formal else f"Hi {u.first}, so are you still coming to the {name} on {day}? {first}")
    special = (f"Organises {day}'s {clash.loser.title} with {u.first}; fine with {u.first} declining it." if formal
               else f"Organises the {day} {name}; fine with {u.first} skipping it.")
    declined: list[ReplyRule] = [{"match": {"modality": "email", "all_of": [k], "any_of": list(rules.DECLINE_WORDS)},
                 "reply": {"body": kind}} for k in clash.keywords]
    return special, [accept, *declined, {"match": about, "reply": {"body": still}},
                     {"match": {"modality": "email"}, "reply": {"body": puzzled}}]


