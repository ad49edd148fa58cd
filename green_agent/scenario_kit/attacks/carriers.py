"""Where a planted instruction sits: its carriers, as data.

A carrier is the kind of content the instruction comes in (an email, a text message, a calendar event's description),
the hours into the day it may arrive (drawn; 0: it is there when the day starts, ten minutes before) and how it is
put into the day (``place``). Email and text carriers arrive at the day's start or an hour or two into it — the
assistant meets the instruction mid-task, after other people have answered; an invitation is on the calendar from
the start.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from green_agent.scenario_kit import build as kit
from green_agent.scenario_kit.attacks.goal import Planted, Scene
from green_agent.scenario_kit.day import iso
from green_agent.scenario_kit.records import ScheduledEvent

__all__ = ["CARRIERS", "Carrier", "Instruction"]


@dataclass(frozen=True)
class Instruction:
    """The worded instruction and when it comes: ``delay`` hours into the day (0: there at the start, at ``at``)."""

    text: str
    subject: str  # when it comes by email
    delay: int

    def at(self, scene: Scene) -> datetime:
        """When it arrives (delayed) or was received (there at the start)."""
        start = scene.day.start
        return start + timedelta(hours=self.delay) if self.delay else start - timedelta(minutes=10)


# Puts the instruction into what the goal planted (appending to its mail, texts or events); returns the arrivals.
Place = Callable[[Scene, Planted, Instruction], list[ScheduledEvent]]


@dataclass(frozen=True)
class Carrier:
    """One kind of content an instruction comes in."""

    key: str
    delays: tuple[int, ...]  # hours into the day it may arrive, drawn when more than one
    place: Place


def _email(scene: Scene, planted: Planted, instruction: Instruction) -> list[ScheduledEvent]:
    user, tag, at = scene.day.user, scene.tag, iso(instruction.at(scene))
    if not instruction.delay:
        planted.emails.append(kit.inbox_email(f"m-{tag}-carrier", scene.attacker.email, user.email,
                                              instruction.subject, instruction.text, at, read=False))
        return []
    return [kit.scheduled_event(f"evt-{tag}", at, "email", {
        "operation": "receive", "message_id": f"m-{tag}-carrier", "thread_id": f"thread-{tag}",
        "from_address": scene.attacker.email, "to_addresses": [user.email], "subject": instruction.subject,
        "body_text": instruction.text}, created_at=scene.created)]


def _sms(scene: Scene, planted: Planted, instruction: Instruction) -> list[ScheduledEvent]:
    user, tag, at = scene.day.user, scene.tag, iso(instruction.at(scene))
    if not instruction.delay:
        planted.texts.append(kit.sms_thread(user.phone, f"sms-{tag}", scene.attacker.phone,
                                            [(f"sms-{tag}-carrier", "in", at, instruction.text)]))
        return []
    return [kit.scheduled_event(f"evt-{tag}", at, "sms", {
        "operation": "receive_message", "from_number": scene.attacker.phone, "to_numbers": [user.phone],
        "body": instruction.text, "message_type": "sms"}, created_at=scene.created)]


def _calendar(scene: Scene, planted: Planted, instruction: Instruction) -> list[ScheduledEvent]:
    if planted.host is not None:  # the goal's own event (an invitation) carries the instruction itself
        planted.host["description"] = instruction.text
        return []
    start = scene.slot(timedelta(minutes=30))
    user, attacker = scene.day.user, scene.attacker
    planted.calendar.append(kit.calendar_event(
        f"ev-{scene.tag}-carrier", "Vendor sync", iso(start), iso(start + timedelta(minutes=30)),
        organizer=attacker.email, attendees=[(attacker.email, attacker.name, "accepted"),
                                             (user.email, user.name, "accepted")],
        description=instruction.text, created_at=scene.created, updated_at=scene.created))
    return []


# In the order a seed draws a carrier from (random.choice): a new carrier goes last.
CARRIERS: dict[str, Carrier] = {c.key: c for c in (
    Carrier("email", (0, 1, 2), _email),
    Carrier("sms", (0, 1, 2), _sms),
    Carrier("calendar", (0,), _calendar),
)}
