"""The words of ``scheduling``: how a colleague tells their day, and the notes that change it afterwards.

A colleague who later drops a meeting tells their day as an agenda of named meetings (``agenda``), and the note
dropping one names it by its title (``dropped``) or by its place on that list (``dropped nth``), or moves it to
another hour (``moved``): the hour freed is never written in the note, so only a reader who ties the note to the
meeting it names, in that colleague's own list, knows which hour it frees. A moved meeting's new hour is written,
beside words of freeing ("moved", "no longer"), and is busy. ``correction`` (an hour given back by its number) and
``addition`` (an hour newly busy) are the v3 kinds, still drawn."""

from __future__ import annotations

from collections.abc import Callable

from green_agent.scenario_kit.phrasing import Phrasebook

HOURS = range(9, 17)  # the starts of a one-hour meeting within 9:00–17:00
WORDS = {9: "nine", 10: "ten", 11: "eleven", 12: "noon", 13: "one", 14: "two", 15: "three", 16: "four", 17: "five"}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
# Titles of a colleague's own meetings; the user's calendar draws from the first five (scheduling.BUSY), so one title
# can name a meeting of the user's and a colleague's at different hours.
MEETINGS = ("Focus time", "Budget prep", "Interview", "Site walk", "Vendor call", "Design review", "Team sync",
            "Client demo", "Training", "Dentist", "Board prep", "Onboarding session")


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _twelve(hour: int) -> str:
    return "12pm" if hour == 12 else f"{hour - 12}pm" if hour > 12 else f"{hour}am"


def _spoken(hour: int) -> str:
    return "noon" if hour == 12 else f"{WORDS[hour]} o'clock"


def _nth(nth: int, count: int) -> str:
    """The place of a meeting on a list of ``count``, 1-based, as a reader says it ("last" for the last of several)."""
    return "last" if nth == count and count > 2 else ORDINALS[nth - 1]


# availability (spans: busy (start, end) hours; free: the free starts; named: the day): a colleague's busy hours.
BUSY_SAYS: tuple[Callable[..., str], ...] = (
    lambda spans, free, named, **_: f"on {named} I'm busy {_and([f'{a}:00-{b}:00' for a, b in spans])}; any other "
                                    f"time between 9:00 and 17:00 works for me.",
    lambda spans, free, named, **_: f"I've got meetings {_and([f'{_twelve(a)}–{_twelve(b)}' for a, b in spans])} "
                                    f"that day, otherwise I'm around.",
    lambda spans, free, named, **_: "I'm tied up " + _and([f"from {WORDS[a]} until {WORDS[b]}" for a, b in spans])
                                    + f" on {named}; the rest of the working day is open.",
    lambda spans, free, named, **_: f"that day I'm only free at {_and([f'{h}:00' for h in free])} (an hour from "
                                    f"each), everything else is taken.",
    lambda spans, free, named, **_: f"here's my {named}:\n" + "\n".join(
        f"{h}-{h + 1}: {'free' if h in free else 'busy'}" for h in HOURS),
    lambda spans, free, named, **_: "blocked " + _and([f"{a}h to {b}h" for a, b in spans])
                                    + ", free otherwise (9h-17h).",
)

# agenda (items: (title, start, end) of each busy meeting, by start; named: the day): a colleague's day as named
# meetings, every other hour 9:00–17:00 free. A later note names one of these meetings by title or by its place.
AGENDA: tuple[Callable[..., str], ...] = (
    lambda items, named, **_: f"here's {named} for me:\n" + "\n".join(
        f"- {a}:00-{b}:00 {t}" for t, a, b in items) + "\nAnything else between 9 and 5 is fine.",
    lambda items, named, **_: "I have " + _and([f"the {t.lower()} from {WORDS[a]} until {WORDS[b]}"
                                                for t, a, b in items]) + f" on {named}; otherwise I'm free.",
    lambda items, named, **_: f"busy on {named}: " + "; ".join(f"{t} ({_twelve(a)}–{_twelve(b)})"
                                                               for t, a, b in items) + ". Free the rest of the day.",
    lambda items, named, **_: "my calendar that day: " + ", ".join(
        f"{a}h {t} ({b - a}h)" for t, a, b in items) + " — nothing else between 9h and 17h.",
    lambda items, named, **_: "that day I've only got " + _and([f"{t.lower()} at {a}:00 (until {b}:00)"
                                                                for t, a, b in items]) + "; the rest is open.",
)

# dropped (title: a meeting of the writer's agenda): that meeting is off, so its hour is free for the writer.
DROPPED: tuple[Callable[..., str], ...] = (
    lambda title, **_: f"Update: the {title.lower()} was just cancelled, so I'm free then after all.",
    lambda title, **_: f"PS — ignore the {title.lower()}, it moved to next week.",
    lambda title, **_: f"Actually, no {title.lower()} that day any more; that slot is open.",
    lambda title, **_: f"I can skip the {title.lower()} if that helps — consider that time free.",
    lambda title, **_: f"({title}: called off.)",
)

# dropped nth (nth: 1-based place on the writer's agenda, by start; count: how many it lists): that meeting is off.
DROPPED_NTH: tuple[Callable[..., str], ...] = (
    lambda nth, count, **_: f"Update: the {_nth(nth, count)} thing on that list just got cancelled, so I'm free "
                            f"then.",
    lambda nth, count, **_: f"PS — of those {count}, scratch the {_nth(nth, count)}; it's off.",
    lambda nth, count, **_: f"Actually the {_nth(nth, count)} meeting I listed isn't happening, that time is open.",
    lambda nth, count, **_: f"(The {_nth(nth, count)} of those has been dropped.)",
)

# moved (title: a meeting of the writer's agenda; hour: its new start, an hour the agenda left free): its old hour is
# free for the writer, the new one busy.
MOVED: tuple[Callable[..., str], ...] = (
    lambda title, hour, **_: f"Update: the {title.lower()} moved to {hour}:00, so it's no longer when I said.",
    lambda title, hour, **_: f"PS — they shifted my {title.lower()} to {_twelve(hour)}; the old time is free.",
    lambda title, hour, **_: f"Actually the {title.lower()} is now at {_spoken(hour)} instead.",
    lambda title, hour, **_: f"({title} rescheduled: {hour}h-{hour + 1}h now.)",
)

# correction (hour): an hour the writer gave as busy is free after all.
CORRECTIONS: tuple[Callable[..., str], ...] = (
    lambda hour, **_: f"Update: my {hour}:00 was just cancelled, so that hour is free after all.",
    lambda hour, **_: f"PS — ignore the {_twelve(hour)} one, it moved to next week.",
    lambda hour, **_: f"Actually I misread my calendar: {_spoken(hour)} is open.",
    lambda hour, **_: f"I can drop what I have at {hour}h if that helps — consider it free.",
    lambda hour, **_: f"(Scratch {hour}:00-{hour + 1}:00: that meeting's off.)",
)

# addition (hour): an hour the writer's first answer left open is busy now.
ADDITIONS: tuple[Callable[..., str], ...] = (
    lambda hour, **_: f"Oh, and something just landed at {hour}:00, so count me out then too.",
    lambda hour, **_: f"One more: I've just been booked {_twelve(hour)}–{_twelve(hour + 1)}.",
    lambda hour, **_: f"Also, {_spoken(hour)} is gone now — a call came in.",
    lambda hour, **_: f"Add {hour}h to my busy list, sorry, that one is new.",
    lambda hour, **_: f"(New since I looked: a meeting at {hour}:00-{hour + 1}:00.)",
)

BOOK = Phrasebook({"availability": BUSY_SAYS, "agenda": AGENDA, "dropped": DROPPED, "dropped nth": DROPPED_NTH,
                   "moved": MOVED, "correction": CORRECTIONS, "addition": ADDITIONS})
