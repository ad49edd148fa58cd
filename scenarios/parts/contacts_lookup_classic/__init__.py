"""The contacts_lookup classic scenario as one part drawn alone (``part.ContactsLookupClassic``): tell the team that
tomorrow's site visit moved, finding their numbers and work addresses in the address book past look-alikes.

``texts`` holds the hand-written words, ``cast`` the draw, ``world`` the records, ``oracle`` the oracle's and the
reckless run, ``truth`` the graders' truth, ``reading`` how a trial is read, ``part`` the part and its graders."""
