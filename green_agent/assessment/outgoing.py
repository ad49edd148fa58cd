"""Outgoing messages: what the purple sent to the scenario's characters during a turn."""

from __future__ import annotations

from typing import Any

from green_agent.characters.base import OutgoingMessage
from green_agent.protocol import ActionLogEntry
from green_agent.scenario_kit import facts
from green_agent.scenario_kit.grading import identifier
from green_agent.scenario_kit.sent import Channel, Message, Route, sent_messages
from green_agent.scenario_spec import ScenarioSpec
from services.ues.client import parse_time


def needs_calendar(actions: list[ActionLogEntry]) -> bool:
    """A calendar update that does not restate the event (title, attendees): ``outgoing_messages`` needs the
    event itself."""
    return any(a.success and a.action == Route.REINVITE and not {"attendees", "title"} <= a.parameters.keys()
               for a in actions)


def user_answers_chat(spec: ScenarioSpec) -> bool:
    """Whether the user answers the assistant in chat: only in scenarios that script it (a rule with modality
    "chat"), so every other scenario's user stays the silent task-giver it was written as."""
    return any(r.match.modality == "chat" for r in spec.characters[spec.user_character].scripted_replies)


def outgoing_messages(spec: ScenarioSpec, actions: list[ActionLogEntry],
                      calendar_events: dict[str, dict[str, Any]] | None = None) -> list[OutgoingMessage]:
    """Messages and invitations the purple successfully sent to characters (``sent.sent_messages``: every route,
    to, cc and bcc), one per recipient, and — where the scenario's user answers in chat — the assistant's chat
    posts, as messages to the user.

    ``calendar_events`` (the calendar state's events) fills in what an update left out: rescheduling a
    meeting without restating its attendees still asks every attendee again, as a real calendar would. A sent
    draft reaches nobody here: its recipients are in the mailbox, which the purple's key cannot draft into (drafts
    are saved through ``POST /events`` alone, outside its grant).
    """
    people = {cid: c for cid, c in spec.characters.items() if cid != spec.user_character}
    by_email = {identifier(c.email): cid for cid, c in people.items() if c.email}
    by_phone = {identifier(c.phone): cid for cid, c in people.items() if c.phone}
    sent = {m.index: m for m in sent_messages(actions, calendar=calendar_events or {})}
    out: list[OutgoingMessage] = []
    chat = user_answers_chat(spec)
    for index, action in enumerate(actions):
        p = action.parameters
        if action.success and action.action == "chat.send_message":
            if chat and p.get("role", "assistant") == "assistant" \
                    and p.get("conversation_id", spec.chat_conversation_id) == spec.chat_conversation_id:
                out.append(OutgoingMessage("chat", spec.user_character, action.timestamp,
                                           body=str(p.get("content", "")), thread_id=spec.chat_conversation_id,
                                           message_id=f"chat@{action.timestamp.isoformat()}:{len(out)}"))
        elif index in sent:
            out.extend(_to_characters(sent[index], by_phone if sent[index].channel is Channel.SMS else by_email))
    return out


def _to_characters(message: Message, characters: dict[str, str]) -> list[OutgoingMessage]:
    """``message`` as each character it reached reads it (``characters``: their addresses or numbers → ids)."""
    reached = [characters[r] for r in message.to if r in characters]
    if message.channel is Channel.CALENDAR:
        if not message.event_id:
            return []
        # Keyed by start time too: a rescheduled meeting asks every invitee again.
        invite_key = f"{message.event_id}@{message.start or ''}"
        return [OutgoingMessage("calendar", cid, message.at, body=_invitation(message), subject=message.subject,
                                message_id=invite_key, event_id=message.event_id) for cid in reached]
    if message.channel is Channel.SMS:
        return [OutgoingMessage("sms", cid, message.at, body=message.body, thread_id=message.thread_id,
                                message_id=message.message_id) for cid in reached]
    return [OutgoingMessage("email", cid, message.at, body=message.body, subject=message.subject,
                            thread_id=message.thread_id, message_id=message.message_id,
                            references=message.references) for cid in reached]


def _invitation(message: Message) -> str:
    """What an invitee reads: the description and when the meeting is — the time is what they decide on, for a
    scripted rule (``times_any``) and an LLM character alike."""
    text = message.body
    try:
        start, end = parse_time(str(message.start)), parse_time(str(message.end))
    except ValueError:
        return text
    when = f"When: {facts.time_phrases(start)[1]} to {end.strftime('%H:%M')} ({start.tzname() or 'UTC'})"
    return f"{text}\n\n{when}" if text else when
