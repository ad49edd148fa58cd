"""sms_coordination as a part drawn alone: ``part`` (the registered part and its graders), ``params`` (what a world
draws), ``templates`` and ``texts`` (the hand-written words and how a world fills them in), ``cast`` (the
characters), ``world`` and ``oracle`` (the records, the oracle's plan), ``truth`` (what the graders grade against)
and ``reading`` (how a trial is read)."""
