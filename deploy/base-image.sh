#!/usr/bin/env bash
# Make sure the base image named by the project Dockerfile's first FROM line exists in the local engine.
#
#   deploy/base-image.sh [IMAGE]     # IMAGE defaults to the Dockerfile's FROM (python:3.11-slim-bookworm)
#
# 1. present locally            -> done
# 2. `docker pull` works        -> done (a machine with an image registry gets the real image)
# 3. otherwise build an equivalent offline: debootstrap a minimal Debian bookworm from the machine's own
#    Debian mirror, add python3 (+venv, pip), ca-certificates and curl, put the host's CA bundle in it (so
#    pip/uv inside `docker build` trust what the host trusts), `docker import` it under IMAGE.
#    The root file system tarball is cached in $CACHE_DIR and reused while its recipe and the host CA bundle
#    are unchanged, so a second run (or CI on the same machine) takes seconds.
#
# Environment:
#   UES_GREEN_CACHE_DIR   cache folder (default /var/cache/ues-green)
#   DEBIAN_MIRROR         Debian mirror URL (default: taken from /etc/apt/sources.list{,.d})
#   BASE_IMAGE_PULL_TIMEOUT  seconds for the `docker pull` attempt (default 60; 0 skips the pull)
set -euo pipefail
cd "$(dirname "$0")/.."

CACHE_DIR="${UES_GREEN_CACHE_DIR:-/var/cache/ues-green}"
PULL_TIMEOUT="${BASE_IMAGE_PULL_TIMEOUT:-60}"
SUITE=bookworm
PACKAGES="python3 python3-venv python3-pip ca-certificates curl"
RECIPE_VERSION=2   # bump when the build steps below change
HOST_CA=/etc/ssl/certs/ca-certificates.crt

say() { echo "base-image: $*" >&2; }
die() { say "ERROR: $*"; exit 1; }

# --- which image ---------------------------------------------------------------------------------------------
from_line_image() {
    # First FROM of the Dockerfile, without --platform=... flags and without "AS name".
    awk 'toupper($1) == "FROM" { for (i = 2; i <= NF; i++) if ($i !~ /^--/) { print $i; exit } }' Dockerfile
}
IMAGE="${1:-$(from_line_image)}"
[ -n "$IMAGE" ] || die "no image name given and none found in ./Dockerfile"
case "$IMAGE" in *:*) ;; *) IMAGE="$IMAGE:latest" ;; esac

docker info >/dev/null 2>&1 || die "no Docker engine answers (run deploy/docker-engine.sh first)"

if docker image inspect "$IMAGE" >/dev/null 2>&1; then
    say "$IMAGE is present ($(docker image inspect --format '{{.Size}}' "$IMAGE" | awk '{printf "%.0f MB", $1/1e6}'))"
    exit 0
fi

if [ "$PULL_TIMEOUT" != 0 ]; then
    say "trying docker pull $IMAGE (timeout ${PULL_TIMEOUT}s)"
    if timeout "$PULL_TIMEOUT" docker pull --quiet "$IMAGE" >/dev/null 2>&1; then
        say "pulled $IMAGE"
        exit 0
    fi
    say "pull failed (no image registry reachable?); building an equivalent from Debian packages"
fi

# --- offline build -------------------------------------------------------------------------------------------
[ "$(id -u)" = 0 ] || die "building the base image needs root (debootstrap, chroot)"

debian_mirror() {
    if [ -n "${DEBIAN_MIRROR:-}" ]; then echo "$DEBIAN_MIRROR"; return; fi
    local uri=""
    # deb822 sources: the URIs of a stanza whose Suites name the release itself (not -security).
    if compgen -G "/etc/apt/sources.list.d/*.sources" >/dev/null; then
        uri="$(awk -v suite="$SUITE" '
            /^URIs:/ { u = $2 }
            /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == suite) found = u }
            /^$/ { u = "" }
            END { print found }' /etc/apt/sources.list.d/*.sources)"
    fi
    if [ -z "$uri" ] && [ -f /etc/apt/sources.list ]; then
        uri="$(awk -v suite="$SUITE" '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i == suite) { print $(i-1); exit } }' \
            /etc/apt/sources.list)"
    fi
    echo "${uri:-http://deb.debian.org/debian}"
}
security_mirror() {
    local uri=""
    if compgen -G "/etc/apt/sources.list.d/*.sources" >/dev/null; then
        uri="$(awk -v suite="$SUITE-security" '
            /^URIs:/ { u = $2 }
            /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == suite) found = u }
            END { print found }' /etc/apt/sources.list.d/*.sources)"
    fi
    if [ -z "$uri" ] && [ -f /etc/apt/sources.list ]; then
        uri="$(awk -v suite="$SUITE-security" '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i == suite) { print $(i-1); exit } }' \
            /etc/apt/sources.list)"
    fi
    echo "$uri"
}

MIRROR="$(debian_mirror)"
SECURITY="$(security_mirror)"
ca_sum="none"
[ -f "$HOST_CA" ] && ca_sum="$(sha256sum "$HOST_CA" | cut -c1-16)"
key="$(printf '%s\n' "$RECIPE_VERSION" "$SUITE" "$PACKAGES" "$MIRROR" "$SECURITY" "$ca_sum" | sha256sum | cut -c1-12)"
TARBALL="$CACHE_DIR/rootfs-$SUITE-python3-$key.tar"
mkdir -p "$CACHE_DIR"

if [ -s "$TARBALL" ]; then
    say "reusing cached root file system $TARBALL"
else
    if ! command -v debootstrap >/dev/null 2>&1; then
        say "installing debootstrap"
        DEBIAN_FRONTEND=noninteractive apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
    fi
    ROOT="$CACHE_DIR/rootfs.build"
    cleanup() {
        umount "$ROOT/proc" 2>/dev/null || true
        rm -rf "$ROOT" "$TARBALL.tmp"
    }
    trap cleanup EXIT
    cleanup

    started=$(date +%s)
    say "debootstrap --variant=minbase $SUITE from $MIRROR (a few minutes)"
    debootstrap --variant=minbase "$SUITE" "$ROOT" "$MIRROR" >"$CACHE_DIR/debootstrap.log" 2>&1 \
        || { tail -n 20 "$CACHE_DIR/debootstrap.log" >&2; die "debootstrap failed (log: $CACHE_DIR/debootstrap.log)"; }

    {
        echo "deb $MIRROR $SUITE main"
        echo "deb $MIRROR $SUITE-updates main"
        [ -n "$SECURITY" ] && echo "deb $SECURITY $SUITE-security main"
    } >"$ROOT/etc/apt/sources.list"
    cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
    printf '#!/bin/sh\nexit 101\n' >"$ROOT/usr/sbin/policy-rc.d"
    chmod +x "$ROOT/usr/sbin/policy-rc.d"
    # Images stay small: no recommends, no docs/man pages from here on (copyright files are kept).
    cat >"$ROOT/etc/apt/apt.conf.d/90ues-green" <<'EOF'
APT::Install-Recommends "false";
APT::Install-Suggests "false";
EOF
    cat >"$ROOT/etc/dpkg/dpkg.cfg.d/90ues-green" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
EOF
    # The host's extra trust anchors (e.g. an egress proxy's CA) survive a later update-ca-certificates.
    if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
        mkdir -p "$ROOT/usr/local/share/ca-certificates"
        cp /usr/local/share/ca-certificates/*.crt "$ROOT/usr/local/share/ca-certificates/"
    fi

    mount -t proc proc "$ROOT/proc"
    say "installing $PACKAGES"
    chroot "$ROOT" /usr/bin/env DEBIAN_FRONTEND=noninteractive LC_ALL=C sh -euc "
        apt-get update -qq
        apt-get -y -qq upgrade
        apt-get install -y -qq $PACKAGES
        apt-get clean
    " >>"$CACHE_DIR/debootstrap.log" 2>&1 \
        || { tail -n 20 "$CACHE_DIR/debootstrap.log" >&2; die "package install in the chroot failed"; }
    umount "$ROOT/proc"

    # The host CA bundle, as the brief of this image: trust exactly what the host trusts.
    [ -f "$HOST_CA" ] && cp "$HOST_CA" "$ROOT/etc/ssl/certs/ca-certificates.crt"
    rm -rf "$ROOT"/var/lib/apt/lists/* "$ROOT"/var/cache/apt/*.bin "$ROOT"/var/cache/debconf/*-old \
        "$ROOT"/var/log/apt/* "$ROOT"/var/log/dpkg.log "$ROOT"/var/log/alternatives.log "$ROOT"/var/log/bootstrap.log \
        "$ROOT"/usr/share/doc/*/changelog* "$ROOT"/usr/share/man/* "$ROOT"/usr/share/info/* \
        "$ROOT"/usr/sbin/policy-rc.d "$ROOT"/tmp/* "$ROOT"/root/.cache
    find "$ROOT/usr/share/locale" -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +
    find "$ROOT/usr/lib" -name '__pycache__' -type d -prune -exec rm -rf {} +
    : >"$ROOT/etc/resolv.conf"
    : >"$ROOT/etc/hostname"

    tar --numeric-owner --xattrs -C "$ROOT" -cf "$TARBALL.tmp" .
    mv "$TARBALL.tmp" "$TARBALL"
    rm -rf "$ROOT"
    trap - EXIT
    # Older tarballs of other recipes are not needed any more.
    find "$CACHE_DIR" -maxdepth 1 -name "rootfs-$SUITE-python3-*.tar" ! -name "$(basename "$TARBALL")" -delete
    say "root file system built in $(( $(date +%s) - started ))s: $TARBALL ($(du -m "$TARBALL" | cut -f1) MB)"
fi

say "docker import $TARBALL as $IMAGE"
docker import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV LANG=C.UTF-8' \
    --change 'LABEL org.opencontainers.image.description="Debian bookworm + python3 (built offline by deploy/base-image.sh)"' \
    --change 'CMD ["python3"]' \
    --message "deploy/base-image.sh recipe $key" \
    "$TARBALL" "$IMAGE" >/dev/null
say "$IMAGE ready ($(docker image inspect --format '{{.Size}}' "$IMAGE" | awk '{printf "%.0f MB", $1/1e6}'))"
