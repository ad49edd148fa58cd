"""``assess``'s progress display: live on a terminal (trial, turn, simulated time, trials done), silent in a pipe."""

from __future__ import annotations

import io

from rich.console import Console

from green_agent.console import LiveProgress
from green_agent.protocol import ProgressType, ProgressUpdate


def updates() -> list[ProgressUpdate]:
    where = {"scenario_id": "mini_day"}
    return [ProgressUpdate(text="loaded", type=ProgressType.SCENARIO_LOADED, data={**where, "trial": 0}),
            ProgressUpdate(text="Turn 3 started", type=ProgressType.TURN_STARTED,
                           data={**where, "trial": 0, "turn": 3, "current_time": "2026-03-02T11:00:00+00:00"}),
            ProgressUpdate(text="judging", type=ProgressType.EVALUATION_STARTED, data={**where, "trial": 0}),
            ProgressUpdate(text="loaded", type=ProgressType.SCENARIO_LOADED, data={**where, "trial": 1}),
            ProgressUpdate(text="All done", type=ProgressType.ASSESSMENT_COMPLETED, data={})]


async def test_on_a_terminal_it_shows_where_the_trial_is_and_counts_trials():
    out = io.StringIO()
    show = LiveProgress(2, Console(file=out, force_terminal=True, width=100))
    with show:
        for update in updates()[:2]:
            await show(update)
        show.progress.refresh()
        assert "mini_day trial 0: turn 3, sim 2026-03-02 11:00" in out.getvalue()
        for update in updates()[2:]:
            await show(update)
    assert show.progress.tasks[0].completed == 2 and "2/2" in out.getvalue()


async def test_in_a_pipe_it_is_silent_unless_verbose():
    quiet, chatty = io.StringIO(), io.StringIO()
    for out, verbose in ((quiet, False), (chatty, True)):
        show = LiveProgress(2, Console(file=out, force_terminal=False), verbose=verbose)
        with show:
            for update in updates():
                await show(update)
    assert quiet.getvalue() == ""
    assert chatty.getvalue().splitlines() == ["  loaded", "  Turn 3 started", "  judging", "  loaded", "  All done"]


async def test_a_long_turn_shows_how_long_the_purple_has_held_it():
    out = io.StringIO()
    show = LiveProgress(1, Console(file=out, force_terminal=True, width=100))
    with show:
        await show(updates()[0])
        await show(ProgressUpdate(text="Turn 3: waiting on the purple (60 s)", type=ProgressType.WAITING_ON_PURPLE,
                                  data={"scenario_id": "mini_day", "trial": 0, "turn": 3, "waited_s": 60}))
        show.progress.refresh()
        assert "mini_day trial 0: turn 3, waiting on the purple (60 s)" in out.getvalue()
