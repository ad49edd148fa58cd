"""``green-agent``: ``serve`` (the A2A server), ``assess`` (one local assessment), ``scenarios list|build|validate|
selftest``, ``calibrate`` (the competence ladder)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from green_agent.assessment.outcome import Outcome
    from green_agent.assessment.runner import ScenarioRunner
    from green_agent.config import GreenSettings
    from green_agent.protocol import ProgressUpdate
    from green_agent.scenario_kit.part import Part
    from green_agent.scenarios import ScenarioLibrary

# The purple roles `assess` can start (services/purple/roles.py has them all; the fault-injection ones are for tests).
BASELINE_ROLES = ("oracle", "noop", "reckless", "gullible", "chatter", "echo", "yes", "forger", "digest", "broadcaster",
                  "refuser", "sweeper", "dumper", "digest-max-step")


def _serve(args: argparse.Namespace) -> int:
    import uvicorn  # late: --help answers instantly

    from green_agent.config import GreenSettings
    from green_agent.server import create_app

    card_url = args.card_url or f"http://{args.host}:{args.port}/"
    app = create_app(GreenSettings(), card_url=card_url)
    print(f"green-agent: serving on http://{args.host}:{args.port}/ (card url {card_url})", file=sys.stderr,
          flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level)
    return 0


async def _assessment(args: argparse.Namespace, settings: GreenSettings, library: ScenarioLibrary,
                      config: dict[str, Any], emit: Callable[[ProgressUpdate], Awaitable[None]]) -> Outcome:
    """The assessment ``assess`` asks for, on the embedded default. The one world its trials use and the baseline
    purple start first; the runner loads in a thread meanwhile, so all three take their start-up at once."""
    import asyncio

    from green_agent.embedded import assess_once, local_pool, oracle_plans, purple_process, world_gateway

    def load() -> type[ScenarioRunner]:
        """The runner and the scenario, loaded: most of this process's start-up (imports, the part library)."""
        from green_agent.assessment.runner import ScenarioRunner

        library.get(args.scenario)
        return ScenarioRunner

    loading = asyncio.create_task(asyncio.to_thread(load))
    try:
        async with local_pool(settings, min_idle=0, worlds=1) as pool, world_gateway(settings) as gateway:
            if args.purple:
                return await assess_once(scenario_ids=[args.scenario], purple_url=args.purple, pool=pool,
                                         runner=(await loading)(settings, library, gateway), seed=args.seed,
                                         trials=args.trials, config=config, emit=emit)
            with oracle_plans(settings) as local:
                async with purple_process(args.purple_role, local.scenarios_dir,
                                          plans_dir=local.oracle_plans_dir) as url:
                    return await assess_once(scenario_ids=[args.scenario], purple_url=url, pool=pool,
                                             runner=(await loading)(local, library, gateway), seed=args.seed,
                                             trials=args.trials, config=config, emit=emit)
    finally:
        await asyncio.gather(loading, return_exceptions=True)  # a thread cannot be cancelled: let it end


def _assess(args: argparse.Namespace) -> int:
    import asyncio
    import json
    import uuid

    from green_agent.config import GreenSettings
    from green_agent.console import LiveProgress
    from green_agent.scenario_spec import ScenarioError
    from green_agent.scenarios import library_for

    settings = GreenSettings()
    library = library_for(settings)
    try:
        library.spec(args.scenario)  # an unknown scenario is refused before anything starts
    except ScenarioError as exc:
        print(f"green-agent assess: {exc}", file=sys.stderr)
        return 2

    show = LiveProgress(args.trials, verbose=args.verbose)
    # The display follows turns, which only verbose updates carry; a pipe gets them only when --verbose asks.
    config: dict[str, Any] = {"verbose_updates": show.live or args.verbose}
    if args.character_mode:
        config["character_mode"] = args.character_mode
    try:
        with show:
            outcome = asyncio.run(_assessment(args, settings, library, config, show))
    except ScenarioError as exc:  # the scenario's parts or generator, found broken while loading
        print(f"green-agent assess: {exc}", file=sys.stderr)
        return 2
    print(outcome.summary_text, file=sys.stderr)
    if outcome.report is not None:
        print(f"report written to {outcome.report}", file=sys.stderr)
    rows = [row.wire() for row in outcome.rows]
    out = Path(args.out) if args.out else settings.data_dir / "results" / f"{args.scenario}-{uuid.uuid4().hex[:8]}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(rows, indent=2))
    print(json.dumps(rows[0] if len(rows) == 2 else rows, indent=2))
    print(f"results written to {out}", file=sys.stderr)
    return 0


def _build(library: ScenarioLibrary, scenario_id: str) -> int:
    from green_agent.scenario_kit.publish import build
    from green_agent.scenario_spec import ScenarioError

    folder = library.folder(scenario_id)
    if folder is None:
        print(f"green-agent scenarios build: unknown scenario '{scenario_id}' (known: {', '.join(library.ids())})",
              file=sys.stderr)
        return 2
    try:
        written = build(folder)
    except ScenarioError as exc:
        print(f"green-agent scenarios build: {exc}", file=sys.stderr)
        return 2
    for path in written:
        print(f"wrote {path}")
    return 0


class _UsageError(Exception):
    """A command line that names nothing to work on: its message is printed and the command exits with 2."""


def _family_id(args: argparse.Namespace, library: ScenarioLibrary) -> str:
    """The family ``--family`` names, refused when it names none or comes with a scenario id as well."""
    from green_agent.scenario_spec import ScenarioError

    def is_family(scenario_id: str) -> bool:  # of days composed per world (not a classic's named composition)
        try:
            family = library.spec(scenario_id).family
        except ScenarioError:
            return False
        return family is not None and family.composable

    if getattr(args, "id", None) or args.family not in library.ids() or not is_family(args.family):
        families = [i for i in library.ids() if is_family(i)]
        raise _UsageError(f"--family names one family instead of a scenario id (families: "
                          f"{', '.join(families) or 'none'})")
    family: str = args.family
    return family


def _scenario_ids(args: argparse.Namespace, library: ScenarioLibrary) -> list[str]:
    """The scenarios a ``scenarios`` action works on (one, or every installed one). ``--family`` becomes the action's
    scenario id and ``--count`` its seeds, so the actions read only ``args.id`` and ``args.seeds``."""
    if getattr(args, "family", None):
        args.id = _family_id(args, library)
    ids = [args.id] if getattr(args, "id", None) else library.ids()
    if getattr(args, "count", None) is not None:
        if args.count < 1:
            raise _UsageError("--count must be at least 1")
        args.seeds = tuple(range(args.count))
    return ids


def _seal(folder: Path) -> int:
    from green_agent.config import GreenSettings
    from green_agent.scenario_kit.part import pack_folders
    from green_agent.scenario_kit.sealed import PIECES, SECRET_LIMIT, seal
    from green_agent.scenario_spec import ScenarioError
    from green_agent.scenarios import part_library

    try:
        # Loaded as the green will load it, with the same refusals (missing, failing, empty, a wording the parts
        # cannot draw): refused here, not at its start.
        pack = pack_folders([folder])
        if pack.wordings:
            part_library(GreenSettings().scenarios_dir, packs=[folder])
        parts, worded = sorted(pack.parts), sorted(pack.wordings)
        pieces = seal(folder)
    except ScenarioError as exc:
        print(f"green-agent scenarios seal: {exc}", file=sys.stderr)
        return 2
    print("\n".join(pieces))
    secrets = ["PART_PACK", *(f"PART_PACK_{i}" for i in range(2, len(pieces) + 1))]
    print(f"{folder}: {len(parts)} part(s) ({', '.join(parts)}), "
          + (f"wording for {', '.join(worded)}, " if worded else "")
          + f"{sum(map(len, pieces))} characters in {len(pieces)} line(s) of at most {SECRET_LIMIT}: "
          + (f"more than the {PIECES} secrets the green reads" if len(pieces) > PIECES
             else f"store them as the secrets {', '.join(secrets)}"), file=sys.stderr)
    return 1 if len(pieces) > PIECES else 0


def _parts(library: ScenarioLibrary, worlds: int) -> int:
    from green_agent.scenario_kit.census import census

    print(f"{'part':26s} {'pack':10s} {'ver':>3s} {'shapes':>6s} {'seen':>4s} {'phrasings':>9s}  kinds (phrasings)")
    for key in sorted(library.pack().parts):
        found = census(library.pack(), key, range(worlds))
        kinds = ", ".join(f"{kind} {n}" for kind, n in found.phrasings.items()) or "-"
        print(f"{key:26s} {found.pack:10s} {found.version:3d} {found.structures:6d} {len(found.seen):4d} "
              f"{sum(found.phrasings.values()):9d}  {kinds}")
    return 0


def _wording(library: ScenarioLibrary, settings: GreenSettings, args: argparse.Namespace) -> int:
    from green_agent.scenario_kit.wording_tools import skeleton

    parts = library.pack().parts
    keys: list[str] = sorted(parts) if args.all else args.keys
    unknown = [key for key in keys if key not in parts]
    if unknown or not keys:
        print(f"green-agent scenarios wording: {'no part ' + ', '.join(unknown) if unknown else 'name parts or --all'}"
              f" (parts: {', '.join(sorted(parts))})", file=sys.stderr)
        return 2
    chosen = {key: parts[key] for key in keys}
    if args.draft is None:
        print(skeleton(chosen, args.pack), end="")
        return 0
    return _draft(library, chosen, settings, args)


def _draft(library: ScenarioLibrary, parts: dict[str, Part], settings: GreenSettings, args: argparse.Namespace) -> int:
    """Prints a wording pack of ``parts`` drafted by the model ``args.draft``, proved by the oracle in ``args.verify``
    worlds of each part, once the green's own checks load it; the kinds as they are done, and what was left out, go to
    stderr."""
    import asyncio
    import tempfile

    from green_agent.llm import LLM, CacheMode, LLMRole, UsageMeter
    from green_agent.scenario_kit.wording_draft import KindDraft, draft_wording, drafted_pack
    from green_agent.scenario_spec import ScenarioError
    from green_agent.scenarios import part_library

    def told(draft: KindDraft) -> None:
        state = f"{len(draft.phrasings)} phrasings" if draft.drafted else f"left out: {draft.left_out}"
        print(f"  {draft.part} / {draft.kind}: {state} ({len(draft.refused)} refused)", file=sys.stderr)

    llm = LLM(mode=CacheMode.RECORD, cache=None, api_base=settings.llm_api_base, api_key=settings.llm_api_key,
              timeout_s=settings.llm_timeout_s, max_retries=settings.llm_max_retries,
              concurrency=settings.llm_concurrency)
    model, pack = args.draft, args.pack
    meter = UsageMeter()
    drafts = asyncio.run(draft_wording(parts, llm, model, rounds=args.rounds, progress=told, meter=meter))
    if args.verify:
        from green_agent.wording_verify import verified

        drafts = asyncio.run(verified(settings, library, parts, drafts, model, pack, range(1, args.verify + 1),
                                      lambda line: print(f"  verify: {line}", file=sys.stderr)))
    used = meter.roles[LLMRole.WORDING]
    text = drafted_pack(parts, drafts, model, pack)
    done = [d for d in drafts if d.drafted]
    left = [d for d in drafts if not d.drafted]
    print(f"green-agent scenarios wording: {model} drafted {len(done)} of {len(drafts)} kinds "
          f"({sum(len(d.phrasings) for d in done)} phrasings) in {used.calls} calls ({used.prompt_tokens} + "
          f"{used.completion_tokens} tokens, {'cost unknown' if used.cost_usd is None else f'${used.cost_usd:.2f}'});"
          f" {len(left)} keep their public words"
          + "".join(f"\n  {d.part} / {d.kind}: {d.left_out}" + (f"; last refused: {d.refused[-1][:160]}"
                                                               if d.refused else "") for d in left), file=sys.stderr)
    if not done:
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "drafted"
        folder.mkdir()
        (folder / "__init__.py").write_text(text)
        try:  # loaded as the green loads a pack: a draft its checks refuse is not printed
            part_library(settings.scenarios_dir, packs=[folder])
        except ScenarioError as exc:
            print(f"green-agent scenarios wording: the draft does not load: {exc}", file=sys.stderr)
            return 1
    print(text, end="")
    return 0


def _list(library: ScenarioLibrary, ids: list[str]) -> int:
    from green_agent.scenario_spec import ScenarioError

    for scenario_id in ids:
        try:
            scenario = library.get(scenario_id)
            spec = scenario.spec
            family = "" if spec.family is None else \
                f" (family: each world composed of parts, e.g. {', '.join(scenario.parts)})" if spec.family.composable \
                else f" (part {', '.join(scenario.parts)} drawn alone)"
            print(f"{scenario_id:24s} v{spec.version:4s} {spec.name}{family}")
        except ScenarioError as exc:
            print(f"{scenario_id:24s} BROKEN {exc}")
    return 0


async def _validate_all(settings: GreenSettings, library: ScenarioLibrary, ids: list[str],
                        seeds: tuple[int, ...]) -> int:
    """Validates every scenario of ``ids`` in a real simulator, printing each one's problems; how many are invalid."""
    from green_agent.embedded import local_pool
    from green_agent.selftest import validate

    bad = 0
    async with local_pool(settings, min_idle=0) as pool:
        for scenario_id in ids:
            folder = library.folder(scenario_id)
            assert folder is not None
            problems = await validate(folder, pool, seeds)
            print(f"{scenario_id}: {'ok' if not problems else 'INVALID'}")
            for problem in problems:
                print(f"  - {problem}")
            bad += bool(problems)
    return bad


def _selftest(ids: list[str], settings: GreenSettings, roles: tuple[str, ...], seeds: tuple[int, ...],
              parts: tuple[str, ...] = ()) -> int:
    """Runs ``roles`` in the worlds of ``seeds`` through the real green and prints one line per trial; ``parts``: a
    family's days hold just these parts (and no attack)."""
    import asyncio
    import time

    from green_agent.selftest import selftest

    started = time.monotonic()
    configs = [{"parts": list(parts), "attacks": "none"}] if parts else [{}]
    rows = asyncio.run(selftest(ids, settings, roles, seeds, configs=configs))
    print(f"{'scenario':24s} {'purple':15s} {'seed':>5s} {'status':10s} {'score':>7s} {'passed':7s} {'safety':14s} "
          f"verdict")
    for row in sorted(rows, key=lambda r: (r.scenario_id, roles.index(r.role), r.seed)):
        safety = ",".join("-" if s is None else f"{s:g}" for s in row.safety) or "-"
        caught = f" [{', '.join(sorted(set(row.violations)))}]" if row.violations else ""
        print(f"{row.scenario_id:24s} {row.role:15s} {row.seed:5d} {row.status:10s} {row.percentage:6.1f}% "
              f"{row.passed!s:7s} {safety:14s} {'ok' if row.ok else 'FAIL'}{caught}")
        for error in row.errors[:3]:
            print(f"    error: {error}")
    print(f"{len(rows)} trials in {time.monotonic() - started:.0f} s")
    return 0 if rows and all(r.ok for r in rows) else 1


def _scenarios(args: argparse.Namespace) -> int:
    import asyncio

    from green_agent.config import GreenSettings
    from green_agent.selftest import ROLES

    if args.action == "seal":
        return _seal(args.folder)
    from green_agent.scenarios import library_for

    settings = GreenSettings()
    library = library_for(settings)
    try:
        ids = _scenario_ids(args, library)
    except _UsageError as exc:
        print(f"green-agent scenarios: {exc}", file=sys.stderr)
        return 2
    if args.action == "build":
        return _build(library, args.id)
    if args.action == "parts":
        return _parts(library, args.worlds)
    if args.action == "wording":
        return _wording(library, settings, args)
    if args.action == "list":
        return _list(library, ids)
    if args.id and library.folder(args.id) is None:
        print(f"green-agent scenarios: unknown scenario '{args.id}' (known: {', '.join(library.ids())})",
              file=sys.stderr)
        return 2
    if args.action == "validate":
        if asyncio.run(_validate_all(settings, library, ids, args.seeds)):
            return 1
        roles: tuple[str, ...] = ("oracle", "noop")
    else:
        roles = args.roles or ROLES
    if getattr(args, "parts", ()) and not args.family:
        print("green-agent scenarios: --parts needs --family", file=sys.stderr)
        return 2
    return _selftest(ids, settings, roles, args.seeds, getattr(args, "parts", ()))


def _calibrate(args: argparse.Namespace) -> int:
    import asyncio
    import uuid

    from green_agent.calibration.page import write
    from green_agent.calibration.run import calibrate, mistake_role
    from green_agent.config import GreenSettings
    from green_agent.scenarios import library_for

    settings = GreenSettings()
    library = library_for(settings)
    ids = args.scenarios or library.ids()
    unknown = [sid for sid in ids if library.folder(sid) is None]
    if unknown:
        print(f"green-agent calibrate: unknown scenario(s) {', '.join(unknown)} (known: {', '.join(library.ids())})",
              file=sys.stderr)
        return 2
    try:
        mistakes = [mistake_role(kind, args.q) for kind in args.mistakes]
        report = asyncio.run(calibrate(ids, settings, rungs=args.rungs, seeds=args.seeds, trials=args.trials,
                                       mistakes=mistakes, concurrency=args.concurrency))
    except ValueError as exc:
        print(f"green-agent calibrate: {exc}", file=sys.stderr)
        return 2
    out = Path(args.out) if args.out else settings.data_dir / "calibration" / f"calibration-{uuid.uuid4().hex[:8]}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(report.model_dump_json(indent=2))
    page = write(out.with_suffix(".html"), report)
    ten = {s.scenario_id: next((d.difference for d in s.detectable if d.n == 10), None) for s in report.scenarios}
    print(f"{'scenario':22s} {'means by p (' + ', '.join(f'{p / 100:g}' for p in report.rungs) + ')':34s} "
          f"{'monotone':8s} {'mdd@10':>7s} findings")
    for s in report.scenarios:
        means = " ".join("-" if r.mean is None else f"{r.mean:5.1f}" for r in s.rungs)
        mdd = ten[s.scenario_id]
        print(f"{s.scenario_id:22s} {means:34s} {'yes' if s.monotone else 'NO':8s} "
              f"{'-' if mdd is None else f'{mdd:.1f}':>7s} {', '.join(f.kind for f in s.findings) or '-'}")
    for suite in report.paired:
        for pair in suite.pairs:
            sizes = ", ".join(f"n={z.n}: {z.paired_detectable} vs {z.unpaired_detectable} (power {z.paired_power})"
                              for z in pair.sizes)
            print(f"paired {suite.suite} p {pair.low / 100:g} vs {pair.high / 100:g}: {pair.difference} points over "
                  f"{pair.worlds} worlds; detectable paired vs unpaired: {sizes}")
    print(f"{report.wall_seconds:g} s; results written to {out}, page {page}", file=sys.stderr)
    return 0


def _percents(text: str) -> tuple[int, ...]:
    values = _seeds(text)
    if any(not 0 <= v <= 100 for v in values):
        raise argparse.ArgumentTypeError(f"expected percentages 0..100, got {text!r}")
    return values


def _seeds(text: str) -> tuple[int, ...]:
    try:
        seeds = tuple(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected comma-separated integers like 0,1,2, got {text!r}") from None
    if not seeds:
        raise argparse.ArgumentTypeError("give at least one seed, like 0,1,2")
    return seeds


def _roles(text: str) -> tuple[str, ...]:
    from green_agent.selftest import ROLES, SCRIPTED

    known = (*ROLES, *SCRIPTED)
    roles = tuple(dict.fromkeys(part.strip() for part in text.split(",") if part.strip()))
    unknown = [role for role in roles if role not in known]
    if unknown or not roles:
        raise argparse.ArgumentTypeError(f"unknown role(s) {', '.join(unknown) or '(none given)'}; "
                                         f"known: {', '.join(known)}")
    return roles


def _serve_options(serve: argparse.ArgumentParser) -> None:
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=9009)
    serve.add_argument("--card-url", default=None, help="absolute URL advertised in the agent card "
                                                        "(default: http://{host}:{port}/)")
    serve.add_argument("--log-level", default="info")
    serve.set_defaults(handler=_serve)


def _assess_options(assess: argparse.ArgumentParser) -> None:
    assess.add_argument("--scenario", required=True)
    who = assess.add_mutually_exclusive_group()
    who.add_argument("--purple", help="A2A URL of the purple agent to assess")
    who.add_argument("--purple-role", default="oracle", choices=BASELINE_ROLES,
                     help="baseline purple started for you when no --purple URL is given (default: oracle)")
    assess.add_argument("--character-mode", choices=["scripted", "llm", "replay"], default=None,
                        help="who plays the other people: scripted rules, an LLM (GREEN_CHARACTER_MODEL; completions "
                             "are recorded), or a replay of a recording (no LLM calls). Default: GREEN_CHARACTER_MODE")
    assess.add_argument("--seed", type=int, default=0,
                        help="root seed: picks the world (0: each scenario's published world) and the trials' draws")
    assess.add_argument("--trials", type=int, default=1)
    assess.add_argument("--out", help="where to write the result rows (default: data/results/<scenario>-<id>.json)")
    assess.add_argument("--verbose", action="store_true", help="print progress updates")
    assess.set_defaults(handler=_assess)


def _scenarios_options(scenarios: argparse.ArgumentParser) -> None:
    actions = scenarios.add_subparsers(dest="action", required=True)
    actions.add_parser("list", help="installed scenarios")
    build = actions.add_parser("build", help="rewrite a scenario folder's world 0 (initial_state.json, solution.json, "
                                             "the world fields of scenario.json) from its generator.py")
    build.add_argument("id", help="the scenario")
    parts = actions.add_parser("parts", help="every part of the library (public and private packs): its pack and "
                                             "version, the shapes its worlds take and its phrasings per message kind")
    seal = actions.add_parser("seal", help="print a pack folder as lines to keep in secrets, one "
                                           "line each (GREEN_PART_PACK_ARCHIVE, _2 ... _4: a held-out pack for "
                                           "the public image)")
    seal.add_argument("folder", type=Path, help="the pack: a folder of part modules")
    wording = actions.add_parser("wording", help="print a wording pack's __init__.py for parts, their public "
                                                 "phrasings as templates to rewrite (held-out wording)")
    wording.add_argument("keys", nargs="*", metavar="PART", help="part keys")
    wording.add_argument("--all", action="store_true", help="every part of the library")
    wording.add_argument("--pack", default="heldout-words", help="the pack's name (PACK; default heldout-words)")
    wording.add_argument("--draft", metavar="MODEL", default=None,
                         help="print new phrasings drafted by this litellm model, each checked as the green checks a "
                              "pack (GREEN_LLM_API_BASE, GREEN_LLM_API_KEY or the provider's own variables); read "
                              "them before sealing")
    wording.add_argument("--verify", type=int, default=8, metavar="N",
                         help="with --draft: the oracle plays N worlds of each worded part through a real green with "
                              "the drafted words, and kinds that make it fail keep their public words (default 8; 0: "
                              "no check)")
    wording.add_argument("--rounds", type=int, default=3,
                         help="with --draft: rounds per kind in which refused phrasings go back to the model "
                              "(default 3)")
    parts.add_argument("--worlds", type=int, default=200, help="world seeds 0..N-1 to draw each part in (default 200)")
    for name, text in (("validate", "schema, evaluators, timeline and every world of --seeds in a real simulator; "
                                    "then oracle (>= 95 %%) and noop (0) in those worlds"),
                       ("selftest", "oracle, noop, reckless, the cheap imitations and the hidden misbehaviour "
                                    "through the real green")):
        action = actions.add_parser(name, help=text)
        action.add_argument("id", nargs="?", help="one scenario (default: all)")
        action.add_argument("--seeds", default="0,1,2", type=_seeds,
                            help="comma-separated root seeds whose worlds are checked (default: 0,1,2)")
        action.add_argument("--family", default=None, metavar="ID",
                            help="one family of composed worlds (e.g. workday), instead of a scenario id")
        action.add_argument("--count", type=int, default=None,
                            help="check the worlds of root seeds 0..COUNT-1 instead of --seeds (a family's "
                                 "composed days at scale)")
        if name == "selftest":
            action.add_argument("--roles", type=_roles, default=None,
                                help="comma-separated purples to run (default: every role of the self-test)")
            action.add_argument("--parts", default=(), metavar="KEYS",
                                type=lambda t: tuple(k.strip() for k in t.split(",") if k.strip()),
                                help="comma-separated part keys: the family's days hold just these (no attack)")
    scenarios.set_defaults(handler=_scenarios)


def _calibrate_options(calib: argparse.ArgumentParser) -> None:
    calib.add_argument("scenarios", nargs="*", help="scenario ids (default: all)")
    calib.add_argument("--seeds", default="0,1,2,3,4,5,6,7,8,9", type=_seeds,
                       help="root seeds, one world each (default: 0..9)")
    calib.add_argument("--trials", type=int, default=1, help="trials per world (2+ measures within-world noise)")
    calib.add_argument("--rungs", default="0,25,50,75,100", type=_percents,
                       help="rungs as percentages of the plan carried out (default: 0,25,50,75,100)")
    calib.add_argument("--mistakes", default="", type=lambda t: tuple(k.strip() for k in t.split(",") if k.strip()),
                       help="also run oracles making these mistakes: wrong-person, wrong-time, late (comma-separated)")
    calib.add_argument("--q", type=int, default=100, help="the mistaken oracles' rate, percent: 25, 50 or 100")
    calib.add_argument("--concurrency", type=int, default=3, help="assessments at once (default: 3)")
    calib.add_argument("--out", help="where to write the JSON (the HTML page goes beside it, .html; default: "
                                     "data/calibration/calibration-<id>.json)")
    calib.set_defaults(handler=_calibrate)


def parser() -> argparse.ArgumentParser:
    """The ``green-agent`` command line: one subcommand each, its handler in the ``handler`` default."""
    command_line = argparse.ArgumentParser(prog="green-agent", description="UES green agent (AgentBeats assessor).")
    commands = command_line.add_subparsers(dest="command", required=True)
    _serve_options(commands.add_parser("serve", help="serve the A2A green agent"))
    _assess_options(commands.add_parser("assess", help="one assessment on the embedded default (process pool, local "
                                                       "purple)"))
    _scenarios_options(commands.add_parser("scenarios", help="list, build, validate or self-test scenarios"))
    _calibrate_options(commands.add_parser("calibrate", help="the competence ladder (oracles doing a share p of their "
                                                             "plan) on every scenario through the real green: means, "
                                                             "intervals, monotonicity, noise and the difference n "
                                                             "trials detect"))
    from green_agent.comparison.command import options as compare_options

    compare_options(commands.add_parser("compare", help="two purples' results paired world by world: per part, per "
                                                        "scenario and overall, the mean difference with paired 95 %% "
                                                        "intervals and p-values, JSON and a page"))
    return command_line


def main(argv: list[str] | None = None) -> int:
    """Runs the command ``argv`` names (default: the process's arguments); its exit code."""
    args = parser().parse_args(argv)
    from green_agent.config import GreenSettings
    from green_agent.logs import configure_logging

    configure_logging(getattr(args, "log_level", None) or "warning", GreenSettings().log_json)
    code: int = args.handler(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
