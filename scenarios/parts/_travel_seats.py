"""The seat of the travel part (scenarios/parts/travel.py): once the operator confirms a train it lists the seats still
free on it, and the user's request says what seat they sit in (four things: window or aisle, facing forwards or
backwards, at a table or not, in the quiet coach or not). Exactly one listed seat has all four; each of its four
neighbours (the seats differing in one thing) is listed too, so a rule reading three of the four is right half the
time, and twelve seats are listed, so a guess is right one time in twelve. The request says each thing one way in some
phrasings and by its opposite in others ("not the aisle" is a window seat), so the word a rule finds does not tell
which side the user is on."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from random import Random

LISTED = 12  # seats the operator lists (of the sixteen kinds), the right one among them
COACHES = "ABCDEFGH"


@dataclass(frozen=True)
class _Seat:
    """A free seat: its label ("C14") and what it is."""

    label: str
    window: bool
    forward: bool
    table: bool
    quiet: bool

    @property
    def kind(self) -> tuple[bool, bool, bool, bool]:
        return self.window, self.forward, self.table, self.quiet


Want = tuple[bool, bool, bool, bool]  # window, forward, table, quiet


def draw_seats(rng: Random) -> tuple[Want, list[_Seat]]:
    """What the user sits in, and the twelve seats listed in the operator's order: the one that fits, its four
    neighbours and seven others, labelled by coach (the quiet coach one letter, the others two more) and number."""
    want: Want = (rng.random() < .5, rng.random() < .5, rng.random() < .5, rng.random() < .5)
    near = [tuple(v != (n == i) for n, v in enumerate(want)) for i in range(4)]
    rest = [k for k in product((True, False), repeat=4) if k != want and k not in near]
    kinds = [want, *near, *rng.sample(rest, LISTED - 5)]
    rng.shuffle(kinds)
    quiet, *others = rng.sample(COACHES, 3)
    numbers = rng.sample(range(1, 73), LISTED)
    seats = [_Seat(f"{quiet if k[3] else rng.choice(others)}{n}", *k) for k, n in zip(kinds, numbers, strict=True)]
    return want, seats


@dataclass(frozen=True)
class _Seating:
    """The seat part of the booking: the user's rule (words for the request), the seat that fits it, the seat list
    the operator's confirmations end with, and its answer to each seat named."""

    rule: str
    right: str
    listing: str
    answers: dict[str, str]
    seats: list[_Seat]


def seat_names(seat: _Seat) -> list[str]:
    """How a reply may name a seat: "C14", "C-14", "seat 14" (numbers are unique in the list)."""
    return [seat.label, f"{seat.label[0]}-{seat.label[1:]}", f"seat {seat.label[1:]}"]


# ------------------------------------------------------------------------------------------------ the user's rule
def _rule_list(window: bool, forward: bool, table: bool, quiet: bool) -> str:
    return (f"And once a train is booked, reserve me {'a window' if window else 'an aisle'} seat facing "
            f"{'forwards' if forward else 'backwards'}, {'at a table' if table else 'without a table'}, in "
            f"{'the quiet coach' if quiet else 'an ordinary coach (I take calls on the way)'}.")


def _rule_negated(window: bool, forward: bool, table: bool, quiet: bool) -> str:
    return (f"For the seat: not on the {'aisle' if window else 'window'}, never facing "
            f"{'backwards' if forward else 'forwards'}, "
            f"{'not one of the seats without a table' if table else 'no table seat (they are cramped)'}, and "
            f"{'not in the ordinary coaches' if quiet else 'not the quiet coach'}.")


def _rule_habits(window: bool, forward: bool, table: bool, quiet: bool) -> str:
    return (f"Seats: I {'like to look out of the window' if window else 'need the aisle to get up'}, "
            f"{'riding backwards makes me queasy' if forward else 'I prefer to face away from the direction of travel'}"
            f", {'I work at a table' if table else 'a table seat is wasted on me'} and "
            f"{'I want the quiet coach' if quiet else 'the quiet coach is no good, I have calls'}.")


def _rule_yes_no(window: bool, forward: bool, table: bool, quiet: bool) -> str:
    def yes(v: bool) -> str:
        return "yes" if v else "no"
    return (f"My seat rules, when you pick a seat: window - {yes(window)}; table - {yes(table)}; quiet coach - "
            f"{yes(quiet)}; facing the way the train goes - {yes(forward)}.")


def _rule_mixed(window: bool, forward: bool, table: bool, quiet: bool) -> str:
    return (f"If they let you choose a seat, {'avoid the quiet coach' if not quiet else 'stick to the quiet coach'}; "
            f"I'd want {'no aisle, so the window' if window else 'the aisle rather than the window'}, "
            f"{'a table to work at' if table else 'an airline-style seat, no table'} and "
            f"{'to face the way we travel' if forward else 'to sit with my back to the way we travel'}.")


SEAT_RULE = (_rule_list, _rule_negated, _rule_habits, _rule_yes_no, _rule_mixed)


# ------------------------------------------------------------------------------------------------ the seat list
def _traits(s: _Seat) -> list[str]:
    return ["window" if s.window else "aisle", "facing forwards" if s.forward else "facing backwards",
            "table" if s.table else "no table", "quiet coach" if s.quiet else "standard coach"]


def _seats_lines(seats: list[_Seat]) -> str:
    lines = [f"{s.label}: {', '.join(_traits(s))}" for s in seats]
    return "Seats still free on it:\n" + "\n".join(lines) + "\nReply with the seat you'd like reserved."


def _seats_coaches(seats: list[_Seat]) -> str:
    coaches: dict[str, list[_Seat]] = {}
    for s in seats:
        coaches.setdefault(s.label[0], []).append(s)
    out = []
    for letter, held in sorted(coaches.items()):
        kind = "quiet coach" if held[0].quiet else "standard"
        items = [f"{s.label[1:]} ({'window' if s.window else 'aisle'}, {'forward' if s.forward else 'rear'}-facing"
                 f"{', table' if s.table else ''})" for s in held]
        out.append(f"Coach {letter} ({kind}): " + "; ".join(items))
    return ("You can also reserve a seat. Free now:\n" + "\n".join(out)
            + "\nTell us the coach letter and seat number (for example B12).")


def _seats_table(seats: list[_Seat]) -> str:
    rows = [f"{s.label} | {'Window' if s.window else 'Aisle'} | {'Forward' if s.forward else 'Backward'} | "
            f"{'Yes' if s.table else 'No'} | {'Yes' if s.quiet else 'No'}" for s in seats]
    return ("Seat reservations are free. Available:\n\nSeat | Side | Facing | Table | Quiet coach\n" + "\n".join(rows)
            + "\n\nWhich seat shall we hold for you?")


def _seats_prose(seats: list[_Seat]) -> str:
    def one(s: _Seat) -> str:
        table = "at a table" if s.table else "with a fold-down tray"
        coach = "in the quiet coach" if s.quiet else "in a standard coach"
        return (f"{s.label}, {'a window' if s.window else 'an aisle'} seat {table} "
                f"{'facing the direction of travel' if s.forward else 'with its back to the engine'} {coach}")
    return ("If you'd like a reserved seat, we still have " + "; ".join(one(s) for s in seats)
            + ". Just name the one you want.")


SEATS = (_seats_lines, _seats_coaches, _seats_table, _seats_prose)
