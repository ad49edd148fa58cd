"""TEST-ONLY: an Amber-shaped topology on a real Docker engine, built from this repository's Amber manifests.

The Amber CLI cannot be installed here, so this reproduces what its docker-compose output gives a scenario
(RDI-Foundation/amber, ``compiler/src/targets/mesh/docker_compose`` and ``addressing.rs``, read as reference):

* **A container per component**, in the network namespace of the component's own router (``network_mode:
  container:<router>``; Amber's sidecar, ``service:<sidecar>``). It runs its manifest's ``entrypoint`` in place of
  the image's, and its ``env`` with ``${config.<key>}`` (the given config, else the schema's default),
  ``${slots.<slot>.url}`` and ``${slots}`` resolved.
* **Slots on loopback.** A bound slot is ``http://127.0.0.1:<port>`` in its consumer's namespace, the ports counted
  from 20000 in the order of the component's slots, as Amber allocates them. The consumer's router carries it to the
  provider's router on the mesh, which carries it to the capability's endpoint on its program's loopback. Nothing
  else is forwarded: a URL that names no slot leads nowhere.
* **One internal mesh** (``internal=True``: no egress, nothing published) joins the routers. Each router is known on
  it as ``<component>-net``; a program is reached only through a router's slot and capability ports.
* **Exports** (the scenario's ``exports``) come out through one more router, on the mesh and on a bridge network,
  published on the host's 127.0.0.1 (Amber's exports router and boundary network).

As in Amber's output, a program shares its router's namespace, so its own listening ports sit on the mesh too; no
component is told another's address, and nothing here uses one. Routers (``router.py``) and the gateway stand-in
(``gateway_standin.py``) run from this folder, copied into each container of the project image before it starts.
Every container, network and volume carries the caller's labels; ``down`` removes what ``up`` made.
"""

from __future__ import annotations

import io
import json
import re
import shlex
import tarfile
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import json5

HERE = Path(__file__).resolve().parent
# Where this folder's files are in every container of the topology.
IN_CONTAINER = "/opt/amber"
PYTHON = "/opt/venv/bin/python"
ROUTER = f"{IN_CONTAINER}/router.py"
STANDIN = f"{IN_CONTAINER}/gateway_standin.py"
SLOT_PORT_BASE = 20000  # Amber's first slot port (compiler/src/targets/mesh/ports.rs)
MESH_PORT_BASE = 24000  # where a router serves its component's capabilities on the mesh
EXPORT_PORT_BASE = 25000  # where the exports router serves the scenario's exports
_REFERENCE = re.compile(r"\$\{([^}]*)\}")


@dataclass
class Component:
    """One component: its program (``entrypoint``, ``env`` with references still to resolve), the capabilities it
    provides (name → endpoint port), its slots in the manifest's order, and volumes (name → mount path)."""

    name: str
    entrypoint: list[str]
    env: dict[str, str] = field(default_factory=dict)
    provides: dict[str, int] = field(default_factory=dict)
    slots: list[str] = field(default_factory=list)
    volumes: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Binding:
    """``consumer.slot ← provider.capability``."""

    consumer: str
    slot: str
    provider: str
    capability: str

    @classmethod
    def parse(cls, to: str, source: str) -> Binding:
        """A binding as a scenario writes it: ``{to: "#gateway.green", from: "#green.a2a"}``."""
        consumer, _, slot = to.removeprefix("#").partition(".")
        provider, _, capability = source.removeprefix("#").partition(".")
        return cls(consumer, slot, provider, capability)


def load_manifest(path: Path) -> dict[str, Any]:
    return dict(json5.loads(path.read_text()))


def component_from_manifest(name: str, path: Path, config: dict[str, Any] | None = None) -> Component:
    """The component ``path`` (an Amber component manifest) describes, its ``${config.*}`` resolved from ``config``
    and the schema's defaults; ``${slots.*}`` is left for the topology, which knows the ports."""
    manifest = load_manifest(path)
    program = manifest["program"]
    schema = (manifest.get("config_schema") or {}).get("properties") or {}
    values = {key: spec["default"] for key, spec in schema.items() if "default" in spec} | (config or {})

    def configured(text: str) -> str:
        def value(match: re.Match[str]) -> str:
            ref = match.group(1)
            if not ref.startswith("config."):
                return match.group(0)
            key = ref.removeprefix("config.")
            if key not in values:
                raise ValueError(f"{path.name}: ${{{ref}}} has no value (config given: {sorted(config or {})})")
            return str(values[key])
        return _REFERENCE.sub(value, text)

    entrypoint = program["entrypoint"]
    argv = shlex.split(entrypoint) if isinstance(entrypoint, str) else [str(arg) for arg in entrypoint]
    endpoints = {e["name"]: int(e["port"]) for e in program.get("network", {}).get("endpoints", [])}
    return Component(
        name=name, entrypoint=[configured(arg) for arg in argv],
        env={key: configured(str(value)) for key, value in (program.get("env") or {}).items()},
        provides={cap: endpoints[spec["endpoint"]] for cap, spec in (manifest.get("provides") or {}).items()},
        slots=list(manifest.get("slots") or {}))


def _files_archive(files: Iterable[Path]) -> bytes:
    """A tar of ``files`` under ``amber/``, readable by any user, for ``put_archive`` at /opt."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        folder = tarfile.TarInfo("amber")
        folder.type, folder.mode = tarfile.DIRTYPE, 0o755
        tar.addfile(folder)
        for path in files:
            data = path.read_bytes()
            info = tarfile.TarInfo(f"amber/{path.name}")
            info.size, info.mode = len(data), 0o644
            tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


class Topology:
    """``components`` wired by ``bindings``, with ``exports`` (name → (component, capability)) on the host, every
    container and network named ``<prefix>-…`` and labelled ``labels``. ``up`` starts it (routers first, then
    programs, each batch at once); ``export_url`` names an export on the host; ``down`` removes it."""

    def __init__(self, client: Any, image: str, prefix: str, components: list[Component], bindings: list[Binding],
                 exports: dict[str, tuple[str, str]], labels: dict[str, str]) -> None:
        self.client, self.image, self.prefix, self.labels = client, image, prefix, labels
        self.components = {c.name: c for c in components}
        self.bindings = bindings
        self.exports = exports
        self._check()
        self.slot_ports: dict[tuple[str, str], int] = {}
        for component in components:
            bound = [b.slot for b in bindings if b.consumer == component.name]
            for index, slot in enumerate(s for s in component.slots if s in bound):
                self.slot_ports[(component.name, slot)] = SLOT_PORT_BASE + index
        self.mesh_ports = {(c.name, cap): MESH_PORT_BASE + index for c in components
                           for index, cap in enumerate(c.provides)}
        self.export_ports = {export: EXPORT_PORT_BASE + index for index, export in enumerate(exports)}
        self.containers: dict[str, Any] = {}  # container name → container
        self._mesh: Any = None
        self._boundary: Any = None
        self._published: dict[str, str] = {}

    def _check(self) -> None:
        """Bindings and exports name real slots and capabilities, each slot bound once (Amber's compile errors)."""
        problems = []
        seen: set[tuple[str, str]] = set()
        for b in self.bindings:
            consumer, provider = self.components.get(b.consumer), self.components.get(b.provider)
            if consumer is None or b.slot not in consumer.slots:
                problems.append(f"no slot {b.consumer}.{b.slot}")
            if provider is None or b.capability not in provider.provides:
                problems.append(f"no capability {b.provider}.{b.capability}")
            if (b.consumer, b.slot) in seen:
                problems.append(f"slot {b.consumer}.{b.slot} bound twice")
            seen.add((b.consumer, b.slot))
        for export, (component, capability) in self.exports.items():
            if capability not in getattr(self.components.get(component), "provides", {}):
                problems.append(f"export {export}: no capability {component}.{capability}")
        if problems:
            raise ValueError(f"topology {self.prefix}: " + "; ".join(problems))

    # ------------------------------------------------------------------ addresses
    def _container_name(self, what: str) -> str:
        return f"{self.prefix}-{what}"

    @property
    def mesh_name(self) -> str:
        return self._container_name("mesh")

    def slot_url(self, component: str, slot: str) -> str:
        """``${slots.<slot>.url}`` of ``component``."""
        return f"http://127.0.0.1:{self.slot_ports[(component, slot)]}"

    def export_url(self, export: str) -> str:
        """Where the host reaches ``export`` (after ``up``)."""
        return self._published[export]

    def _routes(self, component: Component) -> list[str]:
        """The router's ``LISTEN=TARGET`` routes: each bound slot to its provider's router, each capability someone
        uses from the mesh to the program's endpoint."""
        routes = [f"127.0.0.1:{self.slot_ports[(b.consumer, b.slot)]}="
                  f"{b.provider}-net:{self.mesh_ports[(b.provider, b.capability)]}"
                  for b in self.bindings if b.consumer == component.name]
        used = {(b.provider, b.capability) for b in self.bindings} | set(self.exports.values())
        routes += [f"0.0.0.0:{self.mesh_ports[(component.name, cap)]}=127.0.0.1:{port}"
                   for cap, port in component.provides.items() if (component.name, cap) in used]
        return routes

    def _env(self, component: Component) -> dict[str, str]:
        slots = {slot: self.slot_url(name, slot) for (name, slot) in self.slot_ports if name == component.name}

        def value(match: re.Match[str]) -> str:
            ref = match.group(1)
            if ref == "slots":
                return json.dumps({slot: {"url": url} for slot, url in slots.items()})
            slot = ref.removeprefix("slots.").removesuffix(".url")
            if ref.startswith("slots.") and ref.endswith(".url") and slot in slots:
                return slots[slot]
            raise ValueError(f"{component.name}: ${{{ref}}} cannot be resolved (bound slots: {sorted(slots)})")

        return {key: _REFERENCE.sub(value, text) for key, text in component.env.items()}

    # ------------------------------------------------------------------ lifecycle
    def up(self) -> None:
        """Create the networks, start every router, then every program (each batch in parallel)."""
        self._mesh = self.client.networks.create(self.mesh_name, driver="bridge", internal=True, labels=self.labels)
        self._boundary = self.client.networks.create(self._container_name("boundary"), driver="bridge",
                                                     labels=self.labels)
        with ThreadPoolExecutor(max_workers=8) as pool:
            exports = pool.submit(self._start_exports)
            routers = dict(zip(self.components, pool.map(self._start_router, self.components.values()), strict=True))
            exports.result()
            list(pool.map(lambda c: self._start_program(c, routers[c.name]), self.components.values()))

    def _create(self, what: str, argv: list[str], **kwargs: Any) -> Any:
        container = self.client.containers.create(self.image, entrypoint=argv, name=self._container_name(what),
                                                  labels=self.labels, detach=True, **kwargs)
        self.containers[container.name] = container
        container.put_archive("/opt", _files_archive(sorted(HERE.glob("*.py"))))
        return container

    def _start_router(self, component: Component) -> Any:
        mesh = self.mesh_name
        router = self._create(f"{component.name}-net", [PYTHON, ROUTER, *self._routes(component)], network=mesh,
                              networking_config={mesh: self.client.api.create_endpoint_config(
                                  aliases=[f"{component.name}-net"])})
        router.start()
        return router

    def _start_exports(self) -> Any:
        routes = [f"0.0.0.0:{self.export_ports[export]}={component}-net:{self.mesh_ports[(component, capability)]}"
                  for export, (component, capability) in self.exports.items()]
        ports = {f"{port}/tcp": ("127.0.0.1", None) for port in self.export_ports.values()}
        router = self._create("exports", [PYTHON, ROUTER, *routes], network=self._boundary.name, ports=ports)
        self._mesh.connect(router, aliases=["exports-net"])
        router.start()
        router.reload()
        for export, port in self.export_ports.items():
            self._published[export] = f"http://127.0.0.1:{router.ports[f'{port}/tcp'][0]['HostPort']}"
        return router

    def _start_program(self, component: Component, router: Any) -> Any:
        volumes = {volume: {"bind": path, "mode": "rw"} for volume, path in component.volumes.items()}
        program = self._create(component.name, component.entrypoint, environment=self._env(component),
                               network_mode=f"container:{router.id}", volumes=volumes)
        program.start()
        return program

    def down(self) -> None:
        """Remove every container and network ``up`` made (whatever state they are in)."""
        import docker  # here: without the SDK the docker fixtures skip (or fail) with the reason, not the import


        def remove(container: Any) -> None:
            try:
                container.remove(force=True, v=True)
            except docker.errors.NotFound:
                pass

        with ThreadPoolExecutor(max_workers=8) as pool:
            list(pool.map(remove, self.containers.values()))
        for network in (self._mesh, self._boundary):
            try:
                if network is not None:
                    network.remove()
            except docker.errors.NotFound:
                pass

    # ------------------------------------------------------------------ diagnosis
    def logs(self, tail: int = 40) -> str:
        """The last lines of every container's log, for a failure message."""
        out = []
        for name, container in self.containers.items():
            try:
                container.reload()
                text = container.logs(tail=tail).decode(errors="replace")
                out.append(f"--- {name} ({container.status})\n{text}")
            except Exception as exc:  # a diagnosis must never hide the failure it explains
                out.append(f"--- {name}: no logs ({exc})")
        return "\n".join(out)
