"""What counts as a message to a character, and how scripted characters answer it."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

from green_agent.assessment.outgoing import needs_calendar, outgoing_messages
from green_agent.characters.scripted import ScriptedCharacters
from green_agent.protocol import ActionLogEntry
from green_agent.scenario_kit import facts
from green_agent.scenarios import load_scenario

SPEC = load_scenario(Path(__file__).resolve().parents[1] / "scenarios" / "mini_day").spec
T = datetime(2026, 3, 2, 9, tzinfo=UTC)
DANA = "dana.park@partner.example"


def act(action: str, **params) -> ActionLogEntry:
    return ActionLogEntry(turn=1, timestamp=T, action=action, parameters=params)


def test_messages_to_characters_only_and_failed_actions_ignored():
    actions = [
        act("email.send", to_addresses=["Dana.Park@partner.example", "stranger@x.example"], subject="Hi",
            body_text="b", message_id="m1", thread_id="t1"),
        act("sms.send_message", to_numbers=["+15550100222"], body="pickup at 5"),
        ActionLogEntry(turn=1, timestamp=T, action="sms.send_message", parameters={"to_numbers": ["+15550100222"]},
                       success=False),
        act("email.send", to_addresses=["sam.lee@example.com"], subject="note to self", body_text="b"),
    ]
    out = outgoing_messages(SPEC, actions)
    assert [(m.modality, m.character_id) for m in out] == [("email", "dana"), ("sms", "chris")]


def test_bcc_and_another_spelling_of_a_number_reach_the_character_by_every_route():
    """Who reads a message is who it went to (``sent.py``): a bcc'd character gets it, as does one whose number
    was written with spaces and dashes, and a reply reaches them as a send does."""
    actions = [act("email.reply", to_addresses=["stranger@x.example"], bcc_addresses=[DANA], subject="Re: hi",
                   body_text="b", in_reply_to="m0", message_id="m2", thread_id="t1"),
               act("sms.send_message", to_numbers=["(555) 010-0222"], body="pickup at 5")]
    out = outgoing_messages(SPEC, actions)
    assert [(m.modality, m.character_id, m.subject or m.body) for m in out] == [
        ("email", "dana", "Re: hi"), ("sms", "chris", "pickup at 5")]


def test_reschedule_without_attendees_asks_them_again():
    stored = {"ev1": {"title": "Partnership sync", "attendees": [{"email": DANA}], "start": "2026-03-03T11:00:00Z"}}
    moved = [act("calendar.update", event_id="ev1", start="2026-03-03T11:00:00Z", end="2026-03-03T11:30:00Z")]
    assert needs_calendar(moved)
    out = outgoing_messages(SPEC, moved, stored)
    assert len(out) == 1 and out[0].subject == "Partnership sync" and out[0].event_id == "ev1"
    renamed = [act("calendar.update", event_id="ev1", description="agenda")]
    assert outgoing_messages(SPEC, renamed, stored) == []


async def test_scripted_replies_are_deterministic_per_seed_and_answered_once():
    invite = act("calendar.create", event_id="ev1", title="Partnership sync", start="2026-03-03T10:00:00Z",
                 attendees=[{"email": DANA}])
    plans = []
    for _ in range(2):
        characters = ScriptedCharacters(SPEC, random.Random(7), "sam.lee@example.com", "+15550100000")
        messages = outgoing_messages(SPEC, [invite])
        first = await characters.plan(messages)
        assert await characters.plan(messages) == []  # the same invitation is answered once
        plans.append(first)
    assert plans[0] == plans[1]
    reply = plans[0][0]
    assert reply.data == {"operation": "respond", "event_id": "ev1", "attendee_email": DANA, "response": "accepted"}
    assert 15 * 60 <= (reply.at - T).total_seconds() <= 25 * 60  # 20 ± 5 minutes


def _asks_back():
    """mini_day with a user who answers the assistant's questions in chat (and only questions about the time)."""
    raw = SPEC.model_dump(mode="json")
    user = raw["characters"][raw["user_character"]]
    user["scripted_replies"] = [{"match": {"modality": "chat", "any_of": ["which time", "what time"]},
                                 "reply": {"body": "Make it 5pm, please.", "delay": "PT5M"}},
                                {"match": {}, "reply": {"body": "A rule without modality never answers chat."}}]
    return type(SPEC).model_validate(raw)


async def test_the_user_answers_chat_only_where_the_scenario_scripts_it():
    post = act("chat.send_message", role="assistant", content="Which time suits you?",
               conversation_id=SPEC.chat_conversation_id)
    assert outgoing_messages(SPEC, [post]) == []  # mini_day's user is a silent task-giver
    spec = _asks_back()
    asked = outgoing_messages(spec, [post, act("chat.send_message", role="user", content="Which time? 9pm",
                                               conversation_id=spec.chat_conversation_id)])
    assert [(m.modality, m.character_id) for m in asked] == [("chat", spec.user_character)]  # not the forged one
    user = ScriptedCharacters(spec, random.Random(0), "sam.lee@example.com", "+15550100000")
    [answer] = await user.plan(asked)
    assert answer.modality == "chat" and answer.at == T.replace(minute=5)
    assert answer.data == {"operation": "send_message", "role": "user", "content": "Make it 5pm, please.",
                           "conversation_id": spec.chat_conversation_id}
    chatter = outgoing_messages(spec, [act("chat.send_message", role="assistant", content="All done!",
                                           conversation_id=spec.chat_conversation_id)])
    assert await user.plan(chatter) == []  # a post that asks nothing gets no answer


def test_an_invitation_tells_the_invitee_when():
    invite = act("calendar.create", event_id="ev9", title="Sync", description="Agenda: numbers",
                 start="2026-03-04T14:00:00+00:00", end="2026-03-04T14:30:00+00:00", attendees=[{"email": DANA}])
    [message] = outgoing_messages(SPEC, [invite])
    assert message.body.startswith("Agenda: numbers") and "Wed 4 March 14:00 to 14:30" in message.body
    assert datetime(2026, 3, 4, 14, tzinfo=UTC) in facts.times(message.body, T)  # what times_any rules read
