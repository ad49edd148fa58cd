"""clarification_loop as a part drawn alone: ``part`` (the registered part and its graders), ``params`` (what a world
draws), ``world`` (the records, the oracle's plan and the frame), ``cast`` (the characters and the user's chat rules),
``truth`` (what the graders grade against) and ``reading`` (how a trial is read)."""
