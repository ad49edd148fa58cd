"""The top-level docker-compose.yml on the real engine, through testcontainers' ``DockerCompose``: `up` (with a build)
runs one assessment of the oracle purple and writes its rows; the green removes its worlds when it stops; `down`
leaves nothing behind. Times `docker compose up` → first result (docs/operate/compose.md quotes the figure).

The stack runs under its own project, network and pool names, with the results in a temporary folder, so it never
meets a developer's own stack or writes into the repository.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import time
from pathlib import Path

import docker
import pytest

from tests.docker.conftest import REPO, SESSION, base_image_name, docker_missing, free_port

LABEL_POOL = "org.ues-green.pool"  # ues_pool/backends/docker.py: every world carries it
COMPOSE_PROJECT = "com.docker.compose.project"
ASSESS_TIMEOUT_S = 600
GREEN_STOP_TIMEOUT_S = 60


def compose_v2_missing() -> str | None:
    try:
        done = subprocess.run(["docker", "compose", "version", "--short"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"docker compose does not run ({exc})"
    if done.returncode != 0 or not done.stdout.strip().lstrip("v").startswith("2."):
        return f"docker compose v2 is missing ({(done.stderr or done.stdout).strip()[:200]}); run deploy/compose.sh"
    return None


def containers(client, **labels: str) -> list:
    filters = {"label": [f"{key}={value}" for key, value in labels.items()]}
    return client.containers.list(all=True, filters=filters)


@pytest.fixture
def stack_env(docker_client, tmp_path: Path) -> dict[str, str]:
    """The stack's settings: its own names, a free host port, results under tmp_path; the working tree's image,
    built by compose (or GREEN_TEST_IMAGE as it is)."""
    reason = compose_v2_missing()
    if reason:
        docker_missing(reason)
    image = os.environ.get("GREEN_TEST_IMAGE") or f"ues-green:compose-{SESSION}"
    if not os.environ.get("GREEN_TEST_IMAGE"):
        try:
            docker_client.images.get(base_image_name())
        except docker.errors.ImageNotFound:
            docker_missing(f"base image {base_image_name()} is not in the engine; run deploy/base-image.sh")
    name = f"uesgreen-test-{SESSION}"
    results = tmp_path / "results"
    results.mkdir()
    return {"COMPOSE_PROJECT_NAME": name, "UES_GREEN_NETWORK": name, "GREEN_POOL_NAME": name,
            "GREEN_IMAGE": image, "GREEN_PORT": str(free_port()),
            "RESULTS_DIR": str(results), "SCENARIO": "email_triage_basic", "TRIALS": "1", "SEED": "7"}


def test_compose_stack_assesses_the_oracle_and_leaves_nothing(docker_client, stack_env, tmp_path: Path,
                                                              capsys) -> None:
    env_file = tmp_path / "stack.env"
    env_file.write_text("".join(f"{key}={value}\n" for key, value in stack_env.items()))
    project, results = stack_env["COMPOSE_PROJECT_NAME"], Path(stack_env["RESULTS_DIR"])
    prebuilt = bool(os.environ.get("GREEN_TEST_IMAGE"))
    from testcontainers.compose import DockerCompose  # here: the fixtures report a missing testcontainers

    # `up --build --detach` (wait=False: `--wait` would count the one-shot assess service's exit as a failure).
    compose = DockerCompose(REPO, compose_file_name="docker-compose.yml", env_file=str(env_file),
                            build=not prebuilt, wait=False)
    began = time.monotonic()
    try:
        compose.start()
        up_seconds = time.monotonic() - began
        # testcontainers' URL wait: the green's card on its published loopback port.
        compose.wait_for(f"http://127.0.0.1:{stack_env['GREEN_PORT']}/.well-known/agent-card.json")

        # The assess service: wait for its first result file and its exit.
        first_result = None
        deadline = began + ASSESS_TIMEOUT_S
        while True:
            if first_result is None and any(results.glob("*.json")):
                first_result = time.monotonic() - began
            assess = compose.get_container("assess", include_all=True)
            if assess.State == "exited":
                break
            assert time.monotonic() < deadline, f"assess still {assess.State} after {ASSESS_TIMEOUT_S} s:\n" \
                                                f"{compose.get_logs()[0][-4000:]}"
            time.sleep(0.2)
        logs = compose.get_logs("assess", "green")[0]
        assert assess.ExitCode == 0, f"assess exited {assess.ExitCode}:\n{logs[-4000:]}"
        assert first_result is not None, f"assess exited 0 but wrote nothing to {results}:\n{logs[-4000:]}"
        with capsys.disabled():
            print(f"\ndocker compose up{' --build' if not prebuilt else ''}: {up_seconds:.1f} s until every service "
                  f"started; first result {first_result:.1f} s after `up`")

        # The rows, in the AgentBeats results shape.
        files = sorted(results.glob("*.json"))
        assert len(files) == 1, files
        stored = json.loads(files[0].read_text())
        assert stored["participants"] == {"personal_assistant": "http://purple:9019/"}
        trials = [row for row in stored["results"] if row["row_type"] == "trial"]
        summaries = [row for row in stored["results"] if row["row_type"] == "summary"]
        assert len(trials) == 1 and len(summaries) == 1, stored["results"]
        trial = trials[0]
        assert trial["scenario_id"] == "email_triage_basic"
        # Seed 7: a generated world, whose plan reaches the oracle only through the shared plans volume.
        assert trial["provenance"]["world_seed"] == 7, trial["provenance"]
        assert trial["status"] == "completed", trial.get("errors")
        assert trial["passed"] is True, trial.get("criteria_results")
        assert trial["percentage"] >= 95, trial["percentage"]
        assert trial["provenance"]["ues_backend"] == "docker", trial["provenance"]
        assert trial["provenance"]["ues_image"] == stack_env["GREEN_IMAGE"], trial["provenance"]
        assert files[0].with_suffix(".summary.txt").read_text().strip()

        # The world ran as a container of this stack's pool, on this stack's network, and is still there (kept
        # for a next assessment) ...
        worlds = containers(docker_client, **{LABEL_POOL: project})
        assert worlds, "no world container of this stack's pool: did the green use the docker backend?"
        for world in worlds:
            assert project in world.attrs["NetworkSettings"]["Networks"], world.attrs["NetworkSettings"]["Networks"]
        # ... until the green stops: sent SIGTERM by itself (what `docker compose down` and `stop` send), it removes
        # every world it started.
        green = docker_client.containers.get(compose.get_container("green").ID)
        green.kill(signal="SIGTERM")
        status = green.wait(timeout=GREEN_STOP_TIMEOUT_S)
        left = [w.name for w in containers(docker_client, **{LABEL_POOL: project})]
        assert not left, f"the green (exit {status['StatusCode']}) left its worlds behind: {left}\n" \
                         f"{green.logs(tail=30).decode(errors='replace')}"
    finally:
        compose.stop()  # docker compose down --volumes
        leftovers = containers(docker_client, **{COMPOSE_PROJECT: project}) + \
            containers(docker_client, **{LABEL_POOL: project})
        for container in leftovers:
            container.remove(force=True, v=True)
        networks = docker_client.networks.list(names=[project])
        for network in networks:
            network.remove()
        for volume in docker_client.volumes.list(filters={"label": f"{COMPOSE_PROJECT}={project}"}):
            volume.remove(force=True)
        if not prebuilt:  # the tag only: its layers stay, shared with ues-green:test (the next build's cache)
            with contextlib.suppress(docker.errors.ImageNotFound):
                docker_client.images.remove(stack_env["GREEN_IMAGE"], noprune=True)
    assert not leftovers, f"`docker compose down` left containers behind: {[c.name for c in leftovers]}"
    assert not networks, f"`docker compose down` left the network {project} behind"
