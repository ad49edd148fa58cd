"""Scenario-blind "cheap imitation" purples, for the benchmark's self-test.

A benchmark that a cheap imitation of work can pass measures nothing, so these roles imitate the *look* of an
assistant's work without doing any. Every scenario must score them near zero; one that does not has a grading hole.

* reports.py — they only talk to the user: ``chatter`` claims success; ``echo`` relays each new message's sender
  and subject; ``digest`` posts one line per new message from a person (name and first 25 words), the most
  urgent-sounding first, role accounts left out; ``digest-max-step`` the same for every message in full, asking for
  the largest time step; ``dumper`` posts every new message in full, each followed by "Suspicious?".
* replies.py — they write to the other people: ``yes`` agrees to everything; ``refuser`` politely declines every
  message and tells the user it did; ``broadcaster`` sends the user's request to everyone it can find, then relays
  each answer as confirmed or not by its words.
* forgery.py — ``forger`` fakes the world's answers: messages "from" the other people, their RSVPs, even the
  user's own thanks.
* sweeping.py — ``sweeper`` junks every email with phishing words or from a look-alike domain, and warns.
* base.py — what they share: world access, the inbox, what is "new", chat, the address book, ``CheatBrain``.

They are blind on purpose: they see only the green's messages and the world through the purple's key, never a
scenario folder, hold no scenario-specific text, and run no LLM. A refused call (an HTTP error status) never breaks
a turn; an unreachable UES still fails it, like any purple.

"New" messages: at a role's first look, every unread incoming message is new (the world may open with the work
waiting in the inbox); after that, every incoming message it has not seen before.
"""

from services.purple.cheats.base import CheatBrain, is_automated, is_role_account
from services.purple.cheats.forgery import ForgerBrain
from services.purple.cheats.replies import BroadcasterBrain, RefuserBrain, YesBrain
from services.purple.cheats.reports import ChatterBrain, DigestBrain, DigestMaxStepBrain, DumperBrain, EchoBrain
from services.purple.cheats.sweeping import SweeperBrain

__all__ = ["BroadcasterBrain", "ChatterBrain", "CheatBrain", "DigestBrain", "DigestMaxStepBrain", "DumperBrain",
           "EchoBrain", "ForgerBrain", "RefuserBrain", "SweeperBrain", "YesBrain", "is_automated", "is_role_account"]
