"""New-message inbox: what the purple sent to the scenario's characters during a turn."""

from __future__ import annotations

from green_agent.characters.scripted import OutgoingMessage
from green_agent.protocol import ActionLogEntry
from green_agent.scenarios import ScenarioSpec


def outgoing_messages(spec: ScenarioSpec, actions: list[ActionLogEntry]) -> list[OutgoingMessage]:
    """Messages and invitations the purple successfully sent to characters, one per recipient."""
    by_email = {c.email: cid for cid, c in spec.characters.items() if c.email and cid != spec.user_character}
    by_phone = {c.phone: cid for cid, c in spec.characters.items() if c.phone and cid != spec.user_character}
    out: list[OutgoingMessage] = []
    for action in actions:
        if not action.success:
            continue
        p = action.parameters
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
            # Keyed by start time too: a rescheduled meeting asks every invitee again.
            invite_key = f"{p['event_id']}@{p.get('start', '')}"
            for attendee in p.get("attendees") or []:
                email = str(attendee.get("email", "")).lower() if isinstance(attendee, dict) else ""
                if email in by_email:
                    out.append(OutgoingMessage("calendar", by_email[email], action.timestamp,
                                               body=str(p.get("description") or ""), subject=str(p.get("title", "")),
                                               message_id=invite_key, event_id=p["event_id"]))
    return out
