#!/usr/bin/env bash
# A local PostgreSQL for the green's task-store tests (GREEN_TASK_DB_URL=postgresql+asyncpg://…).
# Idempotent: installs Debian's postgresql when missing, starts the default cluster, sets a password for the
# postgres role, and prints the SQLAlchemy URL on stdout (everything else goes to stderr).
set -euo pipefail

PASSWORD="${GREEN_TEST_POSTGRES_PASSWORD:-green-tests}"
if ! command -v pg_lsclusters >/dev/null 2>&1 || [ -z "$(pg_lsclusters -h 2>/dev/null)" ]; then
    echo "postgres-for-tests: installing postgresql" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q >&2
    apt-get install -y -q postgresql >&2
fi
read -r VERSION CLUSTER PORT STATUS _ < <(pg_lsclusters -h | head -n1)
if [ "$STATUS" != "online" ]; then
    pg_ctlcluster "$VERSION" "$CLUSTER" start >&2
fi
for _ in $(seq 1 50); do
    if su postgres -c "psql -p $PORT -tAc 'select 1'" >/dev/null 2>&1; then break; fi
    sleep 0.2
done
su postgres -c "psql -p $PORT -qc \"ALTER USER postgres PASSWORD '$PASSWORD'\"" >&2
echo "postgresql+asyncpg://postgres:${PASSWORD}@127.0.0.1:${PORT}/postgres"
