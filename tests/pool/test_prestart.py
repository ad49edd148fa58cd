"""``UESPool.prestart``: the worlds a run knows it needs, started at once (``green-agent assess``: one world, started
beside the purple). A taker that comes while such a world is on its way takes it instead of starting another, no
world is kept up afterwards, and a world that failed to start fails its taker with the backend's reason. Real
process-backend worlds."""

from __future__ import annotations

import pytest

from ues_pool.backends.base import BackendError
from ues_pool.backends.process import ProcessBackend, ProcessConfig
from ues_pool.pool import PoolConfig, UESPool


def pool(tmp_path, **backend) -> UESPool:
    config = ProcessConfig(pool_name="prestart", state_dir=tmp_path, **backend)
    return UESPool(ProcessBackend(config), PoolConfig(min_idle=0, max_instances=4, acquire_timeout_s=30))


async def test_a_taker_takes_the_world_on_its_way_and_no_other_is_started(tmp_path):
    async with pool(tmp_path) as worlds:
        worlds.prestart(1)
        async with worlds.lease("run") as lease:  # at once: the prestarted world is still starting
            assert worlds.total == 1 and worlds.stats["started"] == 1, worlds.metrics()  # that world, no other
            assert worlds.stats["acquired_warm"] == 1 and worlds.stats["acquired_cold"] == 0
            async with worlds.lease("second") as other:  # nothing on its way now: a start of its own
                assert other.instance_id != lease.instance_id
        assert worlds.stats["started"] == 2 and worlds.stats["acquired_warm"] == 1
        assert worlds.stats["acquired_cold"] == 1
        async with worlds.lease("third"):  # a world given back serves the next taker
            pass
        assert worlds.stats["started"] == 2  # and none is started to keep a warm set


async def test_a_world_that_fails_to_start_fails_its_taker_with_the_reason(tmp_path):
    # 192.0.2.1 (TEST-NET-1) is no address of this machine: the fork server cannot listen on it.
    async with pool(tmp_path, bind_host="192.0.2.1") as worlds:
        worlds.prestart(1)
        with pytest.raises(BackendError, match="could not start"):
            async with worlds.lease("run"):
                pass
        assert worlds.stats["start_failures"] == 1  # the taker waited for that start instead of making its own
        assert worlds.total == 0
