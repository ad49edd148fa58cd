"""deploy/agentbeats's Amber manifests against the rules of Amber's manifest format as its documentation states them
(RDI-Foundation/amber, compiler/manifest/README.md: parse-time validation, linting, and the link-time rules that
can be checked between local files), and against what the leaderboard template's workflow needs of scenario.json5
(RDI-Foundation/agentbeats-leaderboard-template, .github/workflows/run-scenario.yml).

Not checked here, because it needs the network or the Amber CLI (``amber check`` / ``amber compile``):
* the gateway's manifest itself (a URL): its interface is written down below from the pinned tag (v0.3.1);
* JSON-Schema validity beyond Amber's profile rules, digests of remote manifests, the compiled Scenario IR (the
  workflow's ``.exports[] | select(.name == "results" and .capability.kind == "http")`` runs on it);
* anything at run time: the mesh routes, whether a purple reaches GREEN_UES_ADVERTISE_HOST (docs/leaderboard.md).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import json5
import pytest

from green_agent.config import GreenSettings
from green_agent.protocol import PARTICIPANT_ROLE, AssessmentConfig, parse_request
from green_agent.scenario_kit.part import PUBLIC_PACK
from green_agent.scenario_kit.sealed import piece_names
from green_agent.scenarios import library_for

HERE = Path(__file__).resolve().parents[2] / "deploy" / "agentbeats"
# The optional secret configs that carry a sealed pack, one piece each (green_agent.scenario_kit.sealed.PIECES).
PACK_SECRETS = ("part_pack", "part_pack_2", "part_pack_3", "part_pack_4")
MANIFESTS = sorted(HERE.glob("*.json5"))

# The documented top-level fields ("Top-level schema"); unknown top-level fields are rejected.
TOP_LEVEL = {"manifest_version", "experimental_features", "program", "components", "use", "config_schema", "slots",
             "resources", "provides", "bindings", "overlays", "exports", "metadata"}
KINDS = {"mcp", "llm", "http", "docker", "a2a", "storage"}
PROPERTY_NAME = re.compile(r"^(?!.*__)[a-z][a-z0-9_]*$")
UNSUPPORTED_SCHEMA = {"anyOf", "oneOf", "not", "if", "then", "else", "patternProperties", "propertyNames",
                      "dependentSchemas", "dependentRequired", "unevaluatedProperties", "unevaluatedItems",
                      "$dynamicRef", "$recursiveRef"}
INTERPOLATION = re.compile(r"\$\{([^}]*)\}")
SEMVER = re.compile(r"^(\d+)\.(\d+)\.(\d+)$")

# The pinned gateway manifest (agentbeats-gateway, tag v0.3.1, amber-manifest.json5), as far as bindings to it go.
GATEWAY_SLOTS = {"green": "a2a", "green_mcp": "mcp", "purple1": "a2a", "purple2": "a2a", "purple3": "a2a",
                 "purple4": "a2a", "purple5": "a2a"}
GATEWAY_EXPORTS = {"proxy": "a2a", "results": "http"}
GATEWAY_CONFIG_REQUIRED = {"assessment_config", "participant_roles"}
GATEWAY_URL = re.compile(r"^https://raw\.githubusercontent\.com/RDI-Foundation/agentbeats-gateway/refs/tags/"
                         r"v\d+\.\d+\.\d+/amber-manifest\.json5$")


def load(path: Path) -> dict[str, Any]:
    manifest = json5.loads(path.read_text())
    assert isinstance(manifest, dict), f"{path.name}: a manifest is a single JSON object"
    return manifest


def refs(value: Any) -> list[str]:
    """Every ``${...}`` interpolation in the strings of ``value``."""
    if isinstance(value, str):
        return INTERPOLATION.findall(value)
    if isinstance(value, list):
        return [r for item in value for r in refs(item)]
    if isinstance(value, dict):
        return [r for item in value.values() for r in refs(item)]
    return []


def export_target(manifest: dict[str, Any], target: str) -> tuple[str, str]:
    """(where, name) of an export target: ``provides.x``, ``slots.x``, ``#child.x`` or the bare shorthand ``x``."""
    if target.startswith("#"):
        child, _, name = target[1:].partition(".")
        return f"#{child}", name
    where, dot, name = target.partition(".")
    if dot and where in ("provides", "slots"):
        return where, name
    assert "." not in target, target
    return ("provides" if target in manifest.get("provides", {}) else "slots"), target


def check_schema(schema: dict[str, Any], where: str) -> None:
    """Amber's config_schema profile: object-shaped root, property names, boolean additionalProperties, no
    unsupported keywords."""
    assert "object" in ([schema.get("type")] if isinstance(schema.get("type"), str) else schema.get("type", [])), where
    stack = [schema]
    while stack:
        node = stack.pop()
        if not isinstance(node, dict):
            continue
        assert not UNSUPPORTED_SCHEMA & set(node), (where, UNSUPPORTED_SCHEMA & set(node))
        if "additionalProperties" in node:
            assert isinstance(node["additionalProperties"], bool), where
        for name in [*node.get("properties", {}), *node.get("required", [])]:
            assert PROPERTY_NAME.match(name), (where, name)
        if "properties" in node or "required" in node:
            types = node.get("type")
            assert "object" in ([types] if isinstance(types, str) else types or []), where
        stack.extend(node.get("properties", {}).values())


@pytest.mark.parametrize("path", MANIFESTS, ids=lambda p: p.name)
def test_each_manifest_follows_the_documented_parse_time_rules(path: Path):
    m = load(path)
    assert set(m) <= TOP_LEVEL, set(m) - TOP_LEVEL  # e.g. `identity` is not a manifest field
    version = SEMVER.match(m["manifest_version"])
    assert version and (0, 1, 0) <= tuple(map(int, version.groups())) < (1, 0, 0)
    # Syntax of later manifest versions is not used: `use`/`overlays` (0.4.0), object argv/env items (0.2.0).
    assert "use" not in m and "overlays" not in m

    for section in ("components", "slots", "provides", "exports"):
        for name in m.get(section, {}):
            assert "." not in name, (section, name)
    assert not set(m.get("slots", {})) & set(m.get("provides", {})), "a name in both slots and provides"

    program = m.get("program")
    endpoints: set[str] = set()
    if program is not None:
        assert sum(k in program for k in ("image", "path", "vm")) == 1
        assert "image" in program and "args" not in program
        image = program["image"]
        assert ":" in image.rsplit("/", 1)[-1] and not image.endswith(":latest"), f"pin a tag: {image}"
        assert isinstance(program["entrypoint"], str | list)
        if isinstance(program["entrypoint"], list):
            assert all(isinstance(arg, str) for arg in program["entrypoint"])
        assert all(isinstance(v, str) for v in program.get("env", {}).values())
        names = [e["name"] for e in program.get("network", {}).get("endpoints", [])]
        assert len(names) == len(set(names)), "endpoint names are unique"
        endpoints = set(names)

    for name, slot in m.get("slots", {}).items():
        assert set(slot) <= {"kind", "profile", "optional", "multiple"} and slot["kind"] in KINDS, name
    for name, provide in m.get("provides", {}).items():
        assert set(provide) <= {"kind", "profile", "endpoint"}, name  # provides entries are strict
        assert provide["kind"] in KINDS - {"storage"}, name
        assert provide.get("endpoint") in endpoints, f"provides.{name}: endpoint must be a declared endpoint"

    for name, target in m.get("exports", {}).items():
        where, target_name = export_target(m, target)
        if where.startswith("#"):
            assert where[1:] in m.get("components", {}), (name, target)
        else:
            assert target_name in m.get(where, {}), (name, target)

    for binding in m.get("bindings", []):
        to_child, _, slot = binding["to"].removeprefix("#").partition(".")
        assert binding["to"].startswith("#") and to_child in m["components"] and slot and "." not in slot, binding
        source = binding["from"]
        if source.startswith("#"):
            child, _, capability = source[1:].partition(".")
            assert child in m["components"] and capability and "." not in capability, binding
        else:
            where, _, capability = source.partition(".")
            assert where in ("slots", "provides", "resources", "framework"), binding
            if where != "framework":
                assert capability in m.get(where, {}), binding
        assert set(binding) <= {"to", "from", "slot", "capability", "weak"}, binding

    for name, child in m.get("components", {}).items():
        ref = child if isinstance(child, str) else child.get("manifest", child)
        if isinstance(ref, dict):
            assert set(ref) <= {"url", "digest"}, (name, ref)  # ManifestRef's object form is strict
            ref = ref["url"]
        assert isinstance(ref, str) and ref, name

    if "config_schema" in m:
        check_schema(m["config_schema"], path.name)
    for ref in refs(program or {}):
        source, _, rest = ref.partition(".")
        assert source in ("config", "slots"), ref
        if source == "config":
            assert rest.split(".")[0] in m["config_schema"]["properties"], ref
        else:
            assert rest.split(".")[0] in m.get("slots", {}), ref


@pytest.mark.parametrize("path", MANIFESTS, ids=lambda p: p.name)
def test_nothing_declared_is_left_unused(path: Path):
    """The documented lints: every slot is referenced by the program or exported or bound from; every provide
    exported or bound from; a program is referenced by an export; every config property is used."""
    m = load(path)
    program = m.get("program", {})
    used_slots = {r.split(".")[1] for r in refs(program) if r.startswith("slots.")}
    exported = {export_target(m, t) for t in m.get("exports", {}).values()}
    bound_from = {tuple(b["from"].split(".", 1)) for b in m.get("bindings", []) if not b["from"].startswith("#")}
    for slot in m.get("slots", {}):
        assert slot in used_slots or ("slots", slot) in exported or ("slots", slot) in bound_from, slot
    for provide in m.get("provides", {}):
        assert ("provides", provide) in exported or ("provides", provide) in bound_from, provide
    if program:
        assert any(where == "provides" for where, _ in exported)
    # Used by the program, or handed down in a child's config ("${config.x}" in components.<name>.config).
    children = [child.get("config", {}) for child in m.get("components", {}).values() if isinstance(child, dict)]
    used_config = {r.split(".")[1] for r in refs([program, *children]) if r.startswith("config.")}
    for prop in m.get("config_schema", {}).get("properties", {}):
        assert prop in used_config, prop


def test_the_scenario_links_to_its_local_children_and_the_pinned_gateway():
    """Link-time rules between the scenario and its children: bound slots and exports exist with matching kinds,
    required slots are bound, children's config satisfies their config_schema."""
    scenario = load(HERE / "scenario.json5")
    children = {name: decl for name, decl in scenario["components"].items() if name != "gateway"}
    gateway = scenario["components"]["gateway"]
    assert GATEWAY_URL.match(gateway["manifest"]), "the gateway manifest is pinned to a released tag"
    assert GATEWAY_CONFIG_REQUIRED <= set(gateway["config"])

    local = {name: load(HERE / decl["manifest"]) for name, decl in children.items()}

    def exported_kind(child: str, name: str) -> str:
        if child == "gateway":
            return GATEWAY_EXPORTS[name]
        where, target = export_target(local[child], local[child]["exports"][name])
        return local[child][where][target]["kind"]

    def slot_kind(child: str, name: str) -> str:
        return GATEWAY_SLOTS[name] if child == "gateway" else local[child]["slots"][name]["kind"]

    bound: set[tuple[str, str]] = set()
    for binding in scenario["bindings"]:
        to_child, slot = binding["to"][1:].split(".")
        from_child, capability = binding["from"][1:].split(".")
        assert slot_kind(to_child, slot) == exported_kind(from_child, capability), binding
        assert (to_child, slot) not in bound, f"{binding['to']} is not a multiple slot"
        bound.add((to_child, slot))
    for name, manifest in local.items():
        for slot, decl in manifest.get("slots", {}).items():
            assert decl.get("optional") or (name, slot) in bound, f"#{name}.{slot} is required and unbound"
        schema = manifest.get("config_schema")
        config = children[name].get("config", {})
        if schema:
            assert set(schema.get("required", [])) <= set(config), name
            if schema.get("additionalProperties") is False:
                assert set(config) <= set(schema["properties"]), name
            for key, value in config.items():
                assert schema["properties"][key]["type"] == "string" and isinstance(value, str) and value, key
                # A value from the scenario's own config must be declared there.
                for ref in INTERPOLATION.findall(value):
                    assert ref.startswith("config.") and ref[7:] in scenario["config_schema"]["properties"], ref
        else:
            assert not config, name
    assert ("gateway", "green") in bound and ("gateway", "purple1") in bound


def test_the_scenario_gives_the_template_what_its_workflow_reads():
    scenario = load(HERE / "scenario.json5")
    # The `results` export the workflow polls: the gateway's HTTP results capability.
    assert scenario["exports"] == {"results": "#gateway.results"} and GATEWAY_EXPORTS["results"] == "http"
    # agentbeats_ids: one per component but the gateway, keyed by the component's name.
    ids = scenario["metadata"]["agentbeats_ids"]
    assert set(ids) == set(scenario["components"]) - {"gateway"}
    assert "green" in ids  # leaderboard.sql leaves this key out when it looks for the purple's id
    assert "'green'" in (HERE / "leaderboard.sql").read_text()
    # The gateway's roles: the green's slot, and the purple named with the one role this green declares.
    roles = scenario["components"]["gateway"]["config"]["participant_roles"]
    assert set(roles) == {"green", "purple1"} and roles["purple1"] == PARTICIPANT_ROLE
    # assessment_config is our request's config: known keys only, and the request it makes is accepted, also as
    # the workflow patches it.
    config = scenario["components"]["gateway"]["config"]["assessment_config"]
    assert set(config) <= set(AssessmentConfig.model_fields)
    patched = {**config, "shard_index": 1, "num_shards": 2, "num_instances": 4}
    request = parse_request({"participants": {PARTICIPANT_ROLE: "http://127.0.0.1:8080/personal_assistant"},
                             "config": patched})
    assert request.warnings == [] and request.config.num_instances == 4
    green = load(HERE / "green.json5")
    assert green["metadata"]["participant_roles"] == [PARTICIPANT_ROLE]
    # What the template's tooling shows of the green is the scenario's default board.
    assert green["metadata"]["assessment_config"] == config
    assert not (HERE / "scenario.toml").exists(), "the older runner's scenario.toml is gone"


@pytest.mark.parametrize("path", MANIFESTS, ids=lambda p: p.name)
def test_only_secrets_are_required_configs(path: Path):
    """Quick Submit fills in a scenario's secrets alone: a required config that is not a secret stops a submission;
    anything else has a default."""
    schema = load(path).get("config_schema", {})
    for name in schema.get("required", []):
        assert schema["properties"][name].get("secret") is True, f"{path.name}: config {name} is required"
    for name, prop in schema.get("properties", {}).items():
        assert prop.get("secret") is True or "default" in prop, f"{path.name}: config {name} has no default"


def test_the_held_out_secret_goes_from_a_repository_secret_to_the_green():
    """scenario.json5's secret config heldout_secret (the leaderboard repository's secret HELDOUT_SECRET, exported
    by the template's workflow as AMBER_CONFIG_HELDOUT_SECRET) → the green's secret config → GREEN_HELDOUT_SECRET,
    the setting the green reads. The default board needs it: without it the worlds could be computed."""
    scenario, green = load(HERE / "scenario.json5"), load(HERE / "green.json5")
    for manifest in (scenario, green):
        prop = manifest["config_schema"]["properties"]["heldout_secret"]
        assert prop == {"type": "string", "secret": True} and "heldout_secret" in manifest["config_schema"]["required"]
    assert scenario["components"]["green"]["config"]["heldout_secret"] == "${config.heldout_secret}"
    assert green["program"]["env"]["GREEN_HELDOUT_SECRET"] == "${config.heldout_secret}"
    assert "GREEN_HELDOUT_SECRET" == GreenSettings.model_config["env_prefix"].upper() + "HELDOUT_SECRET"
    assert "heldout_secret" in GreenSettings.model_fields
    # Secrets are the only configs: the worlds are reached through the world gateway, never at an advertised host
    # (which would also make every world listen beyond the green's loopback).
    assert set(green["config_schema"]["properties"]) == {"heldout_secret", *PACK_SECRETS}
    assert "GREEN_UES_ADVERTISE_HOST" not in green["program"]["env"]
    assert green["program"]["env"]["GREEN_WORLD_GATEWAY"] == "on"


def test_a_sealed_pack_goes_from_repository_secrets_to_the_green(monkeypatch, tmp_path):
    """The board keeps its words private: the sealed pack is the repository secret PART_PACK (and, for a pack larger
    than one secret, PART_PACK_2 to PART_PACK_4): scenario.json5's secret configs part_pack… → the green's →
    GREEN_PART_PACK_ARCHIVE…, which are the green's settings. The board requires PART_PACK — on the public words a
    script compiled from the public phrasings reads back its worlds — while the green's own manifest does not: without
    the secrets Amber fills in the default "", and the green starts on the public parts alone, not on a malformed
    archive."""
    scenario, green = load(HERE / "scenario.json5"), load(HERE / "green.json5")
    assert scenario["config_schema"]["properties"]["part_pack"] == {"type": "string", "secret": True}
    assert "part_pack" in scenario["config_schema"]["required"]
    for name in PACK_SECRETS:
        assert green["config_schema"]["properties"][name] == {"type": "string", "secret": True, "default": ""}
        assert name not in green["config_schema"]["required"]
    for name in PACK_SECRETS[1:]:
        assert scenario["config_schema"]["properties"][name] == {"type": "string", "secret": True, "default": ""}
        assert name not in scenario["config_schema"]["required"]
    assert len(PACK_SECRETS) == len(piece_names())
    for name, setting in zip(PACK_SECRETS, piece_names(), strict=True):
        assert scenario["components"]["green"]["config"][name] == f"${{config.{name}}}"
        assert green["program"]["env"][setting] == f"${{config.{name}}}"
        assert setting.removeprefix("GREEN_").lower() in GreenSettings.model_fields
        monkeypatch.setenv(setting, "")
    monkeypatch.setenv("GREEN_DATA_DIR", str(tmp_path))
    settings = GreenSettings()
    assert settings.sealed_pack == {}
    assert not [o for o in library_for(settings).pack().origins.values() if o.pack != PUBLIC_PACK]
