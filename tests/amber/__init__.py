"""TEST-ONLY: an Amber-shaped topology on the Docker engine (tests/docker/test_amber_shaped.py) — a router per
component (``router.py``), a stand-in for the AgentBeats gateway (``gateway_standin.py``), and the host side that
builds them from this repository's Amber manifests (``topology.py``). The first two run inside containers of the
project image, with nothing but the standard library and the image's own dependencies."""
