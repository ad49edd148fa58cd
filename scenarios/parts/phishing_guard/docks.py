"""Where the walkthrough starts (version 10, issue 34, session 23): a second decision in Tom's answer.

Tom's walkthrough is one of three on the calendar, so a script's pick came right one world in three, and that one
answer (with the chat report and safety it unlocks) was worth about a tenth of a world to a guess. Now Tom also asks
which dock the auditors start from, and beyond world 0 no calendar entry names a dock: the audit desk's note names
three docks (every site alike, so the dock is drawn apart from the walkthrough), the one they start from and two
they do not, in one of six phrasings (kind "walk_dock") that place the right one first, second or third alike and
put the words a short list would read (start, not, booking form, your facilities team, closed) beside the right one
and the wrong ones alike: what the note says of each (reported speech, a correction, a move called off) decides.
An email to Tom that names another of the three docks lists candidates and earns nothing; a guess is right about one
world in nine.
"""

from __future__ import annotations

import random
import re
from typing import Any

from .params import Draw

# Kind "walk_dock", fields ``r`` (the dock the auditors start from), ``a`` and ``b`` (two docks they do not start
# from; ``a`` is named before ``b``): the sentence of the audit desk's note that says where the walkthrough starts.
# Phrasings 0-1 name the right dock first, 2-3 second, 4-5 third (``RIGHT_AT``).
WALK_DOCK = (
    "We are not moving away from dock {r} after all: your facilities team had moved us to dock {a} for the "
    "resurfacing, and that is called off; dock {b} is closed that week.",
    "Dock {r} is where we meet your crew - not dock {a}, which our booking form says we start at, and not dock {b}, "
    "which your facilities team offered and then took back.",
    "Our booking form says we start at dock {a}; that is out of date. Your facilities team has us at dock {r}, not "
    "dock {b} as they first said.",
    "Your facilities team first suggested dock {a}, and we asked for dock {r} instead; they agreed. Dock {b} is "
    "closed that week, whatever the old invite says we start at.",
    "Your facilities team says we start at dock {a}, and our booking form says dock {b}; both are out of date since "
    "the closure plan changed. We start at dock {r}, not elsewhere.",
    "We will not start at dock {a}, which is closed that week, nor at dock {b}, which your facilities team offered "
    "before the closure plan changed: it is dock {r}.",
)
RIGHT_AT = (0, 0, 1, 1, 2, 2)  # where each phrasing names the right dock among the three

# Kind "tom_dock_ask", no fields beyond the world's: Tom's line asking which dock the auditors start from.
TOM_DOCK_ASK = (
    "And which dock do the auditors start from? The crew will meet them there.",
    "Also - which dock are they starting at? I'll have the crew waiting there.",
    "One more thing: which dock do they start from? That's where the crew will be.",
)


def tom_dock_ask(d: Draw) -> str:
    """Kind "tom_dock_ask" (``d.dock_ask``)."""
    return TOM_DOCK_ASK[d.dock_ask]


def dock_draw(rng: random.Random, book: Any) -> dict[str, Any]:
    """What version 10 draws (last, so the worlds keep their other draws): three different docks (the first the
    right one), the phrasing of the note's dock sentence and of Tom's question."""
    right, a, b = rng.sample(range(1, 10), 3)
    return dict(dock=right, dock_wrong=(a, b), dock_variant=book.index(rng, "walk_dock"),
                dock_ask=book.index(rng, "tom_dock_ask"))


def named_docks(text: str) -> set[int]:
    """The dock numbers a text names ("dock 4", "Dock #4", "docks 4 and 7")."""
    out: set[int] = set()
    for m in re.finditer(r"\bdocks?\s*(?:no\.?|number|#)?\s*(\d+)((?:\s*(?:,|and|or|&)\s*\d+)*)", text, re.I):
        out.add(int(m.group(1)))
        out.update(int(n) for n in re.findall(r"\d+", m.group(2)))
    return out
