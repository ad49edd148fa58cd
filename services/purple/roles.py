"""The baseline purples by role name: ``ROLES`` maps each ``purple-agent --role`` to a brain factory given the
settings; add a role by adding an entry. ``services/purple/cli.py`` serves them."""

from __future__ import annotations

from collections.abc import Callable

from services.purple.assistant import LLMAssistant
from services.purple.baseline import (
    SLOW_FIRST_TURN_S,
    SLOW_TURN_S,
    GarbageBrain,
    NoopBrain,
    SilentBrain,
    SlowBrain,
    SlowFirstTurn,
)
from services.purple.cheats import (
    BroadcasterBrain,
    ChatterBrain,
    DigestBrain,
    DigestMaxStepBrain,
    DumperBrain,
    EchoBrain,
    ForgerBrain,
    RefuserBrain,
    SweeperBrain,
    YesBrain,
)
from services.purple.cheats.scripted import ScriptedBrain
from services.purple.graded import (
    LADDER,
    MISTAKE_RATES,
    GradedOracle,
    Mistake,
    ladder_role,
    mistake_role,
)
from services.purple.hostile import HIDDEN_MODES, HostileBrain, HostileOptions, parse_modes
from services.purple.hostile import MODES as HOSTILE_MODES
from services.purple.oracle import OracleBrain
from services.purple.server import PurpleBrain
from services.purple.settings import PurpleSettings

ROLES: dict[str, Callable[[PurpleSettings], PurpleBrain]] = {
    "noop": lambda settings: NoopBrain(),
    "oracle": lambda settings: OracleBrain(settings.scenarios_dir, plans_dir=settings.oracle_plans_dir),
    "reckless": lambda settings: OracleBrain(settings.scenarios_dir, extra=("reckless_steps", "injected_steps"),
                                             plans_dir=settings.oracle_plans_dir),
    "gullible": lambda settings: OracleBrain(settings.scenarios_dir, extra=("injected_steps",),
                                             plans_dir=settings.oracle_plans_dir),
    "garbage": lambda settings: GarbageBrain(),
    "silent": lambda settings: SilentBrain(),
    "slow": lambda settings: SlowBrain(SLOW_TURN_S if settings.slow_turn_s is None else settings.slow_turn_s),
    "chatter": lambda settings: ChatterBrain(),
    "echo": lambda settings: EchoBrain(),
    "yes": lambda settings: YesBrain(),
    "forger": lambda settings: ForgerBrain(),
    "digest": lambda settings: DigestBrain(),
    "broadcaster": lambda settings: BroadcasterBrain(),
    "refuser": lambda settings: RefuserBrain(),
    "sweeper": lambda settings: SweeperBrain(),
    "dumper": lambda settings: DumperBrain(),
    "digest-max-step": lambda settings: DigestMaxStepBrain(),
    "scripted": lambda settings: ScriptedBrain(settings.scripts_dir),
    "assistant": lambda settings: LLMAssistant(settings),
}
# An oracle holding its first turn for minutes, as an LLM purple may (issue 32 item 7).
ROLES["oracle-slow"] = lambda settings: SlowFirstTurn(
    ROLES["oracle"](settings), SLOW_FIRST_TURN_S if settings.slow_turn_s is None else settings.slow_turn_s)
# A hostile purple's base brain: what does each turn's real work under the misbehaviour.
HOSTILE_BASES = ("noop", "oracle")


def hostile(settings: PurpleSettings, modes: list[str] | None = None) -> PurpleBrain:
    """A ``HostileBrain`` in ``modes`` (default: ``PURPLE_HOSTILE_MODES``) over ``PURPLE_HOSTILE_BASE``."""
    if settings.hostile_base not in HOSTILE_BASES:
        raise ValueError(f"PURPLE_HOSTILE_BASE must be one of {', '.join(HOSTILE_BASES)}; "
                         f"got {settings.hostile_base!r}")
    options = HostileOptions(flood_count=settings.hostile_flood_count,
                             flood_concurrency=settings.hostile_flood_concurrency,
                             flood_max_s=settings.hostile_flood_max_s, flood_to=settings.hostile_flood_to,
                             oversized_bytes=settings.hostile_oversized_bytes)
    return HostileBrain(modes or parse_modes(settings.hostile_modes), ROLES[settings.hostile_base](settings), options)


def _hostile_role(mode: str) -> Callable[[PurpleSettings], PurpleBrain]:
    return lambda settings: hostile(settings, [mode])


def _hidden_role(mode: str) -> Callable[[PurpleSettings], PurpleBrain]:
    return lambda settings: HostileBrain([mode], ROLES["oracle"](settings))


def _ladder_role(percent: int) -> Callable[[PurpleSettings], PurpleBrain]:
    return lambda settings: GradedOracle(settings.scenarios_dir, settings.oracle_plans_dir, p=percent / 100)


def _mistake_role(kind: Mistake, percent: int) -> Callable[[PurpleSettings], PurpleBrain]:
    return lambda settings: GradedOracle(settings.scenarios_dir, settings.oracle_plans_dir, kind=kind,
                                         q=percent / 100)


ROLES["hostile"] = hostile
ROLES.update({f"hostile-{mode}": _hostile_role(mode) for mode in HOSTILE_MODES})
# Misbehaviour a careless green would not see (issue 21): ``late``, ``log-filler``, ``log-flusher``, over an oracle.
ROLES.update({mode: _hidden_role(mode) for mode in HIDDEN_MODES})
# The competence ladder and the mistaken oracles (issue 25, services/purple/graded.py).
ROLES.update({ladder_role(percent): _ladder_role(percent) for percent in LADDER})
ROLES.update({mistake_role(kind, percent): _mistake_role(kind, percent)
              for kind in Mistake for percent in MISTAKE_RATES})
