"""meeting_scheduling as a part drawn alone: ``part`` (the registered part and its graders), ``slots`` (the week and
the slot arithmetic the draw and the graders agree on), ``params`` (what a world draws; ``world0`` the published one),
``texts`` (what the people write), ``cast`` (the scripted characters), ``world`` (the records, the oracle's plan and
the frame), ``truth`` (what the graders grade against) and ``reading`` (how a trial is read)."""
