"""``green-agent compare``: two purples' rows paired world by world (``TrialRow.world_digest``), so each world's own
difficulty cancels — per part, per scenario and overall, the mean difference with a paired 95 % interval and a
sign-flip p-value, the unpaired interval beside it (``pairing.py``), and a static page of the same (``page.py``)."""
