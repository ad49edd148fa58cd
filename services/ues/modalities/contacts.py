"""Contacts: the user's address book (ues-api.md §2.10; newest real UES, 8th modality).

Operations (event ``data.operation``), as in real UES:

* ``create_contact`` — ``identifiers`` (≥1) plus any contact field; ``contact_id`` is generated unless given
  and written back into the input.
* ``update_contact`` — ``contact_id``; scalar fields replace when non-null; ``identifiers`` / ``addresses`` /
  ``groups`` replace the whole list, ``add_*`` / ``remove_*`` add or remove items (applied in that order).
* ``delete_contact``, ``block_contact``, ``unblock_contact``, ``favorite_contact``, ``unfavorite_contact`` —
  ``contact_id``.
* ``add_to_group``, ``remove_from_group`` — ``contact_id``, ``group_name``. Groups exist implicitly while a
  contact belongs to them.
* ``merge_contacts`` — ``primary_contact_id`` absorbs ``secondary_contact_id`` (empty scalar fields filled,
  identifiers/addresses/groups united, blocked/favorite flags OR-ed); the secondary is deleted.

An identifier ``(identifier_type, value)`` belongs to at most one contact. Phone identifiers are normalised
(non-digits stripped, 10 digits → ``+1`` prefix, otherwise ``+`` prefix) and email identifiers must contain
``@``. Unknown contact ids fail the event (HTTP 200, ``status: "failed"``).
"""

from __future__ import annotations

import uuid
from datetime import date, datetime
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from services.ues.modalities.base import MAX_STRING_LENGTH, ExecutionError, Modality, ModalityInput, StrictBody
from services.ues.timeutil import EPOCH, AwareDatetime

ContactsOperation = Literal[
    "create_contact", "update_contact", "delete_contact", "block_contact", "unblock_contact",
    "favorite_contact", "unfavorite_contact", "add_to_group", "remove_from_group", "merge_contacts",
]
_NEEDS_CONTACT_ID = {"update_contact", "delete_contact", "block_contact", "unblock_contact", "favorite_contact",
                     "unfavorite_contact", "add_to_group", "remove_from_group"}
_FLAGS = {"block_contact": ("is_blocked", True), "unblock_contact": ("is_blocked", False),
          "favorite_contact": ("is_favorite", True), "unfavorite_contact": ("is_favorite", False)}
SCALAR_FIELDS = ("first_name", "last_name", "display_name", "nickname", "company", "job_title", "birthday", "notes",
                 "photo_url")


def normalize_phone(value: str) -> str:
    """E.164-like form (ues-api.md §6 item 9): digits only, 10 digits get ``+1``, others ``+``."""
    digits = "".join(ch for ch in value if ch.isdigit())
    if not digits:
        raise ValueError(f"phone identifier {value!r} contains no digits")
    return "+1" + digits if len(digits) == 10 else "+" + digits


class ContactIdentifier(BaseModel):
    """A phone number, email address or handle of a contact."""

    model_config = ConfigDict(extra="ignore", str_max_length=MAX_STRING_LENGTH)
    identifier_type: str = Field(min_length=1, max_length=64)
    value: str = Field(min_length=1, max_length=1024)
    label: str | None = None

    @model_validator(mode="after")
    def _normalise(self) -> ContactIdentifier:
        if not self.identifier_type.strip():
            raise ValueError("identifier_type must not be blank")
        if not self.value.strip():
            raise ValueError("value must not be blank")
        if self.identifier_type == "phone":
            self.value = normalize_phone(self.value)
        elif self.identifier_type == "email" and "@" not in self.value:
            raise ValueError(f"email identifier must contain '@', got {self.value!r}")
        return self

    @property
    def key(self) -> tuple[str, str]:
        return (self.identifier_type, self.value)


class PostalAddress(BaseModel):
    model_config = ConfigDict(extra="ignore", str_max_length=MAX_STRING_LENGTH)
    street: str | None = None
    city: str | None = None
    state: str | None = None
    postal_code: str | None = None
    country: str | None = None
    label: str | None = None


class Contact(BaseModel):
    model_config = ConfigDict(extra="ignore")
    contact_id: str = Field(min_length=1)
    first_name: str | None = None
    last_name: str | None = None
    display_name: str | None = None
    nickname: str | None = None
    identifiers: list[ContactIdentifier] = []
    company: str | None = None
    job_title: str | None = None
    addresses: list[PostalAddress] = []
    birthday: date | None = None
    notes: str | None = None
    photo_url: str | None = None
    is_favorite: bool = False
    is_blocked: bool = False
    groups: list[str] = []
    created_at: AwareDatetime
    updated_at: AwareDatetime

    @field_validator("groups")
    @classmethod
    def _as_set(cls, value: list[str]) -> list[str]:
        return sorted(set(value))

    def resolved_name(self) -> str:
        """display_name, else "First Last", else nickname, else the first identifier, else "Unknown"."""
        if self.display_name:
            return self.display_name
        name = " ".join(p for p in (self.first_name, self.last_name) if p)
        return name or self.nickname or (self.identifiers[0].value if self.identifiers else "Unknown")

    def view(self) -> dict[str, Any]:
        """API form: every field plus ``resolved_display_name``."""
        out = self.model_dump(mode="json")
        out["resolved_display_name"] = self.resolved_name()
        return out

    def has_identifier(self, identifier_type: str | None, value: str) -> bool:
        return any(i.value == value and (identifier_type is None or i.identifier_type == identifier_type)
                   for i in self.identifiers)


def _unique_identifiers(items: list[ContactIdentifier]) -> list[ContactIdentifier]:
    seen: set[tuple[str, str]] = set()
    out = []
    for item in items:
        if item.key not in seen:
            seen.add(item.key)
            out.append(item.model_copy())
    return out


class ContactChanges(StrictBody):
    """What a contacts input sets on a contact. The same fields make the request bodies of ``POST /contacts/update``
    and ``/contacts/create`` (routes/contacts.py), so a new contact field is added here and nowhere else."""

    contact_id: str | None = None
    first_name: str | None = None
    last_name: str | None = None
    display_name: str | None = None
    nickname: str | None = None
    identifiers: list[ContactIdentifier] | None = None
    add_identifiers: list[ContactIdentifier] | None = None
    remove_identifiers: list[ContactIdentifier] | None = None
    company: str | None = None
    job_title: str | None = None
    addresses: list[PostalAddress] | None = None
    add_addresses: list[PostalAddress] | None = None
    remove_addresses: list[PostalAddress] | None = None
    birthday: date | None = None
    notes: str | None = None
    photo_url: str | None = None
    is_favorite: bool | None = None
    is_blocked: bool | None = None
    groups: list[str] | None = None
    add_groups: list[str] | None = None
    remove_groups: list[str] | None = None


class _ContactsOperation(ModalityInput):
    modality_type: Literal["contacts"] = "contacts"
    operation: ContactsOperation


# Pydantic orders fields from the last base to the class itself: the event data's keys stay in their order (the
# operation, the changes, the rest).
class ContactsInput(ContactChanges, _ContactsOperation):
    group_name: str | None = None
    primary_contact_id: str | None = None
    secondary_contact_id: str | None = None

    def check(self) -> None:
        op = self.operation
        if op == "create_contact" and not self.identifiers:
            raise ValueError("identifiers must contain at least one identifier for create_contact")
        if op in _NEEDS_CONTACT_ID and not self.contact_id:
            raise ValueError(f"contact_id is required for {op}")
        if op in ("add_to_group", "remove_from_group") and not (self.group_name and self.group_name.strip()):
            raise ValueError(f"group_name is required for {op}")
        if op == "merge_contacts":
            if not self.primary_contact_id:
                raise ValueError("primary_contact_id is required for merge_contacts")
            if not self.secondary_contact_id:
                raise ValueError("secondary_contact_id is required for merge_contacts")
            if self.primary_contact_id == self.secondary_contact_id:
                raise ValueError("primary_contact_id and secondary_contact_id must be different")


class ContactsDump(BaseModel):
    model_config = ConfigDict(extra="ignore")
    last_updated: AwareDatetime = EPOCH
    update_count: int = Field(default=0, ge=0)
    contacts: dict[str, Contact] = {}


class ContactsState(Modality):
    modality_type: ClassVar[str] = "contacts"
    input_model: ClassVar[type[ModalityInput]] = ContactsInput

    def __init__(self, last_updated: datetime, update_count: int = 0, *,
                 contacts: dict[str, Contact] | None = None) -> None:
        super().__init__(last_updated, update_count)
        self.contacts: dict[str, Contact] = contacts or {}

    # ------------------------------------------------------------------ transfer
    @classmethod
    def empty(cls, now: datetime, previous: Modality | None = None) -> ContactsState:
        return cls(now)

    @classmethod
    def load(cls, data: dict[str, Any]) -> ContactsState:
        dump = ContactsDump.model_validate(data)
        return cls(dump.last_updated, dump.update_count, contacts=dict(dump.contacts))

    def dump(self) -> dict[str, Any]:
        out = self.base_dump()
        out["contacts"] = {k: c.model_dump(mode="json") for k, c in self.contacts.items()}
        return out

    # ------------------------------------------------------------------ execution
    def apply(self, inp: ModalityInput) -> None:
        """Every branch validates first and mutates last, so a failure leaves the state untouched."""
        assert isinstance(inp, ContactsInput)
        op = inp.operation
        if op == "create_contact":
            self._create(inp)
        elif op == "merge_contacts":
            self._merge(inp)
        else:
            contact = self._get(inp.contact_id)
            if op == "update_contact":
                self.contacts[contact.contact_id] = self._updated(contact, inp)
            elif op == "delete_contact":
                del self.contacts[contact.contact_id]
            elif op in _FLAGS:
                name, value = _FLAGS[op]
                setattr(contact, name, value)
                contact.updated_at = inp.timestamp
            elif op == "add_to_group":
                contact.groups = sorted({*contact.groups, inp.group_name or ""})
                contact.updated_at = inp.timestamp
            elif op == "remove_from_group":
                contact.groups = [g for g in contact.groups if g != inp.group_name]
                contact.updated_at = inp.timestamp
        self.touch(inp.timestamp)

    def _get(self, contact_id: str | None) -> Contact:
        contact = self.contacts.get(contact_id or "")
        if contact is None:
            raise ExecutionError(f"Contact {contact_id} not found")
        return contact

    def _check_unique(self, identifiers: list[ContactIdentifier], owner: str | None) -> None:
        for ident in identifiers:
            for cid, other in self.contacts.items():
                if cid != owner and other.has_identifier(ident.identifier_type, ident.value):
                    raise ExecutionError(f"Identifier {ident.identifier_type}:{ident.value} already belongs to "
                                         f"contact {cid} ({other.resolved_name()})")

    def _create(self, inp: ContactsInput) -> None:
        if inp.contact_id is None:
            inp.contact_id = str(uuid.uuid4())
        if inp.contact_id in self.contacts:
            raise ExecutionError(f"Contact {inp.contact_id} already exists")
        identifiers = _unique_identifiers(inp.identifiers or [])
        self._check_unique(identifiers, None)
        self.contacts[inp.contact_id] = Contact.model_construct(
            contact_id=inp.contact_id, identifiers=identifiers,
            addresses=[a.model_copy() for a in inp.addresses or []], is_favorite=bool(inp.is_favorite),
            is_blocked=bool(inp.is_blocked), groups=sorted(set(inp.groups or [])), created_at=inp.timestamp,
            updated_at=inp.timestamp, **{name: getattr(inp, name) for name in SCALAR_FIELDS})

    def _updated(self, contact: Contact, inp: ContactsInput) -> Contact:
        """The contact after ``inp`` (a new object; the stored one is untouched until committed)."""
        new = contact.model_copy(deep=True)
        for name in (*SCALAR_FIELDS, "is_favorite", "is_blocked"):
            value = getattr(inp, name)
            if value is not None:
                setattr(new, name, value)
        identifiers = list(new.identifiers) if inp.identifiers is None else list(inp.identifiers)
        identifiers.extend(inp.add_identifiers or [])
        removed = {i.key for i in inp.remove_identifiers or []}
        new.identifiers = _unique_identifiers([i for i in identifiers if i.key not in removed])
        if not new.identifiers:
            raise ExecutionError(f"Contact {contact.contact_id} must keep at least one identifier")
        self._check_unique(new.identifiers, contact.contact_id)
        addresses = list(new.addresses) if inp.addresses is None else list(inp.addresses)
        for address in inp.add_addresses or []:
            if address not in addresses:
                addresses.append(address)
        drop = list(inp.remove_addresses or [])
        new.addresses = [a.model_copy() for a in addresses if a not in drop]
        groups = set(new.groups) if inp.groups is None else set(inp.groups)
        new.groups = sorted((groups | set(inp.add_groups or [])) - set(inp.remove_groups or []))
        new.updated_at = inp.timestamp
        return new

    def _merge(self, inp: ContactsInput) -> None:
        primary = self._get(inp.primary_contact_id)
        secondary = self._get(inp.secondary_contact_id)
        merged = primary.model_copy(deep=True)
        for name in SCALAR_FIELDS:
            if not getattr(merged, name) and getattr(secondary, name):
                setattr(merged, name, getattr(secondary, name))
        merged.identifiers = _unique_identifiers([*merged.identifiers, *secondary.identifiers])
        for address in secondary.addresses:
            if address not in merged.addresses:
                merged.addresses.append(address.model_copy())
        merged.groups = sorted({*merged.groups, *secondary.groups})
        merged.is_blocked = merged.is_blocked or secondary.is_blocked
        merged.is_favorite = merged.is_favorite or secondary.is_favorite
        merged.updated_at = inp.timestamp
        del self.contacts[secondary.contact_id]
        self.contacts[merged.contact_id] = merged

    # ------------------------------------------------------------------ queries
    def all_groups(self) -> dict[str, int]:
        """Group name -> member count, sorted by name."""
        counts: dict[str, int] = {}
        for contact in self.contacts.values():
            for group in contact.groups:
                counts[group] = counts.get(group, 0) + 1
        return dict(sorted(counts.items()))

    @property
    def favorites_count(self) -> int:
        return sum(1 for c in self.contacts.values() if c.is_favorite)

    @property
    def blocked_count(self) -> int:
        return sum(1 for c in self.contacts.values() if c.is_blocked)

    # ------------------------------------------------------------------ inspection
    def validate_state(self) -> list[str]:
        errors = []
        owners: dict[tuple[str, str], str] = {}
        for cid, contact in self.contacts.items():
            if cid != contact.contact_id:
                errors.append(f"contact key {cid} differs from its contact_id {contact.contact_id}")
            if not contact.identifiers:
                errors.append(f"contact {cid} ({contact.resolved_name()}) has no identifiers")
            for ident in contact.identifiers:
                if ident.key in owners and owners[ident.key] != cid:
                    errors.append(f"identifier {ident.identifier_type}:{ident.value} belongs to contacts "
                                  f"{owners[ident.key]} and {cid}")
                owners.setdefault(ident.key, cid)
        return errors

    def summary(self) -> str:
        total = len(self.contacts)
        if total == 0:
            return "No contacts"
        parts = [f"{total} contact{'s' if total != 1 else ''}"]
        if self.favorites_count:
            parts.append(f"{self.favorites_count} favorite{'s' if self.favorites_count != 1 else ''}")
        if self.blocked_count:
            parts.append(f"{self.blocked_count} blocked")
        return ", ".join(parts)

    def compact(self) -> dict[str, Any]:
        out = super().compact()
        recent = sorted(self.contacts.values(), key=lambda c: c.updated_at, reverse=True)[:5]
        out.update({"summary": self.summary(), "total_contacts": len(self.contacts),
                    "favorites_count": self.favorites_count, "blocked_count": self.blocked_count,
                    "groups": self.all_groups(),
                    "recent_contacts": [{"contact_id": c.contact_id, "name": c.resolved_name(),
                                         "updated_at": c.updated_at.isoformat()} for c in recent]})
        return out
