"""The words of ``conflicts``: the request, the disputes between the people the user asked, and each rule, so a
wording pack rewords all of it."""

from __future__ import annotations

from green_agent.scenario_kit.phrasing import Phrasebook

_GRID = "on the hour or half past, within 9:00-17:00, no new clash"
PHRASES = Phrasebook({
    # Each of the four decisions (which overlap to fix, the personal clash, customer against internal, where a
    # moved loser goes) is a "disputed" text: two people's rules for it, and whose the user follows.
    "request": (
        "My calendar on {named} is double-booked. Which overlap to fix: {accept}. A personal commitment against a "
        "meeting: {home}. The customer meeting against the internal one: {regime}. Where a losing event I organise "
        "moves: {destination}. A losing event someone else organises, just decline. Email the people affected, and "
        "nobody else.",
        "Two pairs of things clash on {named}. Sort it out for me. On the overlaps: {accept}. On the personal "
        "clash: {home}. Customer against internal: {regime}. If the thing that loses is mine, where it goes: "
        "{destination}. If it's someone else's, decline it. Tell the people affected what happened - no one else.",
        "Please untangle {named} on my calendar. Rules: (a) customer or internal - {regime}. (b) personal or "
        "meeting - {home}. (c) the overlaps - {accept}. (d) losers I organised move - {destination}. Losers others "
        "organised: decline. Only email the people affected.",
        "{named} has overlaps. If something someone else set up has to give way, I'll decline. For the rest, the "
        "people I asked disagree. Where something of mine that gives way goes: {destination}. Who gives way "
        "between the customer and the internal meeting: {regime}. Between my personal thing and the meeting: "
        "{home}. And which overlaps to fix: {accept}. Let the affected people know (and only them).",
    ),
    # Two people's rules for one decision ({x} is {p}'s, {y} is {q}'s; either may be the one that counts, either
    # said first) and whose the user follows: {who} names the one followed, {other} the one overruled. Both rules
    # carry the cue words of their answer, so the decision needs the reference resolved, not a word read.
    "disputed": ("{p} says {x}, and {q} says {y} - I'm going with {who}'s",
                 "{p}'s view: {x}; {q}'s: {y}. {other} is overruled on this one",
                 "two views here - {p}: {x}; {q}: {y}. {who} has it right, not {other}",
                 "{q} thinks {y}. {p} thinks {x}. I side with {who}",
                 "{p}: {x}. {q}: {y}. Not {other}'s way - {who}'s"),
    # Three people's rules for where a moved loser goes ({x} {p}'s, {y} {q}'s, {z} {r}'s; any of them the one that
    # counts) and {who}, whose the user follows: a rule guessed among those said is right one time in three.
    "disputed3": ("{p} says {x}; {q} says {y}; {r} says {z} - I'm going with {who}'s",
                  "three views - {p}: {x}; {q}: {y}; {r}: {z}. {who} has it right",
                  "{p}: {x}. {q}: {y}. {r}: {z}. Only {who}'s is how I want it"),
    # A third clash, appended to the request: three half-hour one-to-ones ({a}, {b}, {c}: their titles) all booked
    # at {at}, only one to stay, and {rule}: a "disputed3" of three "keep_one" rules, whose the user follows.
    "trio": ("One more thing: {a}, {b} and {c} all ended up at {at}. Only one of them can stay: {rule}.",
             "Also, {at} is triple-booked - {a}, {b} and {c}. One stays, the other two give way like any loser: "
             "{rule}.",
             "And {a}, {b} and {c} are all at {at}; I can only do one, the rest are losers as above. {rule}."),
    # One person's rule for the triple-booked slot: {a}, the title of the one-to-one that stays (the other two lose).
    "keep_one": ("keep {a}", "{a} is the one to keep", "{a} stays and the other two give way"),
    # Which overlap to fix: both (half the worlds), or one of the two left as it is (the accepted pair, a and b; the
    # other c and d), every title named either way so that naming a pair tells nothing.
    "accept_none": ("{a} overlaps {b} and {c} overlaps {d}, and neither overlap can stay",
                    "both overlaps have to go - {a} with {b}, and {c} with {d}",
                    "I can't be in two places at once for {a} and {b}, nor for {c} and {d}"),
    "accept_pair": ("{a} and {b} may overlap - leave both as they are, I'll split my time - but {c} against {d} "
                    "needs fixing",
                    "only {c} against {d} needs fixing: {a} and {b} may stay on top of each other",
                    "the overlap of {a} with {b} is fine, I'll hop between them, while {c} and {d} can't both stay"),
    # A personal commitment against a meeting: it stays, or it is the one that moves (each half the time).
    "personal_stays": ("family commitments beat work meetings: a personal one stays whatever happens",
                       "nothing personal moves for a meeting - the meeting gives way",
                       "a personal commitment beats any meeting it clashes with",
                       "where a meeting clashes with something personal, the meeting gives way"),
    "personal_yields": ("this week meetings beat personal plans: a personal one that clashes moves, the meeting "
                        "stays",
                        "for once a meeting beats anything personal, which is what moves",
                        "personal plans are the flexible ones this week; keep the meeting they clash with",
                        "my personal things don't win this week - shift them and leave meetings alone"),
    # Each regime is said several ways, and most carry the cue words of another (a reversal, a negation, a
    # "renewal" in a losing exception): the regime follows from the sentence, not from a word in it.
    "customers": ("customer meetings beat internal ones",
                  "forget last week's 'internal first' - a customer meeting wins over an internal one again",
                  "I'd rather drop an internal meeting than a customer one, even this week",
                  "it doesn't matter who starts first or later: the customer keeps the slot"),
    "internal": ("internal meetings beat customer ones this week ({why})",
                 "normally I'd say customer meetings beat internal ones, but not this week: {why}",
                 "no customer gets priority this week - {why} - so the internal meeting stays",
                 "customers, sorry: {why}, so internal wins every time"),
    "customers_except": ("customer meetings beat internal ones, except {x}'s: we're winding {x} down",
                         "{x}'s renewal is signed and we're handing the account off, so {x} loses to internal "
                         "meetings; any other customer still wins",
                         "the customer keeps the slot over an internal meeting - unless it's {x}, whose meetings can "
                         "wait"),
    "internal_except": ("internal meetings beat customer ones this week ({why}), except anything with {x}, their "
                        "renewal is at risk",
                        "internal first this week ({why}); the only customer I won't bump is {x} - we're nowhere near "
                        "winding them down, their renewal is next month",
                        "customers lose to internal meetings this week, {x} excepted: {x} wins"),
    "person": ("whichever of the two has {p} in it wins, customer or not",
               "I need to see {p} that day, so the meeting with {p} stays - never mind which one starts first",
               "forget customer vs internal: keep the meeting {p} is in and let the other one go"),
    "earlier": ("of two clashing meetings the one that starts first keeps its place",
                "customer or internal doesn't matter this time - the later one gives way",
                "first come, first served: the meeting that begins earlier stays, not the customer one as such"),
    "later": ("of two clashing meetings the one that starts later keeps its place",
              "customer or internal doesn't matter this time - the earlier one gives way (it was a placeholder)",
              "whichever begins second stays; the first one moves or goes, even if it's a customer"),
    "earliest": (f"to the earliest free start that day ({_GRID})",
                 f"not to the afternoon or after the other meeting - to the first gap of the day it fits in ({_GRID})"),
    "after": (f"to the first free start after the meeting it clashed with ends ({_GRID})",
              f"not the earliest slot of the day: to just after the meeting that won, or the first free start after "
              f"it ends ({_GRID})"),
    "latest": (f"to the latest free start that day ({_GRID})",
               f"not the nearest or the earliest slot, but the last one of the day it still fits in ({_GRID})"),
    "before": (f"to the latest free start that still ends by the time the meeting it clashed with starts ({_GRID})",
               f"to just ahead of the meeting that won, finishing by the time that one begins - not after it "
               f"({_GRID})"),
    "afternoon": (f"to the earliest free start from 13:00 that day ({_GRID})",
                  f"not before 13:00 - the earliest free start from then on ({_GRID})"),
})
