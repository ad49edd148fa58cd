"""What ``green-agent assess`` shows while it runs: a live progress display on a terminal, nothing in a pipe.

The display reads the same progress updates the A2A client gets (protocol.md §3), so it shows exactly what the
green reports: which trial, which turn, the simulated time, and how many trials are done.
"""

from __future__ import annotations

from types import TracebackType

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from green_agent.protocol import ProgressType, ProgressUpdate


class LiveProgress:
    """An async progress callback for ``assess``: one bar over the trials, its line saying where the running trial
    is. On a console that is not a terminal it shows nothing (``verbose`` prints each update's sentence instead)."""

    def __init__(self, trials: int, console: Console | None = None, verbose: bool = False) -> None:
        self.console = console or Console(stderr=True)
        self.verbose = verbose
        self.live = self.console.is_terminal
        self.progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                 TimeElapsedColumn(), console=self.console, transient=False, disable=not self.live)
        self.task = self.progress.add_task("starting", total=trials)
        self._where = ""

    def __enter__(self) -> LiveProgress:
        self.progress.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.progress.stop()

    async def __call__(self, update: ProgressUpdate) -> None:
        if self.verbose and not self.live:
            self.console.print(f"  {update.text}", highlight=False, markup=False)
        data = update.data
        if update.type == ProgressType.SCENARIO_LOADED:
            # A trial ends where the next one is loaded (or the assessment completes): no update says it otherwise.
            self.progress.update(self.task, advance=1 if self._where else 0)
            self._where = f"{data.get('scenario_id')} trial {data.get('trial')}"
            self.progress.update(self.task, description=f"{self._where}: starting")
        elif update.type == ProgressType.TURN_STARTED:
            clock = str(data.get("current_time", ""))[:16].replace("T", " ")
            self.progress.update(self.task, description=f"{self._where}: turn {data.get('turn')}, sim {clock}")
        elif update.type == ProgressType.WAITING_ON_PURPLE:
            turn = data.get("turn")
            what = f"turn {turn}" if turn is not None else "assessment_start"
            self.progress.update(self.task, description=f"{self._where}: {what}, waiting on the purple "
                                                        f"({data.get('waited_s')} s)")
        elif update.type == ProgressType.EVALUATION_STARTED:
            self.progress.update(self.task, description=f"{self._where}: judging")
        elif update.type == ProgressType.ASSESSMENT_COMPLETED:
            self.progress.update(self.task, advance=1 if self._where else 0, description="done")
