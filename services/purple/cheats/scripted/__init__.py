"""The ``scripted`` purple: rule scripts for the public parts and classic templates, written the way a participant
would write them — read the public part modules and scenario templates, note what each kind of item looks like and
what the task asks, and write regular expressions and field comparisons. No LLM, no scenario folder, no truth.

A benchmark whose tasks a short rule script can pass measures whether a participant read its source, not whether an
assistant can do the work (issue 34). The self-test holds this role to the imitations' ceiling: at most 15 % and no
pass, on seed-drawn days and on classic scenarios at unseen seeds.

Each module holds ``Script`` subclasses, one per public part or classic (``part`` names it), registered with
``@script``; a script runs in a turn when its ``trigger`` matches the user's chat messages. ``desk.py`` is what a
script sees of the world; ``brain.py`` runs the scripts turn by turn.
"""

from services.purple.cheats.scripted.brain import ScriptedBrain

__all__ = ["ScriptedBrain"]
