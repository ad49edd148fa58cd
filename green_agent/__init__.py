"""The UES green agent: an A2A assessor of AI personal assistants (docs/architecture.md)."""

from importlib.metadata import PackageNotFoundError, version


def green_version() -> str:
    """The installed distribution's version — the one every row, card and health answer reports."""
    try:
        return version("ues-green-agent")
    except PackageNotFoundError:  # a bare checkout that was never installed
        return "0+unknown"
