#!/usr/bin/env bash
# Make the local Docker engine a (single-node) swarm manager, for the swarm backend (GREEN_UES_BACKEND=swarm)
# and its tests. Idempotent: an engine that already manages a swarm is left as it is.
#
#   deploy/swarm.sh              # after deploy/docker-engine.sh
#
# Environment:
#   SWARM_ADVERTISE_ADDR   the address other nodes reach this manager at (default 127.0.0.1: a single-node swarm
#                          that nothing outside this machine can join; set the machine's address to add nodes)
#   SWARM_LISTEN_ADDR      where the manager listens for nodes (default: the advertise address, port 2377)
#
# A worker or a non-manager node cannot create services: that is an error here, not something to "fix" by leaving
# a swarm someone else built.
set -euo pipefail

ADVERTISE="${SWARM_ADVERTISE_ADDR:-127.0.0.1}"
LISTEN="${SWARM_LISTEN_ADDR:-$ADVERTISE:2377}"

say() { echo "swarm: $*" >&2; }
die() { say "ERROR: $*"; exit 1; }

docker info >/dev/null 2>&1 || die "no Docker engine answers (run deploy/docker-engine.sh first)"

state() { docker info --format '{{.Swarm.LocalNodeState}} manager={{.Swarm.ControlAvailable}}'; }

case "$(docker info --format '{{.Swarm.LocalNodeState}}')" in
    active)
        [ "$(docker info --format '{{.Swarm.ControlAvailable}}')" = true ] \
            || die "this engine is a swarm worker, not a manager: services can only be created on a manager"
        ;;
    inactive)
        say "initialising a single-node swarm (advertise $ADVERTISE, listen $LISTEN)"
        docker swarm init --advertise-addr "$ADVERTISE" --listen-addr "$LISTEN" >/dev/null
        ;;
    pending|locked|error|*)
        die "the engine's swarm state is '$(docker info --format '{{.Swarm.LocalNodeState}}')'; see docker info"
        ;;
esac

# A fresh manager takes a moment before it accepts services.
for _ in $(seq 1 30); do
    docker node ls >/dev/null 2>&1 && break
    sleep 1
done
docker node ls >/dev/null 2>&1 || die "the swarm manager does not answer docker node ls"

say "$(state), nodes: $(docker node ls --format '{{.Hostname}}({{.Status}}/{{.Availability}}{{if .ManagerStatus}}/{{.ManagerStatus}}{{end}})' | tr '\n' ' ')"
