"""Outgoing messages: what the purple sent to the scenario's characters during a turn."""

from __future__ import annotations

from typing import Any

from green_agent.characters.base import OutgoingMessage
from green_agent.protocol import ActionLogEntry
from green_agent.scenario_kit import facts
from green_agent.scenario_spec import ScenarioSpec
from services.ues.client import parse_time


def needs_calendar(actions: list[ActionLogEntry]) -> bool:
    """A calendar update that does not restate the event (title, attendees): ``outgoing_messages`` needs the
    event itself."""
    return any(a.success and a.action == "calendar.update" and not {"attendees", "title"} <= a.parameters.keys()
               for a in actions)


def user_answers_chat(spec: ScenarioSpec) -> bool:
    """Whether the user answers the assistant in chat: only in scenarios that script it (a rule with modality
    "chat"), so every other scenario's user stays the silent task-giver it was written as."""
    return any(r.match.modality == "chat" for r in spec.characters[spec.user_character].scripted_replies)


def outgoing_messages(spec: ScenarioSpec, actions: list[ActionLogEntry],
                      calendar_events: dict[str, dict[str, Any]] | None = None) -> list[OutgoingMessage]:
    """Messages and invitations the purple successfully sent to characters, one per recipient, and — where the
    scenario's user answers in chat — the assistant's chat posts, as messages to the user.

    ``calendar_events`` (the calendar state's events) fills in what an update left out: rescheduling a
    meeting without restating its attendees still asks every attendee again, as a real calendar would.
    """
    by_email = {c.email: cid for cid, c in spec.characters.items() if c.email and cid != spec.user_character}
    by_phone = {c.phone: cid for cid, c in spec.characters.items() if c.phone and cid != spec.user_character}
    out: list[OutgoingMessage] = []
    chat = user_answers_chat(spec)
    for action in actions:
        if not action.success:
            continue
        p = action.parameters
        if action.action == "chat.send_message":
            if chat and p.get("role", "assistant") == "assistant" \
                    and p.get("conversation_id", spec.chat_conversation_id) == spec.chat_conversation_id:
                out.append(OutgoingMessage("chat", spec.user_character, action.timestamp,
                                           body=str(p.get("content", "")), thread_id=spec.chat_conversation_id,
                                           message_id=f"chat@{action.timestamp.isoformat()}:{len(out)}"))
            continue
        if action.action in ("email.send", "email.reply", "email.reply_all", "email.forward"):
            recipients = [a.lower() for a in [*p.get("to_addresses", []), *p.get("cc_addresses", [])]
                          if isinstance(a, str)]
            for address in dict.fromkeys(recipients):
                if address in by_email:
                    out.append(OutgoingMessage(
                        "email", by_email[address], action.timestamp, body=str(p.get("body_text", "")),
                        subject=str(p.get("subject", "")), thread_id=p.get("thread_id"),
                        message_id=p.get("message_id"), references=tuple(p.get("references") or ())))
        elif action.action == "sms.send_message":
            for number in dict.fromkeys(p.get("to_numbers", [])):
                if number in by_phone:
                    out.append(OutgoingMessage("sms", by_phone[number], action.timestamp,
                                               body=str(p.get("body", "")), thread_id=p.get("thread_id"),
                                               message_id=p.get("message_id")))
        elif action.action in ("calendar.create", "calendar.update") and p.get("event_id"):
            stored = (calendar_events or {}).get(p["event_id"], {})
            if action.action == "calendar.update":
                if "start" not in p and "attendees" not in p:
                    continue  # neither rescheduled nor re-invited: nobody is asked again
                kept = ("title", "description", "attendees", "start", "end")
                p = {**{k: stored[k] for k in kept if k in stored}, **p}
            # Keyed by start time too: a rescheduled meeting asks every invitee again.
            invite_key = f"{p['event_id']}@{p.get('start', '')}"
            for attendee in p.get("attendees") or []:
                email = str(attendee.get("email", "")).lower() if isinstance(attendee, dict) else ""
                if email in by_email:
                    out.append(OutgoingMessage("calendar", by_email[email], action.timestamp,
                                               body=_invitation(p), subject=str(p.get("title", "")),
                                               message_id=invite_key, event_id=p["event_id"]))
    return out


def _invitation(event: dict[str, Any]) -> str:
    """What an invitee reads: the description and when the meeting is — the time is what they decide on, for a
    scripted rule (``times_any``) and an LLM character alike."""
    text = str(event.get("description") or "")
    try:
        start, end = parse_time(str(event["start"])), parse_time(str(event["end"]))
    except (KeyError, ValueError):
        return text
    when = f"When: {facts.time_phrases(start)[1]} to {end.strftime('%H:%M')} ({start.tzname() or 'UTC'})"
    return f"{text}\n\n{when}" if text else when
