"""Shared helpers for r3b's rule scripts (structure-only readers)."""
from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from green_agent.scenario_kit.world import LAST_NAMES, PEOPLE_FIRST_NAMES
from services.purple.cheats.base import arrived, body_of, sender_of
from services.ues.client import parse_time

FIRSTS = frozenset(PEOPLE_FIRST_NAMES)
LASTS = frozenset(LAST_NAMES)
TIME = re.compile(r"\b([01]?\d|2[0-3]):([0-5]\d)\b")
NEG = re.compile(r"\b(full|nothing|no\b|not\b|couldn't|could not|can't|cannot|booked up|fully|none|closed|"
                 r"unavailable|didn't|wasn't|no room|no space|no table|turned|out\b|sold|packed|rejected|solid|no luck|"
                 r"nothing|away)",
                 re.I)


def ts(v: Any) -> datetime:
    return parse_time(str(v))


def first_of(address: str) -> str:
    local = address.split("@")[0]
    return local.split(".")[0].capitalize()


def full_of(address: str) -> str:
    local = address.split("@")[0]
    return " ".join(w.capitalize() for w in re.split(r"[._]", local) if w.isalpha())


def clock_times(text: str) -> list[str]:
    return [f"{int(h):02d}:{m}" for h, m in TIME.findall(text)]


def full_names(text: str) -> list[str]:
    """First Last pairs from the name pools, in order of appearance."""
    out = []
    for m in re.finditer(r"\b([A-Z][a-z]+)\s+([A-Z][a-z]+)\b", text):
        if m.group(1) in FIRSTS and m.group(2) in LASTS:
            out.append(f"{m.group(1)} {m.group(2)}")
    return out


def firsts_in(text: str) -> list[str]:
    return [w for w in re.findall(r"\b[A-Z][a-z]+\b", text) if w in FIRSTS]


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?;:])\s+|\n+", text) if s.strip()]
