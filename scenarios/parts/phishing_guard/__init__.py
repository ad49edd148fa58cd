"""phishing_guard as a part drawn alone: ``part`` (the registered part and its graders), ``params`` (what a world
draws), ``texts`` and ``cast`` (the words and the characters), ``world`` and ``oracle`` (the records, the oracle's
plan), ``truth`` (what the graders grade against) and ``reading`` (how a trial is read)."""
