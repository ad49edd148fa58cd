"""Email: messages, threads, folders and labels (ues-api.md §3.3)."""

from __future__ import annotations

import bisect
import re
import uuid
from collections.abc import Iterable
from datetime import datetime
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from services.ues.modalities.base import ExecutionError, Modality, ModalityInput, StrictBody, construct
from services.ues.timeutil import EPOCH, AwareDatetime, parse_dt

STANDARD_FOLDERS = ("inbox", "sent", "drafts", "trash", "spam", "archive")
_ADDRESS = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")

EmailOperation = Literal[
    "receive", "send", "reply", "reply_all", "forward", "save_draft", "send_draft", "mark_read", "mark_unread",
    "star", "unstar", "move", "delete", "archive", "add_label", "remove_label", "mark_spam", "mark_not_spam",
]
_CREATING = {"receive", "send", "save_draft", "reply", "reply_all", "forward"}
_BULK = {"mark_read", "mark_unread", "star", "unstar", "move", "delete", "archive", "add_label", "remove_label",
         "mark_spam", "mark_not_spam"}


class Attachment(StrictBody):
    filename: str
    size: int = Field(gt=0)
    mime_type: str
    content_id: str | None = None
    attachment_id: str = Field(default_factory=lambda: str(uuid.uuid4()))


class Email(BaseModel):
    model_config = ConfigDict(extra="ignore")
    message_id: str
    thread_id: str
    from_address: str
    to_addresses: list[str]
    cc_addresses: list[str] = []
    bcc_addresses: list[str] = []
    reply_to_address: str | None = None
    subject: str
    body_text: str
    body_html: str | None = None
    attachments: list[Attachment] = []
    in_reply_to: str | None = None
    references: list[str] = []
    sent_at: AwareDatetime
    received_at: AwareDatetime
    is_read: bool = False
    is_starred: bool = False
    priority: Literal["high", "normal", "low"] = "normal"
    folder: str = "inbox"
    labels: list[str] = []

    def summary(self) -> dict[str, Any]:
        preview = self.body_text if len(self.body_text) <= 100 else self.body_text[:100] + "..."
        return {"message_id": self.message_id, "thread_id": self.thread_id, "from_address": self.from_address,
                "to_addresses": self.to_addresses, "subject": self.subject, "sent_at": self.sent_at.isoformat(),
                "received_at": self.received_at.isoformat(), "is_read": self.is_read,
                "is_starred": self.is_starred, "folder": self.folder, "has_attachments": bool(self.attachments),
                "attachment_count": len(self.attachments), "body_preview": preview}


class EmailThread(BaseModel):
    model_config = ConfigDict(extra="ignore")
    thread_id: str
    subject: str
    participant_addresses: list[str] = []
    message_ids: list[str] = []
    created_at: AwareDatetime
    last_message_at: AwareDatetime
    message_count: int = 0
    unread_count: int = 0


class EmailInput(ModalityInput):
    modality_type: Literal["email"] = "email"
    operation: EmailOperation
    message_id: str | None = None
    message_ids: list[str] | None = None
    from_address: str | None = None
    to_addresses: list[str] | None = None
    cc_addresses: list[str] | None = None
    bcc_addresses: list[str] | None = None
    reply_to_address: str | None = None
    subject: str | None = None
    body_text: str | None = None
    body_html: str | None = None
    attachments: list[Attachment] | None = None
    thread_id: str | None = None
    in_reply_to: str | None = None
    references: list[str] | None = None
    priority: Literal["high", "normal", "low"] = "normal"
    folder: str | None = None
    labels: list[str] | None = None
    is_draft: bool = False

    def check(self) -> None:
        op = self.operation
        if op in ("send", "receive", "save_draft", "reply", "reply_all", "forward"):
            if not self.from_address:
                raise ValueError("from_address is required")
            if not self.to_addresses:
                raise ValueError("to_addresses must contain at least one address")
            if op in ("send", "receive", "save_draft"):
                if not self.subject:
                    raise ValueError("subject must not be empty")
                if not self.body_text:
                    raise ValueError("body_text must not be empty")
            fields = [("from_address", [self.from_address]), ("to_addresses", self.to_addresses),
                      ("cc_addresses", self.cc_addresses or []), ("bcc_addresses", self.bcc_addresses or [])]
            if self.reply_to_address:
                fields.append(("reply_to_address", [self.reply_to_address]))
            for name, addresses in fields:
                for address in addresses:
                    if not _ADDRESS.match(address):
                        raise ValueError(f"{name}: invalid email address {address!r}")
        if op in ("reply", "reply_all", "forward") and not self.in_reply_to:
            raise ValueError(f"in_reply_to is required for {op}")
        if op == "send_draft" and not self.message_id:
            raise ValueError("message_id is required for send_draft")
        if op in _BULK and not (self.message_id or self.message_ids):
            raise ValueError(f"message_id or message_ids is required for {op}")
        if op == "move" and not self.folder:
            raise ValueError("folder is required for move")
        if op in ("add_label", "remove_label") and not self.labels:
            raise ValueError("labels must contain at least one label")


class EmailState(Modality):
    modality_type: ClassVar[str] = "email"
    input_model: ClassVar[type[ModalityInput]] = EmailInput

    def __init__(self, last_updated: datetime, update_count: int = 0, *, user_email_address: str,
                 emails: dict[str, Email] | None = None, threads: dict[str, EmailThread] | None = None,
                 folders: dict[str, list[str]] | None = None, labels: dict[str, list[str]] | None = None,
                 drafts: dict[str, Email] | None = None) -> None:
        super().__init__(last_updated, update_count)
        self.user_email_address = user_email_address
        self.emails: dict[str, Email] = emails or {}
        self.threads: dict[str, EmailThread] = threads or {}
        self.folders: dict[str, list[str]] = folders or {}
        for name in STANDARD_FOLDERS:
            self.folders.setdefault(name, [])
        self.labels: dict[str, list[str]] = labels or {}
        self.drafts: dict[str, Email] = drafts or {}
        # Lower-cased search fields, so that substring queries over large mailboxes stay cheap.
        self._search: dict[str, tuple[str, str, str, str]] = {}
        self._index: tuple[list[str], list[tuple[str, list[int]]]] | None = None
        self._pos: dict[str, int] | None = None
        self._unknown_ids_fail = True  # real-UES mode: see ignore_unknown_ids

    def ignore_unknown_ids(self) -> None:
        """Let a bulk operation none of whose ids exists "execute" without effect, as real UES does (§3.3)."""
        self._unknown_ids_fail = False

    # ------------------------------------------------------------------ transfer
    @classmethod
    def empty(cls, now: datetime, previous: Modality | None = None) -> EmailState:
        address = previous.user_email_address if isinstance(previous, EmailState) else "user@example.com"
        return cls(now, user_email_address=address)

    @classmethod
    def load(cls, data: dict[str, Any]) -> EmailState:
        emails = {k: Email.model_validate(v) for k, v in (data.get("emails") or {}).items()}
        drafts = {k: emails.get(k) or Email.model_validate(v) for k, v in (data.get("drafts") or {}).items()}
        threads = {k: EmailThread.model_validate(v) for k, v in (data.get("threads") or {}).items()}
        folders = {str(k): list(v) for k, v in (data.get("folders") or {}).items()}
        labels = {str(k): list(v) for k, v in (data.get("labels") or {}).items()}
        last = data.get("last_updated")
        return cls(parse_dt(last) if last else EPOCH, int(data.get("update_count", 0)),
                   user_email_address=str(data.get("user_email_address") or "user@example.com"),
                   emails=emails, threads=threads, folders=folders, labels=labels, drafts=drafts)

    def dump(self) -> dict[str, Any]:
        out = self.base_dump()
        out.update({
            "emails": {k: e.model_dump(mode="json") for k, e in self.emails.items()},
            "threads": {k: t.model_dump(mode="json") for k, t in self.threads.items()},
            "folders": {k: list(v) for k, v in self.folders.items()},
            "labels": {k: list(v) for k, v in self.labels.items()},
            "drafts": {k: e.model_dump(mode="json") for k, e in self.drafts.items()},
            "user_email_address": self.user_email_address,
        })
        return out

    # ------------------------------------------------------------------ execution
    def apply(self, inp: ModalityInput) -> None:
        assert isinstance(inp, EmailInput)
        op = inp.operation
        if op in _CREATING:
            self._create(inp)
        elif op == "send_draft":
            email = self.drafts.pop(inp.message_id or "", None)
            if email is None:
                raise ExecutionError(f"Draft {inp.message_id} not found")
            self._move(email, "sent")
            email.sent_at = email.received_at = inp.timestamp
            email.is_read = True
        else:
            # The validator guarantees message_ids or message_id for every bulk operation.
            ids = list(inp.message_ids or []) or ([inp.message_id] if inp.message_id is not None else [])
            found = [self.emails[i] for i in ids if i in self.emails]
            if not found and self._unknown_ids_fail:
                # Real UES silently "executes" this; reporting it lets the caller see its mistake.
                raise ExecutionError(f"No email found with id(s): {', '.join(map(str, ids[:5]))}")
            for email in found:
                self._bulk(op, email, inp)
        self.touch(inp.timestamp)

    def _create(self, inp: EmailInput) -> None:
        op = inp.operation
        if inp.message_id is None:
            inp.message_id = str(uuid.uuid4())
        if inp.message_id in self.emails:
            raise ExecutionError(f"Email {inp.message_id} already exists")
        parent = None
        if op in ("reply", "reply_all", "forward"):
            parent = self.emails.get(inp.in_reply_to or "")
            if parent is None:
                raise ExecutionError(f"Original email {inp.in_reply_to} not found")
        if inp.thread_id is None:
            inp.thread_id = parent.thread_id if parent and op != "forward" else f"thread-{inp.message_id}"
        folder = {"receive": "inbox", "save_draft": "drafts"}.get(op, "sent")
        subject = inp.subject
        references = list(inp.references or [])
        attachments = list(inp.attachments or [])
        if parent is not None:
            if not subject:
                prefix = "Fwd: " if op == "forward" else "Re: "
                subject = parent.subject if parent.subject.startswith(prefix) else prefix + parent.subject
            if op != "forward":
                references = [*list(parent.references), parent.message_id]
            elif not attachments:
                attachments = [a.model_copy() for a in parent.attachments]
        body = inp.body_text if inp.body_text else (parent.body_text if parent and op == "forward" else "")
        email = construct(Email, dict(
            message_id=inp.message_id, thread_id=inp.thread_id, from_address=inp.from_address or "",
            to_addresses=list(inp.to_addresses or []), cc_addresses=list(inp.cc_addresses or []),
            bcc_addresses=list(inp.bcc_addresses or []), reply_to_address=inp.reply_to_address,
            subject=subject or "", body_text=body, body_html=inp.body_html, attachments=attachments,
            in_reply_to=inp.in_reply_to, references=references, sent_at=inp.timestamp,
            received_at=inp.timestamp, is_read=op != "receive", is_starred=False, priority=inp.priority,
            folder=folder, labels=list(inp.labels or []) if op == "receive" else [],
        ))
        self.emails[email.message_id] = email
        self.folders.setdefault(folder, []).append(email.message_id)
        for label in email.labels:
            self.labels.setdefault(label, []).append(email.message_id)
        if op == "save_draft":
            self.drafts[email.message_id] = email
        self._thread_add(email)

    def _thread_add(self, email: Email) -> None:
        thread = self.threads.get(email.thread_id)
        if thread is None:
            thread = construct(EmailThread, dict(
                thread_id=email.thread_id, subject=email.subject, participant_addresses=[], message_ids=[],
                created_at=email.received_at, last_message_at=email.received_at, message_count=0,
                unread_count=0))
            self.threads[email.thread_id] = thread
        for address in [email.from_address, *email.to_addresses, *email.cc_addresses]:
            if address not in thread.participant_addresses:
                thread.participant_addresses.append(address)
        thread.message_ids.append(email.message_id)
        thread.message_count += 1
        thread.last_message_at = max(thread.last_message_at, email.received_at)
        if not email.is_read:
            thread.unread_count += 1

    def _move(self, email: Email, folder: str) -> None:
        old = self.folders.get(email.folder)
        if old is not None and email.message_id in old:
            old.remove(email.message_id)
        self.folders.setdefault(folder, []).append(email.message_id)
        email.folder = folder

    def _set_read(self, email: Email, read: bool) -> None:
        if email.is_read == read:
            return
        email.is_read = read
        thread = self.threads.get(email.thread_id)
        if thread is not None:
            thread.unread_count = max(0, thread.unread_count + (-1 if read else 1))

    def _bulk(self, op: str, email: Email, inp: EmailInput) -> None:
        if op in ("mark_read", "mark_unread"):
            self._set_read(email, op == "mark_read")
        elif op in ("star", "unstar"):
            email.is_starred = op == "star"
        elif op in ("archive", "delete", "mark_spam", "mark_not_spam", "move"):
            target = {"archive": "archive", "delete": "trash", "mark_spam": "spam",
                      "mark_not_spam": "inbox"}.get(op) or inp.folder or "inbox"
            self._move(email, target)
        elif op == "add_label":
            for label in inp.labels or []:
                if label not in email.labels:
                    email.labels.append(label)
                    self.labels.setdefault(label, []).append(email.message_id)
        elif op == "remove_label":
            for label in inp.labels or []:
                if label in email.labels:
                    email.labels.remove(label)
                    members = self.labels.get(label, [])
                    if email.message_id in members:
                        members.remove(email.message_id)

    # ------------------------------------------------------------------ inspection
    def validate_state(self) -> list[str]:
        errors = []
        placed: dict[str, str] = {}
        for folder, ids in self.folders.items():
            for message_id in ids:
                if message_id not in self.emails:
                    errors.append(f"folder '{folder}' references missing email {message_id}")
                elif message_id in placed:
                    errors.append(f"email {message_id} is in two folders ('{placed[message_id]}', '{folder}')")
                else:
                    placed[message_id] = folder
        for message_id in self.emails:
            if message_id not in placed:
                errors.append(f"email {message_id} is in no folder")
        for label, ids in self.labels.items():
            errors.extend(f"label '{label}' references missing email {i}" for i in ids if i not in self.emails)
        for thread in self.threads.values():
            errors.extend(f"thread {thread.thread_id} references missing email {i}"
                          for i in thread.message_ids if i not in self.emails)
        return errors

    @property
    def unread_count(self) -> int:
        return sum(1 for e in self.emails.values() if not e.is_read)

    def summary(self) -> str:
        return f"{len(self.emails)} emails ({self.unread_count} unread) in {len(self.threads)} threads"

    def compact(self) -> dict[str, Any]:
        out = super().compact()
        out.update({"user_email_address": self.user_email_address, "total_emails": len(self.emails),
                    "unread": self.unread_count, "threads": len(self.threads),
                    "folders": {k: len(v) for k, v in self.folders.items()}})
        return out

    # ------------------------------------------------------------------ query
    def _corpus(self) -> tuple[list[str], list[tuple[str, list[int]]]]:
        """Per searchable field, all emails' lower-cased values joined by NUL, plus each value's offset.

        Substring filters then run as C-level ``str.find`` over one string instead of a Python loop over
        every email: a 20 000-message mailbox answers in about a millisecond. Emails are only ever added
        and their text never changes, so the corpus is rebuilt only when the count grows.
        """
        if self._index is None or len(self._index[0]) != len(self.emails):
            ids = list(self.emails)
            rows = [self.search_fields(self.emails[i]) for i in ids]
            fields = []
            for column in range(4):
                starts, offset = [], 0
                for row in rows:
                    starts.append(offset)
                    offset += len(row[column]) + 1
                fields.append(("\x00".join(row[column] for row in rows), starts))
            self._index = (ids, fields)
        return self._index

    def _substring_candidates(self, filters: list[tuple[int, str]]) -> list[Email]:
        ids, fields = self._corpus()
        column, needle = min(filters, key=lambda f: fields[f[0]][0].count(f[1]))
        hay, starts = fields[column]
        out, pos, last = [], hay.find(needle), -1
        while pos != -1:
            index = bisect.bisect_right(starts, pos) - 1
            if index != last:
                out.append(self.emails[ids[index]])
                last = index
            pos = hay.find(needle, starts[index + 1]) if index + 1 < len(starts) else -1
        return out

    def _positions(self) -> dict[str, int]:
        """message_id -> insertion index; emails are only ever added, so the count tells when to rebuild."""
        if self._pos is None or len(self._pos) != len(self.emails):
            self._pos = {message_id: i for i, message_id in enumerate(self.emails)}
        return self._pos

    def query(self, *, folder: str | None = None, is_read: bool | None = None, is_starred: bool | None = None,
              from_address: str | None = None, to_address: str | None = None, subject_contains: str | None = None,
              body_contains: str | None = None, has_attachments: bool | None = None,
              labels: list[str] | None = None, thread_id: str | None = None, priority: str | None = None,
              sent_after: datetime | None = None, sent_before: datetime | None = None,
              received_after: datetime | None = None, received_before: datetime | None = None,
              sort_by: str | None = None, sort_order: str = "desc") -> list[Email]:
        """Emails matching every given filter (ues-api.md §3.3), in insertion order unless sorted.

        Substring filters are case-insensitive; ``to_address`` looks at ``to_addresses`` only; date bounds
        are inclusive. Only recognised ``sort_by`` keys sort, like real UES (§6 item 5).
        """
        substrings = [(i, v.lower()) for i, v in enumerate((from_address, to_address, subject_contains,
                                                             body_contains)) if v]
        if substrings and not any("\x00" in v for _, v in substrings):
            candidates: Iterable[Email] = self._substring_candidates(substrings)
        elif folder is not None:
            # Results are in insertion order like real UES, but a folder list is in order of arrival *in that
            # folder*: iterating it as is put moved (archived, deleted, …) emails out of order.
            pos = self._positions()
            candidates = [self.emails[i] for i in sorted((i for i in self.folders.get(folder, ()) if i in pos),
                                                         key=pos.__getitem__)]
        else:
            candidates = self.emails.values()
        matched = []
        for e in candidates:
            if substrings:
                row = self.search_fields(e)
                if not all(v in row[i] for i, v in substrings):
                    continue
            if ((folder is not None and e.folder != folder)
                    or (is_read is not None and e.is_read != is_read)
                    or (is_starred is not None and e.is_starred != is_starred)
                    or (has_attachments is not None and bool(e.attachments) != has_attachments)
                    or (thread_id is not None and e.thread_id != thread_id)
                    or (priority is not None and e.priority != priority)
                    or (labels and not all(label in e.labels for label in labels))
                    or (received_after is not None and e.received_at < received_after)
                    or (received_before is not None and e.received_at > received_before)
                    or (sent_after is not None and e.sent_at < sent_after)
                    or (sent_before is not None and e.sent_at > sent_before)):
                continue
            matched.append(e)
        # Exactly real UES's keys (ues-api.md §3.3): "sent_at"/"received_at" do NOT sort there, and sorting on
        # them here would make limit/offset pick different emails than real UES does.
        sort_keys = {"date": lambda e: e.received_at, "from": lambda e: e.from_address.lower(),
                     "subject": lambda e: e.subject.lower()}
        if sort_by in sort_keys:
            matched.sort(key=sort_keys[sort_by], reverse=sort_order == "desc")
        return matched

    def search_fields(self, email: Email) -> tuple[str, str, str, str]:
        """(from, to, subject, body) lower-cased, cached per message."""
        # Addresses, subject and body never change after creation, so the cache needs no invalidation.
        cached = self._search.get(email.message_id)
        if cached is None:
            cached = (email.from_address.lower(), "\x00".join(email.to_addresses).lower(),
                      email.subject.lower(), email.body_text.lower())
            self._search[email.message_id] = cached
        return cached
