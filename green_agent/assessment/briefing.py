"""What a trial says of its world as it starts: to the purple, a summary of the initial state (``assessment_start``);
to its record, the scenario as the trial's world has it (``ScenarioBrief``), which the HTML report reads instead of
making the world again."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from green_agent.assessment.record import Person, ScenarioBrief
from green_agent.protocol import InitialStateSummary
from green_agent.scenario_spec import ScenarioSpec
from services.ues.client import parse_time


def initial_summary(states: dict[str, dict[str, Any]], now: datetime) -> InitialStateSummary:
    """The summary of the initial ``states`` (by modality) that ``assessment_start`` carries, ``now`` being the
    trial's start: counts per modality, and the events of the day in the user's timezone."""
    email, sms, cal, chat = (states[m] for m in ("email", "sms", "calendar", "chat"))
    tz_name = cal.get("user_timezone") or "UTC"
    try:
        zone: Any = ZoneInfo(tz_name)
    except (ZoneInfoNotFoundError, ValueError):
        zone = UTC
    today = now.astimezone(zone).date()
    events_today = sum(1 for e in (cal.get("events") or {}).values()
                       if parse_time(e["start"]).astimezone(zone).date() == today)
    return InitialStateSummary(
        email={"total_emails": email.get("total_email_count", len(email.get("emails", {}))),
               "total_threads": len(email.get("threads", {})), "unread": email.get("unread_count", 0),
               "draft_count": len((email.get("folders") or {}).get("drafts", []))},
        sms={"total_messages": sms.get("total_message_count", len(sms.get("messages", {}))),
             "total_conversations": len(sms.get("conversations", {})), "unread": sms.get("unread_count", 0)},
        calendar={"event_count": len(cal.get("events", {})), "calendar_count": len(cal.get("calendars", {})),
                  "events_today": events_today},
        chat={"total_messages": chat.get("total_message_count", len(chat.get("messages", []))),
              "conversation_count": chat.get("conversation_count", len(chat.get("conversations", {})))},
    )


def brief_of(spec: ScenarioSpec) -> ScenarioBrief:
    """What the trial's record says of its scenario in the trial's world (``spec``: the world's)."""
    return ScenarioBrief(name=spec.name, description=spec.description, user_prompt=spec.user_prompt,
                         user_name=spec.characters[spec.user_character].name,
                         people=tuple(Person(cid, c.name, c.email, c.phone) for cid, c in spec.characters.items()),
                         criteria=tuple((c.criterion_id, c.description) for c in spec.criteria))
