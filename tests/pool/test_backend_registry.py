"""Backends are registered by kind (``ues_pool/backends/registry.py``): a backend registered here, in a test, with no
edit anywhere else, is read from its own ``GREEN_UES_<KIND>_*`` variables, selected by ``GREEN_UES_BACKEND`` and
serves real worlds through the pool; a kind registered twice is refused, naming both."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator

import httpx
import pytest
from pydantic import ValidationError

from green_agent.config import GreenSettings
from ues_pool.backends.base import BackendConfigError, Instance
from ues_pool.backends.process import ProcessBackend, ProcessConfig
from ues_pool.backends.registry import BACKENDS, BackendSpec, DuplicateBackendError
from ues_pool.backends.select import make_backend, make_pool
from ues_pool.settings import PoolSettings


class LabelledConfig(ProcessConfig):
    """A throwaway backend's configuration: the process backend's, plus a label its worlds carry."""

    label: str = "unlabelled"


class LabelledBackend(ProcessBackend):
    """Process worlds that say where they come from (``Instance.location``, which a failure names)."""

    name = "labelled"
    config: LabelledConfig

    async def start(self) -> Instance:
        instance = await super().start()
        instance.location = f"labelled world {self.config.label}"
        return instance


@pytest.fixture
def labelled() -> Iterator[BackendSpec[LabelledConfig]]:
    spec = BACKENDS.register(BackendSpec("labelled", LabelledConfig, LabelledBackend))
    try:
        yield spec
    finally:
        BACKENDS.unregister("labelled")


async def test_a_backend_registered_in_a_test_is_selected_and_configured_through_settings(labelled, monkeypatch,
                                                                                          tmp_path):
    pool_name = f"reg-{uuid.uuid4().hex[:8]}"
    for name, value in {"GREEN_UES_BACKEND": "labelled", "GREEN_UES_LABELLED_LABEL": "blue",
                        "GREEN_UES_LABELLED_STARTUP_TIMEOUT": "15", "GREEN_DATA_DIR": str(tmp_path),
                        "GREEN_POOL_NAME": pool_name, "GREEN_POOL_MIN_IDLE": "0"}.items():
        monkeypatch.setenv(name, value)
    settings = PoolSettings(_env_file=None)
    config = settings.backend_config("labelled", LabelledConfig)
    # its own variables, and the shared settings it has fields for
    assert (config.label, config.startup_timeout) == ("blue", 15)
    assert (config.pool_name, config.state_dir, config.bind_host) == (pool_name, tmp_path / "ues-pool", "127.0.0.1")
    # the green's settings (a subclass) know it too, keywords over the environment as for every backend
    assert GreenSettings(_env_file=None, ues_labelled_label="red").backend_config("labelled", LabelledConfig).label \
        == "red"
    async with make_pool(settings) as pool, pool.lease("ctx-registry") as lease:
        assert (lease.backend, lease.instance.location) == ("labelled", "labelled world blue")
        async with httpx.AsyncClient(timeout=5) as http:
            assert (await http.get(lease.url + "/health")).status_code == 200
        assert await pool.backend.owned(), "the world runs while leased"
    assert await LabelledBackend(config).owned() == [], "the pool's shutdown stopped its world"


@pytest.mark.parametrize(("variable", "value", "message"), [
    ("GREEN_UES_LABELLED_STARTUP_TIMEOUT", "0", "GREEN_UES_LABELLED_STARTUP_TIMEOUT: Input should be greater than 0"),
    ("GREEN_UES_LABELLED_POOL_NAME", "mine", "GREEN_UES_LABELLED_POOL_NAME is not a setting: set GREEN_POOL_NAME"),
])
def test_a_registered_backends_settings_are_validated_naming_the_variable(labelled, monkeypatch, variable, value,
                                                                          message):
    monkeypatch.setenv(variable, value)
    with pytest.raises(ValidationError, match=re.escape(message)):
        PoolSettings(_env_file=None)


def test_an_unregistered_kind_is_refused_naming_the_choices(monkeypatch):
    monkeypatch.setenv("GREEN_UES_BACKEND", "labelled")
    with pytest.raises(ValidationError, match=re.escape(
            "GREEN_UES_BACKEND='labelled' is not a backend: use auto, process, docker, swarm, external")):
        PoolSettings(_env_file=None)
    with pytest.raises(BackendConfigError, match="is not a backend"):
        BACKENDS["labelled"]


def test_the_builtin_kinds_are_selected_by_their_names(tmp_path):
    settings = PoolSettings(_env_file=None, data_dir=tmp_path, ues_backend="process")
    backend = make_backend(settings)
    assert type(backend) is ProcessBackend and backend.config == settings.backend_config("process")
    assert BACKENDS.kinds() == ["process", "docker", "swarm", "external"]


def test_a_kind_registered_twice_is_refused_naming_both():
    with pytest.raises(DuplicateBackendError, match=re.escape(
            "backend kind 'process' is registered twice: by ues_pool.backends.process.ProcessBackend and by "
            f"{__name__}.LabelledBackend")):
        BACKENDS.register(BackendSpec("process", LabelledConfig, LabelledBackend))
    assert BACKENDS["process"].build is ProcessBackend, "the first registration stands"


@pytest.mark.parametrize("kind", ["auto", "advertise", "my_kind", "Docker", ""])
def test_a_kind_that_would_not_read_as_one_variable_prefix_is_refused(kind):
    with pytest.raises(ValueError, match="cannot be a backend kind"):
        BACKENDS.register(BackendSpec(kind, LabelledConfig, LabelledBackend))
    assert kind not in BACKENDS
