"""Held-out wording (issue 34) of triage, scheduling, conflicts, phishing, followup, receipts_total and rain_move:
every phrasing in words of its own, keeping each kind's fields, meaning and balance (docs/authoring-parts.md,
"Held-out wording")."""

from __future__ import annotations

PACK = "heldout-words-a"

RAIN_MOVE = {
    # Where a meeting is held: each phrasing names things of both kinds (a café, a lawn, a hall), as the public ones do.
    "outdoor": (
        "Let's do it on foot: I'll wait at the car park barrier and we circle the pond. The café will be packed, so "
        "we're skipping it.",
        "Picnic table under the big oak, the one nearest the playground. Nothing reserved inside.",
        "Fresh air for this one - we sit on the steps of the bandstand, the hall itself is locked.",
        "I thought we'd stroll the riverside path and talk as we go. No table anywhere.",
        "Bring sunglasses, not a laptop: it's on the open deck by the water, there's no roof over it.",
        "The office is being painted, so we're on the grass behind the visitor centre.",
        "Find me at the rose beds; we'll take a turn round the gardens rather than sit in a room.",
        "Al fresco by the fountain - I didn't book a room, the weather should hold.",
    ),
    "indoor": (
        "I've reserved the small conference room in the park's visitor centre - the one with the big windows.",
        "Inside the tea pavilion; the lake view is through glass, so we stay dry either way.",
        "Library reading room, ground floor. We can look out at the square but we won't be in it.",
        "Corner booth in the bistro at the garden entrance, under cover, so the forecast doesn't matter.",
        "The greenhouse classroom - it's fully enclosed and heated, even if it feels like being outdoors.",
        "Back room of the boathouse café; I asked for the table away from the terrace doors.",
        "Meeting in the clubhouse lounge next to the lawn. Roof, chairs, coffee machine.",
        "The gallery foyer by the promenade, indoors, whatever it's doing outside.",
    ),
    "request": (
        "Can you go through my meetings over the next few days against the weather? Where one is held outside and "
        "the forecast for that spot shows rain on its day, shift it to the next working day that stays dry there, "
        "keeping the time, and let everyone on the invite know. Meetings indoors are fine as they are.",
        "I'm worried about the weather. Outdoor meetings of mine: if it's due to rain at the location that day, "
        "please rebook each at the same time on the first dry working day after (dry at that location), and "
        "email the invitees the new date.",
        "Some of my meetings are out in the open - please check each one's local forecast. Rain on the day means "
        "moving it: same clock time, next weekday without rain at that place. Tell the attendees. Anything under "
        "a roof doesn't move.",
        "Rain check, literally: any open-air meeting I've got coming up where rain is forecast at its place on "
        "that date needs moving to the next working day that's dry there, at the same hour. Please inform the "
        "people invited once it's moved.",
        "Quick job: look up the forecast for wherever my outdoor meetings are. If rain is expected on the day, "
        "move the meeting to the following dry working day for that place (keep the time) and send the invitees "
        "a note.",
    ),
}

WORDING = {
    "rain_move": RAIN_MOVE,
}
