"""calendar_conflicts as a part drawn alone: ``part`` (the registered part and its graders), ``rules`` (how the user's
priorities are read), ``plan`` (a world's week), ``zero`` (the published world 0, by hand) and ``drawing`` with
``pools`` (every other world), ``texts``, ``cast`` and ``oracle`` (the words, the characters, the oracle's plan),
``world`` (the records and the frame), ``truth`` (what the graders grade against) and ``reading`` (how a trial is
read)."""
