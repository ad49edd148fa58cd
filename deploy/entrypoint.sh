#!/bin/sh
# Entrypoint of the project image: the green agent by default, the other roles by a first word.
#
#   --OPTION ...       green-agent serve --OPTION ...   (the AgentBeats contract: the runner starts the image with
#                      `--host 0.0.0.0 --port 9009 --card-url URL`; the image's CMD is `--host 0.0.0.0 --port 9009`)
#   green  [ARGS...]   green-agent serve ARGS
#   ues    [ARGS...]   ues-server --host 0.0.0.0 --port ${UES_PORT:-8000} ARGS   (admin key: UES_ADMIN_KEY)
#   purple [ARGS...]   purple-agent ARGS
#   anything else      run as a command (e.g. `sh`, `python3 -V`)
set -eu

usage() {
    cat <<'EOF'
usage: [--host H --port P --card-url URL] | ROLE [ARGS...]
  --...   run the green agent with these options (green-agent serve ...)
  ues     run the UES-compatible simulator (ues-server) on 0.0.0.0:${UES_PORT:-8000}; admin key from UES_ADMIN_KEY
  green   run the green agent (green-agent serve ARGS)
  purple  run a baseline purple agent (purple-agent ARGS)
  any other command is run as given
EOF
}

# need ROLE SCRIPT: fail clearly when this build does not ship the role's console script.
need() {
    if ! command -v "$2" >/dev/null 2>&1; then
        echo "entrypoint: role '$1' is not available in this build: its console script '$2' is not installed" \
             "in the image (rebuild the image from a version of the project that provides it)." >&2
        exit 127
    fi
}

role="${1:-}"
case "$role" in
    ues)
        shift
        need ues ues-server
        exec ues-server --host 0.0.0.0 --port "${UES_PORT:-8000}" "$@"
        ;;
    green)
        shift
        need green green-agent
        exec green-agent serve "$@"
        ;;
    -?*)
        need green green-agent
        exec green-agent serve "$@"
        ;;
    purple)
        shift
        need purple purple-agent
        exec purple-agent "$@"
        ;;
    "" | -h | --help | help)
        usage
        [ -n "$role" ] || exit 64
        ;;
    *)
        exec "$@"
        ;;
esac
