"""The green ↔ purple protocol ``ues-assessment/1`` (docs/reference/protocol.md), published for both sides.

* ``messages`` — the messages (``assessment_start``, ``turn_start``, the purple's ``turn_complete`` or
  ``early_completion``, ``assessment_complete``), their ``MessageType`` and the ISO-8601 durations they carry;
* ``a2a`` — the A2A side: agent cards, the served app, and the parts a message is made of and read from.

The green and the purples import it; it imports nothing of the project (pydantic and a2a-sdk only), so a purple
never depends on the green and neither side can drift from the other (tests/test_imports.py).
"""
