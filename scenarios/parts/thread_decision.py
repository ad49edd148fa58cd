"""Part: catch the user up on what a long thread decided, and who decided it.

Colleagues argue over options in a thread of six or seven mails: most of them lean one way, the person who owns the
decision settles it another way, and a later mail names yet another option in passing. Neither the majority, nor
the last option named, nor the first is the answer. The user asks, in chat, what was decided and by whom; the
answer must say so in the assistant's own words (pasted mails are not its words) and not present another option.
"""

from __future__ import annotations

from collections.abc import Callable

from green_agent.judging.context import EvalContext
from green_agent.judging.evaluators import EvalResult
from green_agent.scenario_kit import build as kit
from green_agent.scenario_kit.facts import has_all, has_any
from green_agent.scenario_kit.part import Part, Truth, grades, register
from green_agent.scenario_kit.precision import own_words, reported
from green_agent.scenario_kit.slices import Day, Slice, iso

KEY = "thread_decision"
TOPICS = (("the offsite venue", ("Harbor Loft", "Cedar Hall", "The Glasshouse", "Millrace Barn")),
          ("the new CRM", ("Pipewise", "Salesloom", "Orbitly", "Ledgerline")),
          ("the team dinner", ("Osteria Nove", "Saffron House", "Blue Fern", "The Copper Pot")))



def _names(option: str) -> Callable[[str], bool]:
    return lambda text: has_all(text, [option])


class ThreadDecisionTruth(Truth):
    decided: str
    options: list[str]
    decider: list[str]
    mails: list[str]


@register
class ThreadDecision(Part):
    """Catch the user up on what a long thread decided, and who decided it."""

    key = KEY
    Truth = ThreadDecisionTruth

    def draw(self, day: Day) -> Slice:
        rng = day.rng
        topic, options = rng.choice(TOPICS)
        liked, decided, aside = rng.sample(options, 3)
        owner, *others = day.people(rng.choice((3, 4)))
        thread, at = "thread-decision", day.at(9, days=-1)
        lines = [
            (others[0], f"Kicking off the discussion about {topic}: I would really like us to pick {liked}, it worked "
                        f"well for the other teams last year."),
            (others[1], f"Agreed, {liked} gets my vote too, although {decided} was also on the shortlist we made."),
            (others[0], f"Pricing for {liked} looks fine on my side, and I can book it this week if we agree."),
            (owner, f"Thanks both. After weighing cost and timing, my decision is that we go with {decided} for "
                    f"{topic}, not {liked}; please plan around that."),
            (others[-1], f"Understood, {decided} it is. Shame about {aside}, which someone mentioned over lunch."),
        ]
        emails = []
        for n, (person, body) in enumerate(lines):
            mail = kit.inbox_email(f"m-decision-{n}", person.email, day.user.email, f"Re: {topic}",
                                   f"{body}\n\n{person.first}", iso(at.replace(hour=9 + n)), read=True)
            mail.update({"thread_id": thread, "to_addresses": [day.user.email, *(p.email for p in (owner, *others)
                                                                                 if p is not person)]})
            emails.append(mail)
        answer = f"About {topic}: {owner.first} decided we go with {decided}."
        return Slice(
            part=KEY, emails=emails, done=answer,
            request=f"Catch me up on the thread about {topic}: what was decided, and who made the call?",
            truth=ThreadDecisionTruth(decided=decided, options=list(options), decider=[owner.first, owner.last],
                                      mails=[e["body_text"] for e in emails]))

    @grades("The thread's decision and who made it", "accuracy", 20,
            "In chat, in the assistant's own words: the option decided and the person who decided; no other option "
            "given as the outcome.")
    async def decision_reported(self, ctx: EvalContext, truth: ThreadDecisionTruth) -> EvalResult:
        """The assistant's chat, less what it copied from the thread: full marks for naming the decided option and its
        decider with no other option named; each other option named halves the credit (a list of every option says
        nothing)."""
        said = "\n".join(own_words(str(m.get("content") or ""), truth.mails) for m in ctx.assistant_messages())
        options = reported({o: _names(o) for o in truth.options}, said, [truth.decided])
        decider = has_any(said, truth.decider)
        score = (1.0 if options.hits and decider else 0.0) * 0.5 ** len(options.strays)
        return EvalResult(score=score, max_score=1.0,
                          explanation=options.explain("decided option named") + ("" if decider else "; decider not "
                                                                                                    "named"),
                          details={**options.details(), "decider_named": decider})
