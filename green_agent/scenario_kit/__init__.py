"""Code that scenario folders share instead of copying it.

``build``: for a folder's ``_build.py``, the script that writes its ``initial_state.json`` (a UES scenario
export). ``grading``: for its ``evaluators.py`` — the ``@evaluator`` decorator, the types an evaluator sees
and returns, and helpers that read a recorded trial.

A scenario's content hash covers its own folder only, not this package, so a change here must not change
what any scenario is: rerunning every ``_build.py`` must write byte-identical files, and every scenario must
score every trial as before (or that scenario's ``version`` is bumped).
"""
