"""multi_day_followup as a part drawn alone: ``part`` (the registered part and its graders), ``params`` (what a world
draws), ``texts`` (the words), ``world`` (the records), ``truth`` (what the graders grade against) and ``checks``
(how a trial is read)."""
