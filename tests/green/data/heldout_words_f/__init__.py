"""Held-out wording (issue 34) of the classics calendar_conflicts, clarification_loop and travel_reschedule: every
phrasing in words of its own, keeping each kind's fields, meaning and balance (docs/authoring-parts.md, "Held-out
wording")."""

from __future__ import annotations

from datetime import datetime
from typing import Any

PACK = "heldout-words-f"

# ------------------------------------------------------------------------------------------------ calendar_conflicts
# The request: the two fixed commitments (the board review, the personal event), the regime for the rest, what
# happens to a losing meeting (mine: to the destination; someone else's: declined), who to write to and the recap.
CALENDAR_CONFLICTS = {
    "frame": (
        "Hello - {week} has turned into a tangle of overlapping meetings and I'd like you to straighten it out.\n\n"
        "Two things are fixed: the board review on {board} (leave it exactly as it is - no rescheduling, no "
        "declining) and my {personal} on {pday}, which I'm not giving up. Where neither of those is involved, "
        "{regime}.\n\nThe meeting that gives way: if I sent the invite, reschedule it to {destination}; if someone "
        "else did, decline it. Then send a friendly note to each person a change touches, telling them what's "
        "different, and leave everybody else out of it. A brief recap here at the end would be great.",
        "Could you clean up my week ({week})? Several slots have two meetings in them. Here's what I'd like:\n\n"
        "* Board review, {board}: stays where it is - don't reschedule or decline it.\n"
        "* My {personal}, {pday}: also not negotiable.\n* Everything else: {regime}.\n"
        "* A losing meeting I own: reschedule to {destination}.\n* A losing meeting someone else owns: decline.\n\n"
        "Please tell the people who are affected by a change, courteously, what's different - no one else needs a "
        "message. Recap for me here when you're finished.",
        "Quick favour: when two of my meetings in {week} sit on top of each other, one of them has to go. If the "
        "one that goes is mine to organise, put it at {destination}; if I'm only invited, turn it down. To pick "
        "which one goes: {Regime}. Two things override all of that: I'm keeping my {personal} on {pday}, and the "
        "board review on {board} can't be touched at all - neither shifted nor declined. Drop a kind line to "
        "whoever a change affects (just them) explaining what changed, and give me the short version here.",
        "Over to you for {week}, please - there are overlapping meetings to sort. Whoever loses a clash, it's "
        "never the board review on {board} (I won't have it moved or declined) and never my {personal} on "
        "{pday}. For the rest, {regime}. Meetings I organised that lose should land at {destination}; invitations "
        "from other people that lose get declined. Notify only the people affected, nicely, with what changed - "
        "then a few lines to me here.",
        "I just looked at {week} and there are overlaps everywhere. Can you fix them? Rule of thumb: {regime}. "
        "But my {personal} on {pday} trumps that, and nothing at all trumps the board review on {board} - it "
        "neither moves nor gets declined.\n\nIf the meeting that loses is one I set up, give it a new time: "
        "{destination}. If somebody else set it up, send a decline instead. Let each person affected know what "
        "changed, politely, and don't email anyone else. Summarise it for me here afterwards.",
    ),
    "regime_customers": (
        "a customer meeting takes precedence over an internal one",
        "customers go ahead of our own internal meetings",
        "if one side is a customer and the other is internal, the internal one gives way",
        "I'd keep the customer and drop the internal meeting every time",
        "internal stuff can wait whenever a customer is on the other side",
        "last week I said internal wins - not any more, customers outrank internal meetings again",
        "customers still outrank internal meetings, {why} or not",
    ),
    "regime_internal": (
        "internal meetings take precedence over customer ones this week, as {why}",
        "with {why}, the internal meeting wins against a customer one this week",
        "this week internal outranks customer - {why}",
        "customers will have to wait this week whenever they collide with something internal; {why}",
        "because {why}, our own meetings come ahead of customer ones this week",
        "the usual customer-first rule is off this week because {why}: internal meetings win",
        "internal wins over customer for the week ({why})",
    ),
    "regime_internal_except": (
        "this week the internal meeting wins over a customer one ({why}) - unless the customer is {focus}: their "
        "renewal is wobbling, so they win",
        "with {focus} the renewal could go either way, so their meetings win; all other customers lose to internal "
        "meetings this week since {why}",
        "customers give way to internal meetings this week ({why}) - all except {focus}, an account we need to "
        "hold on to",
        "since {why}, internal beats customer this week; I'm making an exception for {focus}, though - their "
        "meetings win, that account is too important to risk",
        "keep anything involving {focus} (their renewal is shaky); for every other customer, internal takes "
        "priority this week because {why}",
    ),
    "regime_customers_except": (
        "a customer meeting outranks an internal one, {focus} excepted - we're letting that account go, so internal "
        "wins against them",
        "{focus} is being wound down, so an internal meeting beats theirs; with every other customer, the customer "
        "wins",
        "customers win against internal meetings, but {focus} no longer gets that priority - their account is "
        "being passed to another team",
        "internal meetings only win against {focus}, whose account we're phasing out; any other customer wins",
        "customer over internal as usual, with {focus} the one exception: internal beats them now that we're "
        "winding their account down",
        "put customers ahead of internal meetings, though not {focus} - I've stopped prioritising them",
    ),
    "regime_internal_except_mail": (
        "internal meetings come first this week ({why}); the only customer who keeps their slot is the one who's "
        "already emailed me an agenda for our meeting",
        "if a customer took the time to send me the points they want to discuss before our meeting, their meeting "
        "wins - otherwise internal beats customer this week, {why}",
        "because {why}, customer meetings lose to internal ones this week - except for the customer whose agenda "
        "is already sitting in my inbox",
        "internal over customer this week ({why}), but not for the customer who mailed me their talking points in "
        "advance: keep that one",
        "the customer who already got in touch with topics for our meeting wins; other customers yield to internal "
        "meetings this week, since {why}",
    ),
    "regime_customers_except_day": (
        "a customer meeting beats an internal one, apart from the customer in the {fday} clash - we're letting "
        "that account lapse, so internal wins there",
        "in {fday}'s double-booking the internal meeting wins (that customer is being phased out); in the other "
        "customer-versus-internal clashes the customer wins",
        "customers take priority over internal meetings, though not whoever is in the clash on {fday}: we're "
        "winding that account down",
        "customer before internal, except on {fday}: the customer involved there is on the way out, so the "
        "internal meeting wins",
        "favour customers over internal meetings - bar the customer clashing on {fday}, whose contract isn't being "
        "renewed",
    ),
    "destination_earliest": (
        "the first free start that day - times on the hour or half past only, between 09:00 and 17:00 UTC, and it "
        "mustn't clash with anything else",
        "as early that same day as it fits: whole or half hours, inside 09:00-17:00 UTC, without overlapping "
        "something else",
        "the earliest opening on the same day (a :00 or :30 start, within 09:00 to 17:00 UTC, not overlapping "
        "anything)",
        "whichever :00 or :30 start comes first that day with room for it (working hours 09:00-17:00 UTC; no "
        "fresh overlap)",
        "the earliest slot that day rather than the latest or the closest one - on :00 or :30, 09:00 to 17:00 UTC, "
        "clear of other meetings",
    ),
    "destination_after": (
        "the first free start once the meeting that beat it has finished, same day (on the hour or half past, "
        "ending by 17:00 UTC, without a new clash)",
        "later that day, after the winning meeting wraps up: the earliest :00 or :30 start from then on that's "
        "free (finishing by 17:00 UTC, no overlap with anything)",
        "whatever :00 or :30 start is free first once the other meeting has ended - same day, 09:00-17:00 UTC, no "
        "new overlap",
        "same day, following the meeting that won: the earliest open slot starting on a full or half hour after it "
        "ends, within 09:00-17:00 UTC and clashing with nothing",
        "after the other meeting rather than before it - the earliest free start once it's over, that day, on the "
        "hour or half past (09:00-17:00 UTC, no fresh clash)",
    ),
    "destination_latest": (
        "as late that same day as it can start while still finishing by 17:00 UTC - on the hour or half past, and "
        "not on top of anything else",
        "the last open slot that day (a :00 or :30 start, over by 17:00 UTC, no overlap with another meeting)",
        "the end of the working day: the latest free start on a whole or half hour that lets it end by 17:00 UTC, "
        "same day, without a new clash",
        "same day, pushed as late as it goes - the last free :00/:30 start that still wraps up by 17:00 UTC, "
        "overlapping nothing",
        "the latest free time that day rather than the first - on the hour or half past, done by 17:00 UTC, no "
        "fresh clash",
    ),
    "destination_before": (
        "earlier on the same day, finishing before the meeting that beat it begins - the latest such free start, "
        "on the hour or half past (09:00-17:00 UTC, no new clash)",
        "the last free :00 or :30 start that day that still lets it end by the time the other meeting starts (not "
        "before 09:00 UTC, no overlap with anything else)",
        "ahead of the winning meeting, the same day, as close up to it as it can go while ending before it starts "
        "(whole or half hours, from 09:00 UTC, clashing with nothing)",
        "same day, before the clash: the latest start on a full or half hour that's free and finishes by the time "
        "the meeting it lost to begins (09:00-17:00 UTC, no new clash)",
        "before the other meeting rather than after it - the latest free slot that day that ends in time for it, "
        "on the hour or half past (09:00-17:00 UTC, no fresh clash)",
    ),
    "destination_afternoon": (
        "the first free start that afternoon, from 13:00 UTC, on the hour or half past, finishing by 17:00 and "
        "clashing with nothing",
        "same day, 13:00 UTC onwards - the earliest open :00 or :30 slot from then, done by 17:00 UTC, no overlap "
        "with anything",
        "that afternoon: the earliest whole- or half-hour start at 13:00 UTC or later that's free, ending by 17:00 "
        "UTC without a new clash",
        "into the afternoon of the same day - the first gap starting 13:00 UTC or after (on :00/:30, over by "
        "17:00, no new clash)",
        "the afternoon, not the morning, and the earliest free start there rather than the nearest - from 13:00 "
        "UTC, on the hour or half past, ending by 17:00, no new clash",
    ),
    "destination_nearest": (
        "as close as possible to where it sits now, same day - the free :00 or :30 start nearest its current start "
        "(the earlier of two equally close; 09:00-17:00 UTC, no new clash)",
        "the smallest shift that works that day: the nearest free start on the hour or half past to its present "
        "time, and if two are as near, the earlier one (within 09:00-17:00 UTC, overlapping nothing)",
        "the same day, at the free time closest to its current start (on a whole or half hour, 09:00-17:00 UTC, "
        "no fresh clash; on a tie, take the earlier)",
        "nearby: whichever free slot that day starts closest to its original time - :00 or :30 starts only, "
        "between 09:00 and 17:00 UTC, no new overlap; break a tie with the earlier",
        "the nearest free start to its current time that day, not the first or last of the day - on the hour or "
        "half past (09:00-17:00 UTC, no new clash), the earlier one if tied",
    ),
    # The subject of the agenda a customer sends the user.
    "agenda_subject": ("Our {short} on {day}", "Points for {day}", "{co} - topics for our {short}", "Ahead of {day}",
                       "What we'd like to go through", "{short}: our list"),
}

WORDING: dict[str, dict[str, Any]] = {
    "calendar_conflicts": CALENDAR_CONFLICTS,
}
