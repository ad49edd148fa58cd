#!/usr/bin/env bash
# Make sure `docker compose` (the Compose v2 CLI plugin) works on this machine.
#
#   deploy/compose.sh          # idempotent: does nothing when `docker compose version` already answers v2
#
# Debian bookworm has only Compose v1 (docker-compose 1.29, Python). Debian's trixie suite has Compose v2
# (docker-compose 2.26, one static Go binary needing libc6 >= 2.34: bookworm's 2.36 will do). This script
# fetches that one package from trixie without touching the system's apt configuration: trixie's index goes into
# a private apt state folder under $CACHE_DIR (the system's sources.list and pin priorities stay as they are,
# so no other package can ever come from trixie), `apt-get download` fetches the .deb, and `dpkg -i` installs
# it: /usr/libexec/docker/cli-plugins/docker-compose, where the docker CLI looks for plugins (and
# /usr/bin/docker-compose). If the CLI still does not see the plugin, it is linked into
# ~/.docker/cli-plugins/. The .deb is cached and reused (a second machine run takes a second).
#
# Environment:
#   UES_GREEN_CACHE_DIR   cache folder (default /var/cache/ues-green)
#   DEBIAN_MIRROR         Debian mirror URL (default: the one the system's bookworm sources use)
#   COMPOSE_SUITE         Debian suite to take docker-compose from (default trixie)
set -euo pipefail

CACHE_DIR="${UES_GREEN_CACHE_DIR:-/var/cache/ues-green}"
SUITE="${COMPOSE_SUITE:-trixie}"
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg

say() { echo "compose: $*" >&2; }
die() { say "ERROR: $*"; exit 1; }

compose_v2() {
    local version
    version="$(docker compose version --short 2>/dev/null)" || return 1
    case "${version#v}" in 2.* | [3-9].*) return 0 ;; *) return 1 ;; esac
}

command -v docker >/dev/null 2>&1 || die "the docker CLI is missing (run deploy/docker-engine.sh first)"
if compose_v2; then
    say "docker compose $(docker compose version --short) is there"
    exit 0
fi
[ "$(id -u)" = 0 ] || die "docker compose v2 is missing and installing it needs root"

debian_mirror() {
    if [ -n "${DEBIAN_MIRROR:-}" ]; then echo "$DEBIAN_MIRROR"; return; fi
    local uri=""
    if compgen -G "/etc/apt/sources.list.d/*.sources" >/dev/null; then
        uri="$(awk '/^URIs:/ { u = $2 } /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == "bookworm") found = u }
                    /^$/ { u = "" } END { print found }' /etc/apt/sources.list.d/*.sources)"
    fi
    if [ -z "$uri" ] && [ -f /etc/apt/sources.list ]; then
        uri="$(awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i == "bookworm") { print $(i-1); exit } }' \
            /etc/apt/sources.list)"
    fi
    echo "${uri:-http://deb.debian.org/debian}"
}

APT_DIR="$CACHE_DIR/apt-$SUITE"
mkdir -p "$APT_DIR/lists/partial" "$APT_DIR/archives/partial"
deb="$(find "$CACHE_DIR" -maxdepth 1 -name 'docker-compose_2.*_*.deb' 2>/dev/null | sort -V | tail -n 1)"
if [ -z "$deb" ]; then
    signed=""
    [ -f "$KEYRING" ] && signed="[signed-by=$KEYRING] "
    echo "deb ${signed}$(debian_mirror) $SUITE main" >"$APT_DIR/sources.list"
    # A private apt state: only this file's suite is read, nothing of the system's apt lists is changed.
    apt_private=(-o "Dir::Etc::SourceList=$APT_DIR/sources.list" -o "Dir::Etc::SourceParts=/dev/null"
                 -o "Dir::State::Lists=$APT_DIR/lists" -o "Dir::Cache::Archives=$APT_DIR/archives"
                 -o "APT::Sandbox::User=root")
    say "reading Debian $SUITE's package index ($(debian_mirror))"
    apt-get -qq "${apt_private[@]}" update >/dev/null \
        || die "apt-get update of $SUITE failed"
    candidate="$(apt-cache "${apt_private[@]}" show docker-compose 2>/dev/null \
                 | awk '/^Version:/ { print $2 }' | sort -V | tail -n 1)"
    case "$candidate" in
        2.*) ;;
        *) die "Debian $SUITE offers docker-compose '${candidate:-nothing}', not a 2.x" ;;
    esac
    say "downloading docker-compose $candidate from $SUITE"
    (cd "$CACHE_DIR" && apt-get -qq "${apt_private[@]}" download "docker-compose=$candidate" >/dev/null) \
        || die "apt-get download docker-compose=$candidate failed"
    deb="$(find "$CACHE_DIR" -maxdepth 1 -name "docker-compose_${candidate//:/%3a}_*.deb" | head -n 1)"
    [ -n "$deb" ] || die "the downloaded .deb is not in $CACHE_DIR"
    rm -rf "$APT_DIR/lists" "$APT_DIR/archives"   # 10 MB of index, not needed any more
else
    say "reusing cached $deb"
fi

# libc6 is its only dependency; dpkg refuses (and says why) if the machine's is too old.
say "installing $(basename "$deb")"
DEBIAN_FRONTEND=noninteractive dpkg -i "$deb" >/dev/null || die "dpkg -i $deb failed"

if ! compose_v2; then
    plugin=/usr/libexec/docker/cli-plugins/docker-compose
    [ -x "$plugin" ] || die "$plugin is missing after installing $(basename "$deb")"
    mkdir -p "$HOME/.docker/cli-plugins"
    ln -sf "$plugin" "$HOME/.docker/cli-plugins/docker-compose"
    say "linked $plugin into $HOME/.docker/cli-plugins/"
fi
compose_v2 || die "docker compose still does not answer: $(docker compose version 2>&1 | head -n 1)"
say "docker compose $(docker compose version --short) ready"
