"""Code that scenario folders share instead of copying it.

``build``: the records of a UES scenario export and ``build(folder)``, which ``green-agent scenarios build ID`` runs
to write a folder's world 0 from its generator. ``grading``: for a folder's ``evaluators.py`` — the ``@evaluator``
decorator, the types an evaluator sees and returns, and helpers that read a recorded trial. ``sent``: what the
assistant sent (every route, to whom, read whole), the one reading integrity, the characters and the graders share;
``precision`` reads it as criteria need (``outgoing``).

A scenario's content hash covers its own folder only, not this package, so a change here must not change
what any scenario is: rebuilding every folder must write byte-identical files, and every scenario must
score every trial as before (or that scenario's ``version`` is bumped).
"""
