"""The characters of a clarification_loop world, all scripted (the scenario plays fully without an LLM): the user
answers in chat only a question naming every candidate (the rules name the drawn alternatives); the people on the
meetings thank an email that names the new time."""

from __future__ import annotations

from itertools import product

from green_agent.scenario_kit.records import CharacterRecord, ReplyMatchRecord, ReplyRule
from green_agent.scenario_kit.slices import iso
from green_agent.scenario_kit.world import Person

from .params import CLIENT, USER, WEEKDAYS, Addresses, Params
from .texts import (
    NOT_UNDERSTOOD,
    QUESTION_WORDS,
    REPORT_WORDS,
    answer_text,
    candidate_keys,
    meeting,
    not_asked_about,
    weekday,
)

USER_PERSONALITY = "Product lead at Brightwave; busy, answers chat in a line or two."


def _rule(body: str, times_any: list[str] | None = None) -> ReplyRule:
    match: ReplyMatchRecord = {"modality": "email"}
    if times_any is not None:
        match["times_any"] = times_any
    return {"match": match, "reply": {"body": body}}


def _contact(p: Params, person: Person, email: str, personality: str, formal: bool) -> CharacterRecord:
    thanks = (f"Thanks for letting me know - {{slot}} works for me.\n\n{person.first}" if formal else
              f"No problem at all, {{slot}} it is!\n\n{person.first} x")
    return {"name": person.name, "email": email, "personality": personality,
            "relationships": {USER: "work contact" if formal else p.relation},
            "response_timing": {"base_delay": "PT30M", "variance": "PT10M"},
            "scripted_replies": [
                _rule(thanks, times_any=[iso(p.new_start)]),
                _rule(f"Sorry, which meeting is this about?\n\n{person.first}"),
                {"match": {"modality": "calendar"}, "rsvp": "accepted"},
            ]}


# The user's answer answers by rules "answer_1", "answer_2"… (one per way of naming every candidate): the grader reads
# the answer by its rule, since an LLM playing the user words it its own way.
ANSWER = "answer_"


def answers(rule: str | None) -> bool:
    """Whether a reply by ``rule`` is the user's answer naming the meant meeting."""
    return rule is not None and rule.startswith(ANSWER)


def user_rules(p: Params) -> list[ReplyRule]:
    """The user's chat rules: the answer to a post naming a word of each candidate with a question word and none of
    the rest of the week; "what do you mean?" to anything else that is not a report of work done."""
    rules: list[ReplyRule] = [
        {"id": f"{ANSWER}{n}",
         "match": {"modality": "chat", "all_of": list(keys), "any_of": list(QUESTION_WORDS),
                   "none_of": not_asked_about(p)},
         "reply": {"body": answer_text(p)}}
        for n, keys in enumerate(product(*(candidate_keys(p, k) for k in p.candidates)), 1)]
    rules.append({"match": {"modality": "chat", "none_of": list(REPORT_WORDS)}, "reply": {"body": NOT_UNDERSTOOD}})
    return rules


def _user(p: Params, a: Addresses) -> CharacterRecord:
    return {
        "name": p.user.name, "email": a.user, "phone": a.phone, "personality": USER_PERSONALITY,
        "relationships": {"work_contact": f"work contact at {p.company}", "family_contact": p.relation,
                          "colleague": "colleague",
                          **({"client_contact": f"client at {p.client_company}"} if CLIENT in p.candidates else {})},
        "response_timing": {"base_delay": "PT10M", "variance": "PT2M"},
        "special_instructions": (
            f"The user means the {meeting(p, p.meant).title} on {weekday(p.meeting_start(p.meant))}. Answers "
            f"a clarifying question in chat only when it names {'all three' if CLIENT in p.candidates else 'both'} "
            f"meetings (by person, day, title, company or "
            f"relation) and does not list the rest of the week (the other meetings, Monday, "
            f"{WEEKDAYS[p.spare_day]}); to any other chat message that is not a report of work done, replies "
            f"\"{NOT_UNDERSTOOD}\""),
        "scripted_replies": user_rules(p),
    }


def characters(p: Params) -> dict[str, CharacterRecord]:
    """Every character of world ``p``, the user first (its whole sheet: the part sets the world's user)."""
    a = Addresses(p)
    client: dict[str, CharacterRecord] = {"client_contact": _contact(
        p, p.client, a.client, f"Account lead at {p.client_company}; to the point.", True)} if CLIENT in p.candidates \
        else {}
    return {
        USER: _user(p, a),
        **client,
        "work_contact": _contact(p, p.work, a.work, f"Finance partner at {p.company}; brisk and friendly.", True),
        "family_contact": _contact(p, p.family, a.family, f"The user's {p.relation}; warm and chatty.", False),
        "colleague": _contact(p, p.colleague, a.colleague, "Product manager at Brightwave.", True),
        "city_events": {"name": "City Events", "email": a.news, "automated": True,
                        "personality": "A what's-on newsletter."},
        "power": {"name": "Brightpower Billing", "email": a.billing, "automated": True,
                  "personality": "An energy supplier's billing robot."},
    }
