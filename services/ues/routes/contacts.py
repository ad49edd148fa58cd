"""Contacts routes (ues-api.md §2.10; newest real UES).

Request bodies (the same as real UES's):

* ``POST /contacts/create`` — ``identifiers: [{identifier_type, value, label?}]`` (≥1, required) and optionally
  ``first_name, last_name, display_name, nickname, company, job_title, addresses: [{street, city, state,
  postal_code, country, label}], birthday (YYYY-MM-DD), notes, photo_url, is_favorite=false, is_blocked=false,
  groups: [str]``. The new ``contact_id`` is returned in the message: ``"Created contact: <name>
  (contact_id: <id>)"``.
* ``POST /contacts/update`` — ``contact_id`` (required); any create field (non-null ones replace; ``identifiers``,
  ``addresses`` and ``groups`` replace the whole list) plus ``add_identifiers, remove_identifiers, add_addresses,
  remove_addresses, add_groups, remove_groups``.
* ``POST /contacts/{delete,block,unblock,favorite,unfavorite}`` — ``{contact_id}``.
* ``POST /contacts/group/{add,remove}`` — ``{contact_id, group_name}``.
* ``POST /contacts/merge`` — ``{primary_contact_id, secondary_contact_id}``: the secondary is folded into the
  primary and deleted.
* ``POST /contacts/query`` — all optional: ``search_text`` (case-insensitive substring of names, company,
  job title, notes or identifier values), ``group``, ``is_favorite``, ``is_blocked``, ``has_phone``,
  ``has_email``, ``identifier_type``, ``identifier_value`` (exact; phones normalised), ``limit`` (1..1000),
  ``offset``. Insertion order.

Every action answers a ModalityActionResponse; unknown contact ids give HTTP 200 with ``status: "failed"``.
"""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request, Response
from pydantic import Field

from services.ues.auth import ApiKey, Permission
from services.ues.modalities.base import StrictBody
from services.ues.modalities.contacts import (
    Contact,
    ContactChanges,
    ContactIdentifier,
    ContactsInput,
    ContactsState,
    PostalAddress,
    normalize_phone,
)
from services.ues.routes.common import (
    act,
    action_response,
    body_fields,
    derived_body,
    echo,
    paginate,
    respond,
    sim,
    with_body,
)

router = APIRouter(prefix="/contacts", tags=["contacts"])


def _state(request: Request) -> ContactsState:
    mod = sim(request).modality("contacts")
    assert isinstance(mod, ContactsState)
    return mod


# The request bodies have no docstrings: a docstring would become their published schema's description.
class UpdateContact(ContactChanges):
    contact_id: str = Field(min_length=1)
    identifiers: list[ContactIdentifier] | None = Field(default=None, min_length=1, max_length=1000)


# A create sets the fields of a new contact: no id, nothing to add or remove, and these required or defaulted.
CreateContact = derived_body(
    "CreateContact", ContactChanges,
    omit=("contact_id", *(name for name in ContactChanges.model_fields if name.startswith(("add_", "remove_")))),
    identifiers=(list[ContactIdentifier], Field(min_length=1, max_length=1000)),
    addresses=(list[PostalAddress], Field(default=[], max_length=1000)),
    is_favorite=(bool, False),
    is_blocked=(bool, False),
    groups=(list[str], Field(default=[], max_length=1000)),
)


class ContactId(StrictBody):
    contact_id: str = Field(min_length=1)


class GroupBody(ContactId):
    group_name: str = Field(min_length=1, max_length=256)


class MergeBody(StrictBody):
    primary_contact_id: str = Field(min_length=1)
    secondary_contact_id: str = Field(min_length=1)


class ContactsQuery(StrictBody):
    search_text: str | None = None
    group: str | None = None
    is_favorite: bool | None = None
    is_blocked: bool | None = None
    has_phone: bool | None = None
    has_email: bool | None = None
    identifier_type: str | None = None
    identifier_value: str | None = None
    limit: int | None = Field(default=None, ge=1, le=1000)
    offset: int = Field(default=0, ge=0)


@router.get("/state")
async def contacts_state(request: Request, compact: bool = False,
                         key: ApiKey = Depends(Permission("contacts:state"))) -> Response:
    state = _state(request)
    now = sim(request).now.isoformat()
    if compact:
        return respond({**state.compact(), "current_time": now})
    return respond({"modality_type": "contacts", "current_time": now, "last_updated": state.last_updated.isoformat(),
                    "update_count": state.update_count,
                    "contacts": {k: c.view() for k, c in state.contacts.items()},
                    "total_count": len(state.contacts), "favorites_count": state.favorites_count,
                    "blocked_count": state.blocked_count, "groups": list(state.all_groups())})


def _matches_text(contact: Contact, text: str) -> bool:
    fields = (contact.first_name, contact.last_name, contact.display_name, contact.nickname, contact.company,
              contact.job_title, contact.notes)
    return (any(f and text in f.lower() for f in fields)
            or any(text in i.value.lower() for i in contact.identifiers))


def _wanted_values(identifier_type: str | None, value: str) -> set[str]:
    """The stored forms ``value`` may have: phones are stored normalised."""
    values = {value}
    if identifier_type in (None, "phone"):
        try:
            values.add(normalize_phone(value))
        except ValueError:
            pass
    return values


@router.post("/query")
async def contacts_query(body: ContactsQuery, request: Request,
                         key: ApiKey = Depends(Permission("contacts:query"))) -> Response:
    q = body
    text = q.search_text.lower() if q.search_text else None
    wanted = _wanted_values(q.identifier_type, q.identifier_value) if q.identifier_value else None
    matched = []
    for c in _state(request).contacts.values():
        types = {i.identifier_type for i in c.identifiers}
        if ((text is not None and not _matches_text(c, text))
                or (q.group is not None and q.group not in c.groups)
                or (q.is_favorite is not None and c.is_favorite != q.is_favorite)
                or (q.is_blocked is not None and c.is_blocked != q.is_blocked)
                or (q.has_phone is not None and ("phone" in types) != q.has_phone)
                or (q.has_email is not None and ("email" in types) != q.has_email)
                or (q.identifier_type is not None and wanted is None and q.identifier_type not in types)
                or (wanted is not None and not any(
                    i.value in wanted and (q.identifier_type is None or i.identifier_type == q.identifier_type)
                    for i in c.identifiers))):
            continue
        matched.append(c)
    page = paginate(matched, q.offset, q.limit)
    return respond({"modality_type": "contacts", "contacts": [c.view() for c in page], "total_count": len(matched),
                    "returned_count": len(page), "query": echo(q)})


@router.post("/create")
@with_body(CreateContact)
async def contacts_create(body: StrictBody, request: Request,
                          key: ApiKey = Depends(Permission("contacts:create"))) -> Response:
    fields = body_fields(body)
    event = act(request, key, ContactsInput, operation="create_contact", **fields)
    # The event's data is the ContactsInput built by act; the modality writes the generated id back into it.
    contact_id = event.data.contact_id if isinstance(event.data, ContactsInput) else None
    contact = _state(request).contacts.get(contact_id or "")
    name = contact.resolved_name() if contact is not None else fields["identifiers"][0].value
    return action_response(request, event, f"Created contact: {name} (contact_id: {contact_id})")


@router.post("/update")
async def contacts_update(body: UpdateContact, request: Request,
                          key: ApiKey = Depends(Permission("contacts:update"))) -> Response:
    event = act(request, key, ContactsInput, operation="update_contact", **body_fields(body))
    return action_response(request, event, f"Updated contact: {body.contact_id}")


def _simple(name: str, operation: str, verb: str) -> None:
    async def handler(body: ContactId, request: Request,
                      key: ApiKey = Depends(Permission(f"contacts:{name}"))) -> Response:
        event = act(request, key, ContactsInput, operation=operation, contact_id=body.contact_id)
        return action_response(request, event, f"{verb} contact: {body.contact_id}")

    handler.__name__ = f"contacts_{name}"
    router.add_api_route(f"/{name}", handler, methods=["POST"], name=f"contacts_{name}")


_simple("delete", "delete_contact", "Deleted")
_simple("block", "block_contact", "Blocked")
_simple("unblock", "unblock_contact", "Unblocked")
_simple("favorite", "favorite_contact", "Favorited")
_simple("unfavorite", "unfavorite_contact", "Unfavorited")


@router.post("/merge")
async def contacts_merge(body: MergeBody, request: Request,
                         key: ApiKey = Depends(Permission("contacts:merge"))) -> Response:
    event = act(request, key, ContactsInput, operation="merge_contacts", **body_fields(body))
    return action_response(request, event,
                           f"Merged contacts: {body.secondary_contact_id} into {body.primary_contact_id}")


@router.post("/group/add")
async def contacts_group_add(body: GroupBody, request: Request,
                             key: ApiKey = Depends(Permission("contacts:group:add"))) -> Response:
    event = act(request, key, ContactsInput, operation="add_to_group", **body_fields(body))
    return action_response(request, event, f"Added contact {body.contact_id} to group: {body.group_name}")


@router.post("/group/remove")
async def contacts_group_remove(body: GroupBody, request: Request,
                                key: ApiKey = Depends(Permission("contacts:group:remove"))) -> Response:
    event = act(request, key, ContactsInput, operation="remove_from_group", **body_fields(body))
    return action_response(request, event, f"Removed contact {body.contact_id} from group: {body.group_name}")
