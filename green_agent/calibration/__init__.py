"""Calibration (issue 25): does a score measure competence? A ladder of graded oracles run through the real green,
the noise floor of a score, and the difference a run of n trials can detect.

``analysis`` turns trial scores into figures and findings, ``run`` plays the ladder over A2A, ``page`` draws it.
"""
