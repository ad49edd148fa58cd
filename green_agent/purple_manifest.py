"""What this green needs of a purple's Amber manifest (``purple-agent check --manifest FILE``).

On AgentBeats a purple runs as a component of the leaderboard's ``scenario.json5`` (deploy/agentbeats/), described by
its own Amber manifest (RDI-Foundation/amber, compiler/manifest/README.md). The scenario binds two things of it, by
name, and runs it as the manifest says:

* ``exports.a2a`` → the gateway's purple slot: an ``a2a`` capability the purple provides on a declared endpoint;
* the green's world gateway → ``slots.ues`` (kind ``http``): the purple reaches its world only through that slot,
  whose URL Amber gives the program (``${slots.ues.url}``; our purples read it as ``PURPLE_UES_URL``, protocol.md §4);
* ``program.entrypoint`` is run *instead of* the image's ENTRYPOINT (Amber's Docker Compose output sets the
  service's entrypoint), so it must start the purple in full, listening on every interface;
* ``program.image`` pinned: a leaderboard's results name what ran, and a moving tag makes two runs different purples.

Each problem found is a ``ManifestProblem``: the field, and a sentence saying what is wrong and what to write. The
check reads the file alone: it runs neither Amber nor the image.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

import json5
from pydantic import BaseModel, ConfigDict

# The scenario's names for what it binds of a purple (deploy/agentbeats/scenario.json5).
A2A_CAPABILITY = "a2a"
WORLD_SLOT = "ues"
WORLD_SLOT_KIND = "http"
WORLD_URL_ENV = "PURPLE_UES_URL"  # what our purples (services/purple/world_url.py) read the slot's URL from
# Amber's top-level fields (compiler/manifest/README.md, "Top-level schema"); it rejects any other.
TOP_LEVEL = frozenset({"manifest_version", "experimental_features", "program", "components", "use", "config_schema",
                       "slots", "resources", "provides", "bindings", "overlays", "exports", "metadata"})
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})
_SEMVER = re.compile(r"^(\d+)\.(\d+)\.(\d+)$")
_EXAMPLE_ENTRYPOINT = "python /app/agent.py --host 0.0.0.0 --port 9019"

Report = Callable[[str, str], None]  # (where, message): one problem found


class ManifestProblem(BaseModel):
    """One thing the manifest lacks or gets wrong: the field (``program.image``), and what to do about it."""

    model_config = ConfigDict(frozen=True)

    where: str
    message: str

    def line(self) -> str:
        """The problem as one printed line."""
        return f"{self.where}: {self.message}"


def read_manifest(path: Path) -> tuple[dict[str, Any] | None, list[ManifestProblem]]:
    """The manifest in ``path`` (None with the problem when it is not one JSON5 object). OSError when the file
    cannot be read: the check's caller named a file that is not there."""
    text = path.read_text(encoding="utf-8")
    try:
        manifest = json5.loads(text)
    except ValueError as exc:
        return None, [ManifestProblem(where=path.name, message=f"not JSON5: {exc}")]
    if not isinstance(manifest, dict):
        return None, [ManifestProblem(where=path.name, message="a manifest is one JSON5 object")]
    return manifest, []


def check_manifest(path: Path) -> list[ManifestProblem]:
    """Every problem of the manifest in ``path`` (empty: a purple this green can be assessed with under Amber)."""
    manifest, problems = read_manifest(path)
    return problems if manifest is None else manifest_problems(manifest)


def manifest_problems(manifest: dict[str, Any]) -> list[ManifestProblem]:
    """Every problem of a parsed manifest, in the order of its fields."""
    found: list[ManifestProblem] = []

    def problem(where: str, message: str) -> None:
        found.append(ManifestProblem(where=where, message=message))

    _version(manifest.get("manifest_version"), problem)
    for name in sorted(set(manifest) - TOP_LEVEL):
        problem(name, "not a field of an Amber manifest (Amber rejects it)")
    program = manifest.get("program")
    endpoints: dict[str, Any] = {}
    if not isinstance(program, dict):
        problem("program", "missing: the purple's container — image, entrypoint, network endpoint — is declared here")
    else:
        endpoints = _program(program, problem)
    _a2a(manifest, endpoints, problem)
    _slots(manifest, program if isinstance(program, dict) else {}, problem)
    return found


# ------------------------------------------------------------------------------------------------ the parts
def _version(version: Any, problem: Report) -> None:
    match = _SEMVER.match(version) if isinstance(version, str) else None
    if match is None:
        problem("manifest_version", f"must be a version such as \"0.1.0\", got {json.dumps(version)}")
    elif not (0, 1, 0) <= tuple(map(int, match.groups())) < (1, 0, 0):
        problem("manifest_version", f"{version} is outside what Amber reads (>= 0.1.0, < 1.0.0)")


def _program(program: dict[str, Any], problem: Report) -> dict[str, Any]:
    """Check the program; return its endpoints by name."""
    image = program.get("image")
    if not isinstance(image, str) or not image.strip():
        problem("program.image", "missing: the purple's container image, with a released tag or a digest")
    else:
        _pinned(image, problem)
    tokens = _entrypoint(program.get("entrypoint"), problem)
    endpoints: dict[str, Any] = {}
    network = program.get("network")
    listed = network.get("endpoints") if isinstance(network, dict) else None
    for i, endpoint in enumerate(listed if isinstance(listed, list) else []):
        name = endpoint.get("name") if isinstance(endpoint, dict) else None
        port = endpoint.get("port") if isinstance(endpoint, dict) else None
        if not isinstance(name, str) or not isinstance(port, int) or isinstance(port, bool):
            problem(f"program.network.endpoints[{i}]", "needs a name and a port, e.g. { name: \"endpoint\", "
                                                       "port: 9019 }")
        elif name in endpoints:
            problem(f"program.network.endpoints[{i}]", f"endpoint name {name!r} declared twice")
        else:
            endpoints[name] = port
    if not endpoints:
        problem("program.network.endpoints", "none declared: the purple's A2A server listens on one, e.g. "
                                             "network: { endpoints: [{ name: \"endpoint\", port: 9019 }] }")
    if tokens:
        _listening(tokens, endpoints, problem)
    return endpoints


def _pinned(image: str, problem: Report) -> None:
    if "${" in image or "@sha256:" in image:
        return  # a digest is pinned; an interpolated image is the scenario's choice
    name = image.rsplit("/", 1)[-1]
    if ":" not in name:
        problem("program.image", f"{image!r} names no tag, which means `latest`: pin a released tag or a digest (a "
                                 "leaderboard's results must name the purple that ran)")
    elif name.rsplit(":", 1)[1] == "latest":
        problem("program.image", f"{image!r} is `latest`, a tag that moves: pin a released tag or a digest (a "
                                 "leaderboard's results must name the purple that ran)")


def _entrypoint(entrypoint: Any, problem: Report) -> list[str]:
    """The entrypoint's words (conditional items of later manifest versions left out); [] after a problem."""
    how = (f"Amber runs it instead of the image's ENTRYPOINT, so it must start the purple in full, e.g. "
           f"\"{_EXAMPLE_ENTRYPOINT}\"")
    if entrypoint is None:
        problem("program.entrypoint", f"missing: {how}")
        return []
    if isinstance(entrypoint, str):
        try:
            tokens = shlex.split(entrypoint)
        except ValueError as exc:
            problem("program.entrypoint", f"cannot be split into words ({exc})")
            return []
    elif isinstance(entrypoint, list) and all(isinstance(item, str | dict) for item in entrypoint):
        tokens = [item for item in entrypoint if isinstance(item, str)]
    else:
        problem("program.entrypoint", "must be a string or a list of strings")
        return []
    if not tokens:
        problem("program.entrypoint", f"empty: {how}")
    elif tokens[0].startswith("-"):
        problem("program.entrypoint", f"starts with an option ({tokens[0]!r}), as if the image's ENTRYPOINT came "
                                      f"first: {how}")
    return tokens


def _option(tokens: list[str], name: str) -> str | None:
    """The value of ``--name VALUE`` or ``--name=VALUE`` among ``tokens`` (the last one given)."""
    value = None
    for i, token in enumerate(tokens):
        if token == name and i + 1 < len(tokens):
            value = tokens[i + 1]
        elif token.startswith(name + "="):
            value = token.split("=", 1)[1]
    return value


def _listening(tokens: list[str], endpoints: dict[str, Any], problem: Report) -> None:
    host = _option(tokens, "--host")
    if host in LOOPBACK:
        problem("program.entrypoint", f"--host {host} listens on the container's loopback alone, where no other "
                                      "component reaches it: use --host 0.0.0.0")
    port = _option(tokens, "--port")
    if port is not None and endpoints and port not in {str(p) for p in endpoints.values()}:
        ports = ", ".join(f"{name} {p}" for name, p in endpoints.items())
        problem("program.entrypoint", f"--port {port} is no declared endpoint's port ({ports}): Amber routes only "
                                      "to declared endpoints")


def _a2a(manifest: dict[str, Any], endpoints: dict[str, Any], problem: Report) -> None:
    provides = manifest.get("provides")
    provide = provides.get(A2A_CAPABILITY) if isinstance(provides, dict) else None
    if not isinstance(provide, dict):
        problem(f"provides.{A2A_CAPABILITY}", f"missing: the purple's A2A server, as the scenario binds it: "
                                              f"provides: {{ {A2A_CAPABILITY}: {{ kind: \"a2a\", endpoint: "
                                              f"\"endpoint\" }} }}")
    else:
        if provide.get("kind") != "a2a":
            problem(f"provides.{A2A_CAPABILITY}", f"kind must be \"a2a\", got {json.dumps(provide.get('kind'))}")
        endpoint = provide.get("endpoint")
        if endpoint not in endpoints:
            declared = ", ".join(map(repr, endpoints)) or "none"
            problem(f"provides.{A2A_CAPABILITY}", f"endpoint {json.dumps(endpoint)} is not a declared endpoint "
                                                  f"(program.network.endpoints: {declared})")
    exports = manifest.get("exports")
    target = exports.get(A2A_CAPABILITY) if isinstance(exports, dict) else None
    if target not in (A2A_CAPABILITY, f"provides.{A2A_CAPABILITY}", f"self.{A2A_CAPABILITY}"):
        problem(f"exports.{A2A_CAPABILITY}", f"must export the A2A capability under the name the scenario binds "
                                             f"(#<purple>.{A2A_CAPABILITY}): exports: {{ {A2A_CAPABILITY}: "
                                             f"\"provides.{A2A_CAPABILITY}\" }}; got {json.dumps(target)}")


def _slots(manifest: dict[str, Any], program: dict[str, Any], problem: Report) -> None:
    slots = manifest.get("slots")
    slots = slots if isinstance(slots, dict) else {}
    world = slots.get(WORLD_SLOT)
    how = (f"slots: {{ {WORLD_SLOT}: {{ kind: \"{WORLD_SLOT_KIND}\" }} }}, and the program reads its URL, e.g. env "
           f"{WORLD_URL_ENV}: \"${{slots.{WORLD_SLOT}.url}}\"")
    if not isinstance(world, dict):
        problem(f"slots.{WORLD_SLOT}", f"missing: the purple reaches its world only through this slot, which the "
                                       f"scenario binds to the green's world gateway: {how}")
    else:
        if world.get("kind") != WORLD_SLOT_KIND:
            problem(f"slots.{WORLD_SLOT}", f"kind must be \"{WORLD_SLOT_KIND}\" (the world gateway's), got "
                                           f"{json.dumps(world.get('kind'))}")
        if world.get("multiple"):
            problem(f"slots.{WORLD_SLOT}", "must not be `multiple`: the scenario binds one world gateway")
        uses = json.dumps([program.get("entrypoint"), program.get("env")])
        if f"${{slots.{WORLD_SLOT}" not in uses:
            problem(f"slots.{WORLD_SLOT}", f"the program never reads it (no ${{slots.{WORLD_SLOT}.url}} in its env or "
                                           f"entrypoint), so the purple would not know where its world is: {how}")
