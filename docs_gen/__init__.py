"""The generated parts of the docs site, written from the code: field tables from the pydantic models, settings
tables from the settings models, the command line from its argparse parsers, the simulator's routes from its app,
and the API reference's module list.

A page holds hand-written prose and generated blocks, each between ``<!-- generated: KIND ARGUMENT -->`` and
``<!-- /generated -->``. ``python -m docs_gen`` rewrites every block of every page under ``docs/`` from the code;
``python -m docs_gen --check`` only names the blocks that differ (exit 1), and tests/test_docs_gen.py runs it, so a
model, setting, option or route changed without its page fails the suite. The prose around the blocks is edited by
hand and left alone.

This package sits outside the shipped packages because it reads all of them: the green, the pool, the simulator and
the purple SDK, which may not import each other (tests/test_imports.py).
"""
