"""The words of ``organiser_move``: every text its worlds hold is drawn from this phrasebook — the asker's mails, the
other attendees' refusals and acceptances, the stretches they are busy or around, passed-on words, the titles of
other people's meetings and of the outside call, the announcement — so a wording pack rewords all of it."""

from __future__ import annotations

from green_agent.scenario_kit.phrasing import Phrasebook

# Meetings other people hold that the user already declined: an attendee may be in one (then its time is out for
# them, though nothing on the user's side clashes), or may skip it too.
THEIRS = ("Security training", "All-hands rehearsal", "Vendor demo", "Offsite planning", "Customer visit prep",
          "Quarterly numbers readout", "Mentoring circle", "Compliance refresher")
# How many of them a world can need: one per wrong offer (seven at most) and one on the right offer.
THEIRS_NEEDED = 8

BUSY = ("On {day} I'm tied up {span}.", "{Day}: busy {span}.", "I've got a workshop {span} on {day}.",
        "{Day} {span} is blocked for me.", "My {day} is gone {span} - back-to-back interviews.",
        "Just so you know, {span} on {day} I'm with a customer.")


def _bullets(offers: list[str]) -> str:
    return "\n".join(f"- {o}" for o in offers)


def _inline(offers: list[str], last: str = "or") -> str:
    return f"{', '.join(offers[:-1])} {last} {offers[-1]}" if len(offers) > 1 else offers[0]


PHRASES = Phrasebook({
    # Titles of other people's meetings and of the outside call on the calendar: a pack may rename them, so no fixed
    # title list tells a script which meeting a mail is about.
    "theirs": THEIRS,
    "blocker_title": ("Call with {name}", "{name} / {user} catch-up", "{company} call ({name})", "Intro: {name}",
                      "{name} - follow-up"),
    "ask_subject": ("Moving the {title}?", "{Title} - can we shift it?", "Re: {title}", "Clash with our {title}",
                    "Quick one about the {title}", "New time for the {title}?"),
    "ask_body": (
        lambda first, title, held, offers, asker, **_: (
            f"Hi {first},\n\nSomething came up and I can't make our {title} on {held}. Could we move it to "
            f"{_inline(offers)} instead? Any of those works for me.\n\nThanks,\n{asker}"),
        lambda first, title, held, offers, asker, **_: (
            f"Hey {first} - bad news, I'm double-booked for the {title} ({held}). Here's when I could do "
            f"instead:\n{_bullets(offers)}\nPick whichever suits you.\n{asker}"),
        lambda first, title, held, offers, asker, **_: (
            f"{first},\n\n{held} stopped working for me (a customer call landed on it), sorry. I looked at my week "
            f"and I'm open {_inline(offers, 'and')}. Happy with any of them for the {title}.\n\n{asker}"),
        lambda first, title, held, offers, asker, **_: (
            f"Hi {first},\n\nWould you mind if we moved the {title}? My options are:\n{_bullets(offers)}\n\n"
            f"(I can't do the current slot, {held}.)\n\nCheers,\n{asker}"),
        lambda first, title, held, offers, asker, **_: (
            f"Morning {first}! Apologies, I have to drop out of {held}. For the {title}, how about "
            f"{_inline(offers)}? All the same to me.\n\n{asker}"),
    ),
    # The asker's second mail, in the same thread: an offer taken back, or one more added (a fact split in two).
    "later_subject": ("Re: {title}", "Re: Moving the {title}", "{Title} - update", "One more thing re the {title}"),
    "retract": ("Sorry, {x} is off the table now - a customer call just took it.", "Scratch {x}; I've been booked.",
                "Small correction: I can no longer do {x}.", "Forget the {nth} one I sent, it's gone.",
                "Update - my {nth} suggestion doesn't work any more, my manager grabbed it."),
    "add": ("Oh, and {x} would work for me too.", "I could also do {x}, if that helps.",
            "Another option just opened up: {x}."),
    # Another attendee rules an offer out by saying what they are doing then (no "can't" needed), by pointing at it
    # (its place in the asker's list, its weekday) or by naming a meeting of theirs that the user's calendar holds.
    "out": (
        "{out} I'm on a plane to Denver.", "At {out} I'll be at my daughter's recital.",
        "{Out} is when I give the onboarding training - that's fixed.", "I'm presenting at the offsite {out}.",
        "{Out} I'll be in the dentist's chair, sadly.", "My whole team has me booked for the audit {out}.",
        "{Out} is a hard no from me.", "Whatever happens, {out} won't fly: I'm interviewing all through it.",
        "As for {out}, I'd have to leave halfway, so let's not.",
    ),
    "event_out": ("I'm running the {event} - whenever that is on the calendar, count me out.",
                  "The {event} is the one thing I can't skip this week, so not at the same time as that please.",
                  "Anything on top of the {event} won't work for me, I'm presenting there.",
                  "I'll be at the {event} (you declined it, I know), so don't put ours over it."),
    "event_skip": ("The {event}? I'm not going to that either, so its slot is fine by me.",
                   "Don't worry about the {event} - I've dropped it too.",
                   "I declined the {event} as well, so ignore it."),
    "fine": (
        "{fine} - no problem at all for me.", "Can't wait to get this done; {fine} would be ideal.",
        "Nothing on my side at {fine}.", "{Fine} is not an issue.", "I don't have anything booked for {fine}.",
        "No way I'd miss it - {fine} is clear.", "{Fine}: nothing stops me.",
    ),
    # A refusal taken back later in the thread: the time is fine after all.
    # A yes taken back later in the thread (the mirror of "unsay"): a time named again in a later mail is not
    # thereby fine.
    "resay": ("Scratch what I said about {x} - something landed on it, so I can't after all.",
              "Update: {x} no longer works for me, sorry - a client call got put there.",
              "Correction to my last mail: I can't do {x} after all.",
              "Bad news on {x}: my manager just booked me for it."),
    # The asker confirming an offer in the second mail (the mirror of taking one back): an offer named again by the
    # asker is not thereby withdrawn.
    "confirm": ("Just to be clear, {x} still works for me.", "{X} is still open on my side, by the way.",
                "To confirm: {x} stands.", "Nothing has changed about {x} - still free then."),
    "unsay": ("Ignore what I said about {x} - the thing I had then moved, so I'm free after all.",
              "Update: {x} works now, my appointment got rescheduled.",
              "Correction to my last mail: {x} is fine for me after all."),
    "cannot": (
        lambda first, title, lines, name, **_: f"Hi {first}, saw {name}'s note about the {title}. {lines}",
        lambda first, title, lines, name, **_: f"{lines}\n\n(re the {title})",
        lambda first, title, lines, name, **_: f"{first} - about moving the {title}: {lines}",
        lambda first, title, lines, name, **_: (f"Heads up for the {title}.\n\n{lines}\n\n{name} mentioned "
                                                "you'd pick a time."),
        lambda first, title, lines, name, **_: f"Hi {first},\n\nIf we're moving the {title}: {lines}",
    ),
    # A refusal passed on from someone else: it counts only when that person is invited (the calendar says).
    "relay": ("{name} asked me to pass on that {out} doesn't work for them.",
              "Passing on from {name}: {out} is out, they're at a conference.",
              "{Name2} won't be able to do {out} - told me this morning.",
              "Also, {name} mentioned {out} clashes with their school run."),
    # An acceptance passed on from an invited attendee (the mirror of "relay"): an invited person named beside a time
    # is not thereby out.
    "relay_fine": ("{name} asked me to pass on that {x} is fine for them.", "Passing on from {name}: {x} works.",
                   "{Name2} said {x} suits them - told me this morning.",
                   "Also, {name} mentioned {x} is free on their side."),
    # When an attendee is around on a day: the offers that day outside it are out (the busy stretches' words).
    "around": ("{Day} I'm only around {span}.", "On {day} I'm only free {span}.", "{Day}: in the office {span} only.",
               "I can only do {span} on {day}."),
    # An attendee's busy stretch (rules out the offers it overlaps, and only those: one that ends as an offer starts,
    # or starts as it ends, leaves it free).
    "busy": BUSY,
    # An outside call the user accepted that sits on an offer ({event}: its title, a "blocker_title"; {name}: its
    # host), called off by its host's mail ("calledoff": the offer is free after all; on the right offer half the
    # time) or said to stand ("still_on", the real clash's twin, with the same cancel words negated): the calendar
    # alone no longer tells which clash is real.
    "calledoff": ("Hi {user}, I have to cancel our {event} - something urgent came up. Let's skip it this "
                  "week.\n{name}",
                  "{user}, sorry: the {event} is off. I'll send a new invite when things calm down.\n{name}",
                  "Hi {user},\n\nPlease treat the {event} as cancelled - I can't make it after all.\n\n{name}",
                  "Hello {user} - no need to keep the {event} free; we're calling it off.\n{name}",
                  "{user}, quick note: the {event} isn't happening. Apologies for the late notice.\n{name}"),
    "still_on": ("Hi {user}, just so you know, the {event} is not cancelled - I know there was talk of it, but it "
                 "stays.\n{name}",
                 "{user}, confirming the {event}: still on, nothing is off.\n{name}",
                 "Hi {user},\n\nIgnore the rumours about calling off the {event}; it goes ahead as "
                 "planned.\n\n{name}",
                 "Hello {user} - no change for the {event}; I won't be cancelling it.\n{name}",
                 "{user}, quick note: the {event} is happening as booked. Apologies for the confusion.\n{name}"),
    # The asker naming the other instances of the meeting ({twin}: their times joined, "A, B and C") as fine beside
    # the one they cannot make ({held}): the user's calendar holds three or four meetings of that title, and only this
    # mail tells which one moves.
    "twin_ok": ("The {title} on {twin} is fine, by the way - it's only the one on {held} I can't do.",
                "(Just the {held} one - {twin} still work for me.)",
                "{Twin} stay as they are; I only mean {held}.",
                "To be clear, I'll be at the {title} on {twin}; it's {held} that clashes.",
                "No change needed for {twin}, only for {held}."),
    # The asker naming the twin instances again ({twin}: their times joined, as in "twin_ok"), so the ask names every
    # instance twice and counting how often a time is named points at none.
    "twin_seen": ("See you at the {title} on {twin}, then.", "I'll be there on {twin} as usual.",
                  "So {twin} are still in my diary.", "Happy to keep {twin} for the {title}."),
    # How long the moved meeting runs (no fields): forty-five minutes ("shorter"), the hour it had ("keep_hour") or
    # ninety minutes ("longer"). Every phrasing names the length wanted and one other, the wanted one first in half of
    # each kind's phrasings, and each pair of lengths comes in two kinds, so which lengths are named, and which comes
    # first or last, leave a coin between two: only the sense (negation, "too tight", "overkill") decides.
    "shorter": ("Forty-five minutes will do this time - we won't need a full hour.",
                "An hour is more than we need; let's book forty-five minutes.",
                "Forty-five minutes is enough: ninety minutes would be overkill.",
                "No need for ninety minutes, so let's make the new one forty-five minutes."),
    "keep_hour": ("No need for ninety minutes this time - an hour is plenty.",
                  "An hour is right; ninety minutes would be too long.",
                  "Forty-five minutes would be too tight - keep it to an hour.",
                  "Keep it to an hour, please; forty-five minutes would be too tight."),
    "longer": ("An hour won't be enough this time - let's book ninety minutes.",
               "Ninety minutes this time, please; an hour is too tight.",
               "Forty-five minutes won't cut it, so book ninety minutes.",
               "Ninety minutes, please - forty-five minutes would never be enough."),
    "host_subject": ("{Event}", "Re: {event}", "About the {event}", "{Event} - update", "Our {event}"),
    "cannot_subject": ("Re: {title}", "{Title} timing", "About moving the {title}", "{Title}", "Times for the {title}"),
    "announce": (
        "Hi all,\n\nAs {asker} can't make the original time, the {title} is now on {when}.\n\nBest,\n{user}",
        "Hi everyone - the {title} has moved to {when}. The invite is updated.\n\n{user}",
        "Quick update: we're now meeting for the {title} on {when}. Thanks for the flexibility!\n{user}",
    ),
})
