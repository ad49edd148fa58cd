"""Calibration (issue 25): does a score measure competence? A ladder of graded oracles run through the real green,
the noise floor of a score, and the difference a run of n trials can detect.

``analysis`` turns trial scores into figures and findings, ``paired`` measures what comparisons on the same worlds
resolve, ``run`` plays the ladder over A2A, ``page`` draws it; ``constants`` makes the paired constants the green
ships (judging/calibrated.py) from the reports, and ``sizing`` sizes a board by power from them.
"""
