#!/usr/bin/env bash
# Make sure a Docker engine answers on this machine (CI and developer machines alike).
#
#   deploy/docker-engine.sh          # idempotent: does nothing when `docker info` already works
#
# When no engine answers: installs Debian's docker.io (it brings containerd, runc, iptables) if dockerd is
# missing, starts dockerd in the background and waits until `docker info` answers. If dockerd does not come
# up with its defaults (no iptables/nat support, no overlayfs, ...), it is retried with fallback flags, and
# the script says which ones it used.
#
# Environment:
#   DOCKER_ENGINE_TIMEOUT   seconds to wait for each start attempt (default 60)
#   DOCKER_ENGINE_LOG       dockerd log file (default /var/log/ues-green-dockerd.log)
#   DOCKER_ENGINE_PIDFILE   dockerd pid file (default /var/run/ues-green-dockerd.pid)
#   DOCKERD_EXTRA_FLAGS     flags to start dockerd with, skipping the automatic attempts
set -euo pipefail

TIMEOUT="${DOCKER_ENGINE_TIMEOUT:-60}"
LOG="${DOCKER_ENGINE_LOG:-/var/log/ues-green-dockerd.log}"
PIDFILE="${DOCKER_ENGINE_PIDFILE:-/var/run/ues-green-dockerd.pid}"

say() { echo "docker-engine: $*" >&2; }
die() { say "ERROR: $*"; exit 1; }

engine_answers() { docker info >/dev/null 2>&1; }

if command -v docker >/dev/null 2>&1 && engine_answers; then
    say "engine already answers ($(docker info --format '{{.ServerVersion}} storage={{.Driver}}' 2>/dev/null))"
    exit 0
fi

[ "$(id -u)" = 0 ] || die "no Docker engine answers and starting one needs root (run as root, or start dockerd yourself)"

# --- install -----------------------------------------------------------------------------------------------
if ! command -v dockerd >/dev/null 2>&1 || ! command -v docker >/dev/null 2>&1; then
    say "installing docker.io from Debian's packages"
    export DEBIAN_FRONTEND=noninteractive
    # No init system here: keep the package scripts from trying to start services themselves.
    policy_rc_created=0
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
        chmod +x /usr/sbin/policy-rc.d
        policy_rc_created=1
    fi
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends docker.io iptables ca-certificates >/dev/null
    [ "$policy_rc_created" = 1 ] && rm -f /usr/sbin/policy-rc.d
fi
command -v dockerd >/dev/null 2>&1 || die "dockerd is still missing after installing docker.io"

# --- start -------------------------------------------------------------------------------------------------
mkdir -p "$(dirname "$LOG")" "$(dirname "$PIDFILE")"

# our_pid: the pid in our pid file, if that process is still a dockerd (pids get reused after a reboot).
our_pid() {
    local pid
    pid="$(cat "$PIDFILE" 2>/dev/null || true)"
    [ -n "$pid" ] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = dockerd ] && echo "$pid"
}

stop_ours() {
    local pid
    pid="$(our_pid || true)"
    if [ -n "$pid" ]; then
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
        kill -9 "$pid" 2>/dev/null || true
    fi
    rm -f "$PIDFILE"
}

# A dockerd we started earlier but that does not answer (yet): give it a chance, else replace it.
if pid="$(our_pid)"; then
    say "dockerd (pid $pid) is running but does not answer yet; waiting"
    for _ in $(seq 1 "$TIMEOUT"); do engine_answers && { say "engine answers"; exit 0; }; sleep 1; done
    say "it never answered; restarting it"
    stop_ours
else
    rm -f "$PIDFILE"   # stale: left by a dockerd that is gone
fi
if pgrep -x dockerd >/dev/null 2>&1; then
    die "a dockerd not started by this script runs but does not answer; stop it or fix it (see docker info)"
fi

# try_start FLAGS...: start dockerd with FLAGS, wait for it; 0 when `docker info` answers.
try_start() {
    say "starting dockerd $* (log: $LOG)"
    {
        echo "===== $(date -u +%FT%TZ) dockerd $*"
    } >>"$LOG"
    # setsid: own session, so it outlives this script and the shell that ran it.
    setsid dockerd --pidfile "$PIDFILE" "$@" >>"$LOG" 2>&1 </dev/null &
    local pid=$!
    for _ in $(seq 1 "$TIMEOUT"); do
        if engine_answers; then
            return 0
        fi
        if ! kill -0 "$pid" 2>/dev/null; then
            say "dockerd exited; last lines of its log:"
            tail -n 5 "$LOG" | sed 's/^/    /' >&2
            rm -f "$PIDFILE"
            return 1
        fi
        sleep 1
    done
    say "dockerd did not answer within ${TIMEOUT}s"
    stop_ours
    return 1
}

attempts=()
if [ -n "${DOCKERD_EXTRA_FLAGS:-}" ]; then
    attempts+=("$DOCKERD_EXTRA_FLAGS")
else
    attempts+=(""                                              # the defaults first
               "--iptables=false --ip6tables=false"           # kernels without (working) netfilter nat
               "--storage-driver=vfs"                          # no usable overlayfs
               "--iptables=false --ip6tables=false --storage-driver=vfs")
fi

for flags in "${attempts[@]}"; do
    # shellcheck disable=SC2086  # flags are words on purpose
    if try_start $flags; then
        if [ -n "$flags" ]; then
            say "NOTE: the defaults did not work here; dockerd runs with fallback flags: $flags"
            case "$flags" in *--iptables=false*)
                say "NOTE: without iptables containers get no outbound NAT: build with \`docker build --network host\`" ;;
            esac
        fi
        say "engine answers ($(docker info --format '{{.ServerVersion}} storage={{.Driver}} cgroup={{.CgroupVersion}}'))," \
            "pid $(cat "$PIDFILE")"
        exit 0
    fi
done

die "could not start a Docker engine; see $LOG"
