"""The lobby works of a drawn sms_coordination world (version 8, issue 34 session 22): which entrance contractors use
on each day of the week, as the building manager's notice gives it and later mails change it or keep it. The booked
day's entrance is a second decision a pass needs beside the slot: five candidates, each even, so a guess of the slot
that happens to be right still fails four times in five."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .phrases import PHRASES
from .templates import ENTRANCES

if TYPE_CHECKING:
    from .params import Params


def draw_doors(rng: random.Random, days: int) -> dict[str, Any]:
    """The lobby works (version 8): the notice's entrance and closed entrance per day, every entrance named at least
    once, so a guess is among all five; a later update with a line for every day, each a change or a call-off of a
    switch, half each. The valid day's entrance is the notice's unless a change moved it, so it is even among the
    five, and "the notice's entrance" and "the update's other entrance" are each right half the time.

    The fields (``Params``): ``door_notice`` and ``door_shut``, per day of the week, the entrance (an index into
    ENTRANCES) the notice says contractors use and the one it calls closed; ``door_lines`` each line's phrasing
    ("entrance_line"), ``door_text`` the notice's ("entrance_notice"); ``door_later`` the update's lines, each (day,
    "change" or "stays", the entrance it names beside the notice's, its phrasing): a change moves the day to that
    entrance, a "stays" calls off a switch to it; ``door_update`` the update's phrasing ("entrance_update");
    ``door_prompt`` the prompt's request ("entrance_prompt")."""
    count = len(ENTRANCES)
    for _ in range(200):
        notice = [rng.randrange(count) for _ in range(days)]
        shut = [rng.choice([e for e in range(count) if e != n]) for n in notice]
        if len({*notice, *shut}) == count:
            break
    later = tuple((d, rng.choice(("change", "stays")),
                   rng.choice([e for e in range(count) if e not in (notice[d], shut[d])]),
                   PHRASES.index(rng, "entrance_change")) for d in range(days))
    return {"door_notice": tuple(notice), "door_shut": tuple(shut),
            "door_lines": tuple(PHRASES.index(rng, "entrance_line") for _ in range(days)),
            "door_text": PHRASES.index(rng, "entrance_notice"), "door_later": later,
            "door_update": PHRASES.index(rng, "entrance_update"),
            "door_prompt": PHRASES.index(rng, "entrance_prompt")}


def door_on(p: Params, day: int) -> int | None:
    """The entrance (an index into ENTRANCES) contractors use on the week's ``day``-th day: the notice's, unless a
    later mail changed it (None: no lobby works, world 0)."""
    if not p.door_notice:
        return None
    return next((e for d, kind, e, _ in p.door_later if d == day and kind == "change"), p.door_notice[day])


def check_doors(params: Params) -> None:
    """Raise when the lobby works are not what the world promises: each line of the update names, beside the notice's
    entrance for its day, an entrance other than the notice's two; the notice names every entrance."""
    for d, _, e, _ in params.door_later:
        if e in (params.door_notice[d], params.door_shut[d]):
            raise ValueError("a later entrance mail names another entrance than the notice's two for that day")
    if params.door_notice and len({*params.door_notice, *params.door_shut}) != len(ENTRANCES):
        raise ValueError("the entrance notice names every entrance")
