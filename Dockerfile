# One image: the green agent by default (the AgentBeats contract), the other roles by a first word
# (deploy/entrypoint.sh):
#
#   docker run -p 9009:9009 IMAGE                                # green-agent serve --host 0.0.0.0 --port 9009
#   docker run IMAGE --host 0.0.0.0 --port 9009 --card-url URL   # as the AgentBeats runner starts it
#   docker run -e UES_ADMIN_KEY=... -p 8000:8000 IMAGE ues      # UES-compatible simulator on :8000
#   docker run IMAGE green ARGS...                               # green-agent serve ARGS
#   docker run IMAGE purple ARGS...                              # purple-agent ARGS
#
# Build: docker build --platform linux/amd64 --network host -t ues-green:dev .
# (--network host only matters where dockerd runs with --iptables=false: the build needs PyPI.)
#
# Base image: the official python:3.11-slim-bookworm where an image registry is reachable; where none is,
# deploy/base-image.sh builds an equivalent under the same name from Debian packages (Debian's python3 lives
# in /usr/bin, the official image's in /usr/local/bin: only `python3` on PATH is used here, and a venv).
# Works with the legacy builder and BuildKit alike (no BuildKit-only syntax).

# ---- build: the locked dependencies, then the project, into /opt/venv ------------------------------------
FROM python:3.11-slim-bookworm AS build

ARG UV_VERSION=0.13.9
# Trust the image's CA bundle (which, for an offline-built base, is the host's); never download a Python.
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_CERT=/etc/ssl/certs/ca-certificates.crt \
    SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt \
    UV_NO_CACHE=1 \
    UV_PYTHON=python3 \
    UV_PYTHON_DOWNLOADS=never \
    UV_PYTHON_PREFERENCE=only-system \
    UV_COMPILE_BYTECODE=1 \
    UV_LINK_MODE=copy \
    UV_PROJECT_ENVIRONMENT=/opt/venv

RUN python3 -m venv /opt/uv \
 && /opt/uv/bin/pip install --quiet "uv==${UV_VERSION}"

WORKDIR /src
# Dependencies first (exactly uv.lock, no dev group): this layer is reused until the lock changes.
COPY pyproject.toml uv.lock ./
RUN /opt/uv/bin/uv sync --frozen --no-dev --no-install-project

# Then the project itself, installed (not editable) into the same venv.
COPY README.md ./
COPY green_agent ./green_agent
COPY ues_pool ./ues_pool
COPY services ./services
RUN /opt/uv/bin/uv sync --frozen --no-dev --no-editable \
 && /opt/venv/bin/python -c "import services.ues.app, green_agent, ues_pool"

# ---- runtime ----------------------------------------------------------------------------------------------
FROM python:3.11-slim-bookworm

# curl for health checks from inside the container (the offline base has it already).
RUN if ! command -v curl >/dev/null 2>&1; then \
        apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/*; \
    fi \
 && useradd --uid 10001 --user-group --create-home --home-dir /home/app --shell /usr/sbin/nologin app

COPY --from=build /opt/venv /opt/venv
COPY deploy/entrypoint.sh /usr/local/bin/ues-green-entrypoint

# Read-only root file system friendly: bytecode is precompiled, nothing is written outside /tmp.
# Benchmark content lives beside the code, not inside the installed package.
COPY scenarios /app/scenarios
ENV GREEN_SCENARIOS_DIR=/app/scenarios \
    PURPLE_SCENARIOS_DIR=/app/scenarios \
    GREEN_DATA_DIR=/home/app/data
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    UES_PORT=8000

LABEL org.opencontainers.image.title="ues-green-agent" \
      org.opencontainers.image.description="UES green agent (AgentBeats): the green by default; roles ues | purple"

USER 10001:10001
WORKDIR /home/app
# 9009: the green (the AgentBeats runner's port); 8000: the `ues` role.
EXPOSE 9009 8000
ENTRYPOINT ["/bin/sh", "/usr/local/bin/ues-green-entrypoint"]
CMD ["--host", "0.0.0.0", "--port", "9009"]
