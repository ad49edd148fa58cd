"""email_triage_basic as a part drawn alone: ``part`` (the registered part and its graders), ``params`` (what a
world draws), ``mail`` and ``cast`` (the words: every email's template, the people, the request), ``world`` (the
records, the oracle and the truth), ``truth`` (what the graders grade against) and ``reading`` (how a trial is
read)."""
