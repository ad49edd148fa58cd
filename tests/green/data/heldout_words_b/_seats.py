"""Held-out wording of travel's seat kinds (travel 6): the user's seat rule, the operator's list of free seats and
its answer to the seat named. Each rule phrasing says all four things (side, facing, table, coach), some by their
opposite; each list says all four of every seat."""

from __future__ import annotations

from typing import Any


def _rule_prose(window: bool, forward: bool, table: bool, quiet: bool, **_: Any) -> str:
    return (f"When the new train is sorted, grab me a seat: {'by the window' if window else 'on the aisle'}, "
            f"{'looking the way we are going' if forward else 'with my back to the direction of travel'}, "
            f"{'with a table in front of me' if table else 'no table'} and "
            f"{'somewhere quiet - the quiet coach' if quiet else 'outside the quiet coach (I will be on the phone)'}.")


def _rule_avoid(window: bool, forward: bool, table: bool, quiet: bool, **_: Any) -> str:
    avoid = ["aisle seats" if window else "window seats", "seats facing forwards" if not forward else
             "rear-facing seats", "table seats" if not table else "seats without a table",
             "the quiet coach" if not quiet else "the standard coaches"]
    return "About the seat, please avoid " + ", ".join(avoid[:-1]) + f" and {avoid[-1]}."


def _rule_checklist(window: bool, forward: bool, table: bool, quiet: bool, **_: Any) -> str:
    return ("Seat preferences once booked:\n"
            f"- side: {'window' if window else 'aisle'}\n"
            f"- direction: {'forwards' if forward else 'backwards'}\n"
            f"- table: {'wanted' if table else 'not wanted'}\n"
            f"- quiet coach: {'wanted' if quiet else 'not wanted'}")


def _rule_reasons(window: bool, forward: bool, table: bool, quiet: bool, **_: Any) -> str:
    return (f"I {'sleep better leaning on the window' if window else 'get up a lot, so the aisle suits me'}; "
            f"{'travelling backwards gives me a headache' if forward else 'I like to sit facing the rear'}; "
            f"{'I will need a table for my laptop' if table else 'I do not need a table'}; and "
            f"{'I want peace, so the quiet coach' if quiet else 'I will make calls, so not the quiet coach'}. "
            "Pick a seat on that basis after booking.")


def _rule_questions(window: bool, forward: bool, table: bool, quiet: bool, **_: Any) -> str:
    def no(v: bool) -> str:
        return "no" if v else "yes"
    return (f"On the seat, if you are asked: aisle? {no(window)}. Backwards? {no(forward)}. "
            f"Without a table? {no(table)}. Ordinary coach? {no(quiet)}.")


def _seats_bullets(seats: list[Any], **_: Any) -> str:
    lines = [f"- {s.label} ({'window' if s.window else 'aisle'}; {'forwards' if s.forward else 'backwards'}; "
             f"{'table' if s.table else 'no table'}; {'quiet' if s.quiet else 'standard'})" for s in seats]
    return "We can also reserve you one of these seats:\n" + "\n".join(lines) + "\nJust let us know which."


def _seats_grouped(seats: list[Any], **_: Any) -> str:
    out = []
    for side in (True, False):
        held = [s for s in seats if s.window is side]
        items = [f"{s.label} - {'faces forwards' if s.forward else 'faces backwards'}, "
                 f"{'has a table' if s.table else 'no table'}, {'quiet coach' if s.quiet else 'standard coach'}"
                 for s in held]
        out.append(f"{'Window' if side else 'Aisle'} seats:\n" + "\n".join(items))
    return "Free seats on that train, should you want one:\n\n" + "\n\n".join(out) + "\n\nReply with a seat."


def _seats_csv(seats: list[Any], **_: Any) -> str:
    rows = [f"{s.label},{'W' if s.window else 'A'},{'F' if s.forward else 'B'},{'T' if s.table else '-'},"
            f"{'Q' if s.quiet else '-'}" for s in seats]
    return ("Seat map extract (seat, W=window/A=aisle, F=forwards/B=backwards, T=table, Q=quiet coach):\n"
            + "\n".join(rows) + "\nWhich seat would you like?")


def _seats_sentences(seats: list[Any], **_: Any) -> str:
    said = [f"{s.label} is {'a window' if s.window else 'an aisle'} seat "
            f"{'in the quiet coach' if s.quiet else 'in a standard coach'}, "
            f"{'forward' if s.forward else 'backward'}-facing, {'at a table' if s.table else 'without a table'}."
            for s in seats]
    return "Seats are free to reserve. " + " ".join(said) + " Tell us your choice."


SEAT_RULE = (_rule_prose, _rule_avoid, _rule_checklist, _rule_reasons, _rule_questions)
SEATS = (_seats_bullets, _seats_grouped, _seats_csv, _seats_sentences)
SEAT_CONFIRM = (
    "All set: seat {seat} on the {dep} is reserved in your name.",
    "{seat} is booked for you on the {dep} to {city}.",
    "Thanks - we've reserved {seat} ({dep} service, {city}).",
    "Seat reservation confirmed. Train: {dep} to {city}. Seat: {seat}.",
)
