"""Code that scenario folders share instead of copying it.

``part``: the part contract (a registered, typed task: ``draw(day) -> Slice`` and its ``@grades``), ``slices`` and
``records``: what a part draws from and puts into a world, ``day``: parts composed into a world, ``family``: a family
scenario's worlds and evaluators from the part library. ``build``: the records of a UES scenario export;
``publish.build(folder)``, which ``green-agent scenarios build ID`` runs, writes a folder's world 0.
``grading``: for a grader — the types an evaluator sees and returns, and helpers that read a recorded trial. ``sent``:
what the assistant sent (every route, to whom, read whole), the one reading integrity, the characters and the graders
share; ``precision`` reads it as criteria need (``outgoing``).

A scenario's content hash covers its own folder (and a family's, the part library's files), not this package, so a
change here must not change what any scenario is: rebuilding every folder must write byte-identical files, and every
scenario must score every trial as before (or that scenario's ``version`` is bumped).
"""
