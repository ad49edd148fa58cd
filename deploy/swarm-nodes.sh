#!/usr/bin/env bash
# Worker nodes for the local swarm manager, on this one machine: a real multi-node swarm to test placement,
# cross-node addressing and node loss without a second machine.
#
#   deploy/swarm-nodes.sh build             # only build the node image (CI does it before the tests)
#   deploy/swarm-nodes.sh up N [IMAGE...]   # N workers (ues-node-1..N), joined; IMAGE(s) loaded into each, by id
#   deploy/swarm-nodes.sh load IMAGE...     # load image(s) into every node that lacks them (same id as here)
#   deploy/swarm-nodes.sh status            # one line per node: name, address, swarm node id, state
#   deploy/swarm-nodes.sh stop|kill NAME    # one node's daemon stopped (it reports its tasks' end) / killed (lost)
#   deploy/swarm-nodes.sh start NAME        # a stopped or killed node back
#   deploy/swarm-nodes.sh down              # remove every node, its network, data and swarm membership
#
# After deploy/docker-engine.sh and deploy/swarm.sh (this engine must be a swarm manager).
#
# Each node is a Docker-in-Docker container: its own dockerd, its own data root (a volume), its own address on a
# bridge network (ues-swarm-nodes). Docker-in-Docker rather than a bare daemon in a network namespace because the
# container gives each daemon its own mount, pid and cgroup tree for free — two dockerds sharing one /run, one
# cgroup tree and one iptables namespace step on each other — and `docker stop` is a faithful "machine lost".
# The node image is built OFFLINE: the project's base image (deploy/base-image.sh) plus Debian's docker.io.
#
# The manager. deploy/swarm.sh's manager advertises (and listens on) 127.0.0.1:2377 by default, an address no
# node can reach. Rather than rebuild a swarm others use, a small TCP relay on the host forwards the network's
# gateway address, port 2377, to the manager, and a relay inside each node forwards that node's own
# 127.0.0.1:2377 to the gateway: the address swarm hands every worker (127.0.0.1:2377) leads to the manager from
# inside every node. Control traffic (joins, heartbeats, task assignment, logs) is all on that port. What this
# does not give: an overlay network spanning the manager and the workers (its data path goes to the manager's
# advertised 127.0.0.1); worlds on the workers are reached at their node's address and published port. With a
# manager advertising a real address (SWARM_ADVERTISE_ADDR for deploy/swarm.sh) no relay is started.
#
# Environment:
#   SWARM_NODES_NETWORK   bridge network of the nodes (default ues-swarm-nodes)
#   SWARM_NODES_SUBNET    its subnet (default: one docker picks)
#   SWARM_NODES_PREFIX    node container names (default ues-node; nodes are <prefix>-1..N)
#   SWARM_NODES_IMAGE     node image tag (default ues-swarm-node:local)
#   SWARM_NODES_STATE     state folder: relay pid and log (default /var/lib/ues-green/swarm-nodes)
#   SWARM_NODES_TIMEOUT   seconds to wait for a daemon or a join (default 90)
#   SWARM_NODES_MIN_FREE_MB  free space needed in docker's data root before `up` (default 3000)
set -euo pipefail
cd "$(dirname "$0")/.."

NETWORK="${SWARM_NODES_NETWORK:-ues-swarm-nodes}"
SUBNET="${SWARM_NODES_SUBNET:-}"
PREFIX="${SWARM_NODES_PREFIX:-ues-node}"
NODE_IMAGE="${SWARM_NODES_IMAGE:-ues-swarm-node:local}"
STATE="${SWARM_NODES_STATE:-/var/lib/ues-green/swarm-nodes}"
TIMEOUT="${SWARM_NODES_TIMEOUT:-90}"
MIN_FREE_MB="${SWARM_NODES_MIN_FREE_MB:-3000}"
LABEL=org.ues-green.swarm-nodes
RELAY_PID="$STATE/relay.pid"
RELAY_LOG="$STATE/relay.log"
RECIPE_VERSION=1   # bump when the node image's recipe below changes

say() { echo "swarm-nodes: $*" >&2; }
die() { say "ERROR: $*"; exit 1; }
usage() { sed -n '5,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

# --- checks ----------------------------------------------------------------------------------------------------
need_manager() {
    docker info >/dev/null 2>&1 || die "no Docker engine answers (run deploy/docker-engine.sh first)"
    [ "$(docker info --format '{{.Swarm.LocalNodeState}}/{{.Swarm.ControlAvailable}}')" = active/true ] \
        || die "this engine is not a swarm manager (run deploy/swarm.sh first)"
}

# Every capability the engine itself holds (its bounding set), by name. Not --privileged: that asks for every
# capability the kernel knows, and an engine that lacks one (CAP_SYS_RESOURCE, in a container here) cannot grant it.
CAP_NAMES=(CHOWN DAC_OVERRIDE DAC_READ_SEARCH FOWNER FSETID KILL SETGID SETUID SETPCAP LINUX_IMMUTABLE
    NET_BIND_SERVICE NET_BROADCAST NET_ADMIN NET_RAW IPC_LOCK IPC_OWNER SYS_MODULE SYS_RAWIO SYS_CHROOT SYS_PTRACE
    SYS_PACCT SYS_ADMIN SYS_BOOT SYS_NICE SYS_RESOURCE SYS_TIME SYS_TTY_CONFIG MKNOD LEASE AUDIT_WRITE AUDIT_CONTROL
    SETFCAP MAC_OVERRIDE MAC_ADMIN SYSLOG WAKE_ALARM BLOCK_SUSPEND AUDIT_READ)  # bits 0-37; newer ones not needed
node_run_flags() {  # sets NODE_FLAGS
    local pid mask bit
    pid="$(pgrep -xo dockerd 2>/dev/null || echo self)"
    mask="$(awk '/^CapBnd:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || awk '/^CapBnd:/ { print $2 }' /proc/self/status)"
    NODE_FLAGS=()
    for bit in "${!CAP_NAMES[@]}"; do
        if (( (16#$mask >> bit) & 1 )); then NODE_FLAGS+=(--cap-add "${CAP_NAMES[$bit]}"); fi
    done
    # A daemon of its own: no seccomp/AppArmor filter, /proc and /sys unmasked, any device node for its containers.
    NODE_FLAGS+=(--security-opt seccomp=unconfined --security-opt apparmor=unconfined
                 --security-opt systempaths=unconfined --device-cgroup-rule 'a *:* rwm')
}

need_privilege() {
    # Docker-in-Docker needs those capabilities; an engine in rootless or userns-remap mode refuses them.
    local out
    node_run_flags
    if ! out="$(docker run --rm "${NODE_FLAGS[@]}" --network none --entrypoint true "$NODE_IMAGE" 2>&1)"; then
        die "this engine cannot give a container the capabilities a node's own daemon needs: $out"
    fi
}

need_space() {
    local root free
    root="$(docker info --format '{{.DockerRootDir}}')"
    free="$(df -Pm "$root" 2>/dev/null | awk 'NR == 2 { print $4 }')"
    if [ -n "$free" ] && [ "$free" -lt "$MIN_FREE_MB" ]; then
        die "only ${free} MB free under $root; each node holds a copy of the world image (set SWARM_NODES_MIN_FREE_MB to change the ${MIN_FREE_MB} MB floor)"
    fi
}

base_image() {
    awk 'toupper($1) == "FROM" { for (i = 2; i <= NF; i++) if ($i !~ /^--/) { print $i; exit } }' Dockerfile
}

# --- the node image (offline: base image + Debian's docker.io) ---------------------------------------------------
node_entry() {
    cat <<'EOF'
#!/bin/sh
# A swarm node: a TCP relay from this node's 127.0.0.1:2377 to the manager's relay, then its own dockerd.
set -eu
# Not privileged: /sys and the cgroup controllers arrive read-only; the node's daemon makes cgroups under them.
mount -o remount,rw /sys
for controller in /sys/fs/cgroup/*; do
    mount -o remount,bind,rw "$controller" 2>/dev/null || true
done
# A node killed and started again finds its runtime state of before (a machine's /run would be empty after a reboot).
rm -rf /var/run/docker.pid /var/run/docker
if [ -n "${MANAGER_RELAY:-}" ]; then
    python3 /usr/local/bin/relay.py 127.0.0.1:2377 "$MANAGER_RELAY" >/var/log/relay.log 2>&1 &
fi
exec dockerd --host unix:///var/run/docker.sock --data-root /var/lib/docker ${DOCKERD_FLAGS:-} >/var/log/dockerd.log 2>&1
EOF
}

relay_py() {
    cat <<'EOF'
"""relay.py LISTEN_HOST:PORT TARGET_HOST:PORT — forward every TCP connection (swarm's control port, for nodes)."""
import asyncio
import sys


async def pipe(reader, writer):
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        writer.close()


async def main(listen, target):
    lhost, lport = listen.rsplit(":", 1)
    thost, tport = target.rsplit(":", 1)

    async def handle(reader, writer):
        try:
            up_reader, up_writer = await asyncio.open_connection(thost, int(tport))
        except OSError as exc:
            print(f"relay: cannot reach {target}: {exc}", flush=True)
            writer.close()
            return
        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    server = await asyncio.start_server(handle, lhost, int(lport), reuse_address=True)
    print(f"relay: {listen} -> {target}", flush=True)
    async with server:
        await server.serve_forever()


asyncio.run(main(sys.argv[1], sys.argv[2]))
EOF
}

build_node_image() {
    local base key have
    base="$(base_image)"
    docker image inspect "$base" >/dev/null 2>&1 || die "the base image $base is missing (run deploy/base-image.sh)"
    key="$( { echo "$RECIPE_VERSION"; docker image inspect --format '{{.Id}}' "$base"; node_entry; relay_py; } \
        | sha256sum | cut -c1-12)"
    have="$(docker image inspect --format "{{index .Config.Labels \"$LABEL.recipe\"}}" "$NODE_IMAGE" 2>/dev/null || true)"
    if [ "$have" = "$key" ]; then
        return 0
    fi
    local dir started
    dir="$(mktemp -d)"
    node_entry >"$dir/node-entry.sh"
    relay_py >"$dir/relay.py"
    cat >"$dir/Dockerfile" <<EOF
FROM $base
RUN apt-get update -qq \\
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends docker.io iptables procps \\
 && apt-get clean && rm -rf /var/lib/apt/lists/*
COPY node-entry.sh relay.py /usr/local/bin/
RUN chmod 0755 /usr/local/bin/node-entry.sh
LABEL $LABEL.recipe=$key
VOLUME /var/lib/docker
ENTRYPOINT ["/usr/local/bin/node-entry.sh"]
EOF
    started=$(date +%s)
    say "building the node image $NODE_IMAGE ($base + Debian's docker.io)"
    # --network host: the build reaches the Debian mirror even where dockerd runs without iptables.
    docker build --network host -q -t "$NODE_IMAGE" "$dir" >/dev/null 2>"$dir.log" \
        || { tail -n 20 "$dir.log" >&2; rm -rf "$dir" "$dir.log"; die "building the node image failed (is the Debian mirror reachable?)"; }
    rm -rf "$dir" "$dir.log"
    say "node image built in $(( $(date +%s) - started ))s"
}

# --- the manager relay ---------------------------------------------------------------------------------------------
manager_addr() { docker info --format '{{.Swarm.NodeAddr}}'; }
manager_port() {
    # Reads every line (no early exit): under pipefail a writer cut off by SIGPIPE fails the script.
    docker info --format '{{range .Swarm.RemoteManagers}}{{.Addr}}{{"\n"}}{{end}}' | awk -F: 'NR == 1 { print $NF }'
}
gateway() { docker network inspect --format '{{range .IPAM.Config}}{{.Gateway}}{{end}}' "$NETWORK"; }

relay_running() {
    local pid
    pid="$(cat "$RELAY_PID" 2>/dev/null || true)"
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && grep -q relay.py "/proc/$pid/cmdline" 2>/dev/null
}

start_relay() {
    local gw="$1" port="$2"
    relay_running && return 0
    mkdir -p "$STATE"
    relay_py >"$STATE/relay.py"
    setsid python3 "$STATE/relay.py" "$gw:$port" "127.0.0.1:$port" >>"$RELAY_LOG" 2>&1 </dev/null &
    echo $! >"$RELAY_PID"
    for _ in $(seq 1 50); do
        grep -q "relay: $gw:$port" "$RELAY_LOG" 2>/dev/null && return 0
        kill -0 "$(cat "$RELAY_PID")" 2>/dev/null || break
        sleep 0.1
    done
    die "the manager relay ($gw:$port -> 127.0.0.1:$port) did not start: $(tail -n 3 "$RELAY_LOG" 2>/dev/null)"
}

stop_relay() {
    if relay_running; then
        kill "$(cat "$RELAY_PID")" 2>/dev/null || true
    fi
    rm -f "$RELAY_PID" "$STATE/relay.py" "$RELAY_LOG"
}

# ensure_relay: sets JOIN_ADDR (where a node joins the manager) and RELAY_TARGET (the host relay nodes forward to, ""
# when the manager is reachable as it advertises itself), starting the host relay when it is needed and not running.
ensure_relay() {
    local gw port
    gw="$(gateway)"
    port="$(manager_port)"
    port="${port:-2377}"
    case "$(manager_addr)" in
        127.*|localhost|"")
            start_relay "$gw" "$port"
            RELAY_TARGET="$gw:$port"
            JOIN_ADDR="127.0.0.1:$port" ;;
        *)
            RELAY_TARGET=""
            JOIN_ADDR="$(manager_addr):$port" ;;
    esac
}

# --- nodes -----------------------------------------------------------------------------------------------------------
nodes() { docker ps -a --filter "label=$LABEL=node" --format '{{.Names}}' | sort -V; }
node_ip() { docker inspect --format "{{(index .NetworkSettings.Networks \"$NETWORK\").IPAddress}}" "$1"; }
in_node() { local n="$1"; shift; docker exec "$n" "$@"; }

wait_daemon() {
    local n="$1"
    for _ in $(seq 1 "$TIMEOUT"); do
        in_node "$n" docker info >/dev/null 2>&1 && return 0
        [ "$(docker inspect --format '{{.State.Running}}' "$n")" = true ] || break
        sleep 1
    done
    die "the daemon of node $n did not answer within ${TIMEOUT}s; its log: $(docker exec "$n" tail -n 5 /var/log/dockerd.log 2>/dev/null || docker logs --tail 5 "$n" 2>&1)"
}

swarm_id_of() { in_node "$1" docker info --format '{{.Swarm.NodeID}}' 2>/dev/null || true; }

join() {
    local n="$1" token ip state
    state="$(in_node "$n" docker info --format '{{.Swarm.LocalNodeState}}')"
    [ "$state" = active ] && return 0
    token="$(docker swarm join-token -q worker)"
    ip="$(node_ip "$n")"
    # 127.0.0.1:<port> inside the node is the relay to the manager (or, with a reachable manager, its address).
    in_node "$n" docker swarm join --token "$token" --advertise-addr "$ip" --listen-addr "$ip:2377" \
        "$JOIN_ADDR" >/dev/null || die "node $n could not join the swarm at $JOIN_ADDR"
    local id
    id="$(swarm_id_of "$n")"
    for _ in $(seq 1 "$TIMEOUT"); do
        [ "$(docker node inspect --format '{{.Status.State}}' "$id" 2>/dev/null)" = ready ] && return 0
        sleep 1
    done
    die "node $n joined but the manager never saw it ready"
}

load_images() {
    local n img id
    for img in "$@"; do
        id="$(docker image inspect --format '{{.Id}}' "$img" 2>/dev/null)" || die "no image $img in this engine"
        for n in $(nodes); do
            in_node "$n" docker image inspect "$id" >/dev/null 2>&1 && continue
            say "loading $img (${id:7:12}) into $n"
            # By id: swarm names the image by id, and `docker save | docker load` keeps it.
            docker save "$id" | docker exec -i "$n" docker load -q >/dev/null \
                || die "loading $img into $n failed (no space left on it?)"
        done
    done
}

label_address() {
    # The manager sees every node connect from the relay (127.0.0.1): the swarm backend reads the address where a
    # node's published ports are from this label (GREEN_UES_SWARM_ADDRESS_LABEL).
    local n="$1" id
    id="$(swarm_id_of "$n")"
    docker node update --label-add "ues.address=$(node_ip "$n")" "$id" >/dev/null \
        || die "could not label node $n with its address"
}

forget_node() {
    # The manager's record of a node whose container is gone (or is about to be).
    local hostname="$1" id
    for id in $(docker node ls --filter "name=$hostname" --format '{{.ID}} {{.Hostname}}' | awk -v h="$hostname" '$2 == h { print $1 }'); do
        docker node rm --force "$id" >/dev/null 2>&1 || true
    done
}

cmd_up() {
    local count="${1:-}"
    [[ "$count" =~ ^[0-9]+$ ]] && [ "$count" -ge 1 ] || die "usage: $0 up N [IMAGE...] (N >= 1)"
    shift
    need_manager
    need_space
    local started
    started=$(date +%s)
    build_node_image
    need_privilege

    if ! docker network inspect "$NETWORK" >/dev/null 2>&1; then
        say "creating the bridge network $NETWORK"
        docker network create --driver bridge --label "$LABEL=network" ${SUBNET:+--subnet "$SUBNET"} "$NETWORK" >/dev/null
    fi
    local relay_target
    ensure_relay
    relay_target="$RELAY_TARGET"

    local i n
    for i in $(seq 1 "$count"); do
        n="$PREFIX-$i"
        if docker inspect "$n" >/dev/null 2>&1; then
            [ "$(docker inspect --format '{{.State.Running}}' "$n")" = true ] || docker start "$n" >/dev/null
        else
            forget_node "$n"   # a record left by an earlier node of that name
            docker run -d --name "$n" --hostname "$n" --init "${NODE_FLAGS[@]}" \
                --label "$LABEL=node" --network "$NETWORK" \
                --mount "type=volume,source=$n-data,target=/var/lib/docker,volume-label=$LABEL=data" \
                -e MANAGER_RELAY="$relay_target" "$NODE_IMAGE" >/dev/null \
                || die "could not start node $n"
        fi
    done
    for i in $(seq 1 "$count"); do
        n="$PREFIX-$i"
        wait_daemon "$n"
        join "$n"
        label_address "$n"
    done
    # Nodes above N from an earlier, larger `up` are left alone: `down` removes them.
    [ "$#" -gt 0 ] && load_images "$@"
    say "$count node(s) up in $(( $(date +%s) - started ))s"
    cmd_status
}

cmd_status() {
    local n
    for n in $(nodes); do
        local running id state avail
        running="$(docker inspect --format '{{.State.Running}}' "$n")"
        id="$( [ "$running" = true ] && swarm_id_of "$n" || true)"
        if [ -z "$id" ]; then
            id="$(docker node ls --format '{{.ID}} {{.Hostname}}' | awk -v h="$n" '$2 == h && !found { print $1; found = 1 }')"
        fi
        state="$(docker node inspect --format '{{.Status.State}}' "$id" 2>/dev/null || echo unknown)"
        avail="$(docker node inspect --format '{{.Spec.Availability}}' "$id" 2>/dev/null || echo unknown)"
        echo "$n $(node_ip "$n" 2>/dev/null || echo -) ${id:--} container=$([ "$running" = true ] && echo running || echo stopped) node=$state/$avail"
    done
}

cmd_down() {
    docker info >/dev/null 2>&1 || die "no Docker engine answers"
    local n
    for n in $(nodes); do
        # Leaving first tells the manager at once; a stopped node's record is removed by force below.
        docker exec "$n" docker swarm leave --force >/dev/null 2>&1 || true
        docker rm -f -v "$n" >/dev/null 2>&1 || true
        forget_node "$n"
        say "removed node $n"
    done
    local v
    for v in $(docker volume ls -q --filter "label=$LABEL=data"); do docker volume rm -f "$v" >/dev/null; done
    stop_relay
    if docker network inspect "$NETWORK" >/dev/null 2>&1; then
        [ "$(docker network inspect --format "{{index .Labels \"$LABEL\"}}" "$NETWORK")" = network ] \
            || die "network $NETWORK was not made by this script: left alone"
        docker network rm "$NETWORK" >/dev/null
    fi
    # Down (never left) nodes of this script's names the manager still lists: a node removed behind its back.
    for n in $(docker node ls --format '{{.Hostname}}' | grep -E "^$PREFIX-[0-9]+$" || true); do forget_node "$n"; done
    say "no nodes left; the manager's swarm: $(docker node ls --format '{{.Hostname}}' | tr '\n' ' ')"
}

cmd_stop() {
    local n="${1:-}"
    [ -n "$n" ] || die "usage: $0 stop NAME"
    docker stop -t 2 "$n" >/dev/null || die "no node $n"
}

cmd_start() {
    local n="${1:-}"
    [ -n "$n" ] || die "usage: $0 start NAME"
    need_manager
    ensure_relay   # after a reboot of this machine, say
    docker start "$n" >/dev/null || die "no node $n"
    wait_daemon "$n"
    local id
    id="$(swarm_id_of "$n")"
    for _ in $(seq 1 "$TIMEOUT"); do
        if [ "$(docker node inspect --format '{{.Status.State}}' "$id" 2>/dev/null)" = ready ]; then
            label_address "$n"   # a restarted container may have another address
            return 0
        fi
        sleep 1
    done
    die "node $n is back but the manager never saw it ready"
}

case "${1:-}" in
    up) shift; cmd_up "$@" ;;
    build) need_manager; build_node_image; need_privilege; say "node image $NODE_IMAGE ready" ;;
    down) cmd_down ;;
    load) shift; [ "$#" -gt 0 ] || usage; need_manager; load_images "$@" ;;
    status) cmd_status ;;
    stop) shift; cmd_stop "$@" ;;
    kill) shift; [ -n "${1:-}" ] || die "usage: $0 kill NAME"; docker kill "$1" >/dev/null || die "no running node $1" ;;
    start) shift; cmd_start "$@" ;;
    *) usage ;;
esac
