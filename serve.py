"""The server's start (``python3 dev.py app`` runs it): the app's modules imported, then Streamlit's ``streamlit run``.

A fresh process imports Streamlit's elements, Altair, pandas and the app's own modules during its first readers'
runs, one screen's at a time: 1.5 s of CPU on a 2-core machine, spent while a class arriving at once waits for its
first views and while the first controls they move queue behind it. Imported here, before the server listens, the
process starts about that much later and its first readers find the work done (``docs/capacity.md``); so are the
values a screen's first run computes the same for every reader (a module's ``warm_up()``: the translator's example
sentences and models, 1 s more). The screens' scripts (``screens/<name>/page.py``) are not imported: Streamlit runs
them for each reader.

    python serve.py run app.py [streamlit's options]

What ``streamlit run app.py`` does stays the same; where it is run without this (a host that runs ``streamlit
run`` itself), the first runs import the modules as before.
"""

from __future__ import annotations

import importlib
import logging
import pkgutil
import sys
from collections.abc import Iterator

PACKAGES = ("core", "ui", "screens", "classroom")  # the app's own; each imports the libraries it draws with
SCRIPT = "page"  # a screen's script, run by Streamlit for each reader: never imported


def modules() -> Iterator[str]:
    """The app's modules a served process may import, in the packages' order."""
    for name in PACKAGES:
        package = importlib.import_module(name)
        yield name
        for info in pkgutil.walk_packages(package.__path__, f"{name}."):
            if info.name.rsplit(".", 1)[-1] != SCRIPT:
                yield info.name


WARM_UP = "warm_up"  # a module's function that computes what every reader's first run would (see warm_up)


def warm_up(names: list[str]) -> list[str]:
    """Call each module's :data:`WARM_UP` function, if it has one (``screens/translator/section.py``: the example
    sentences and the shipped models); returns the modules whose warm-up failed (the reader's run computes it, and
    says what went wrong there)."""
    failed = []
    for name in names:
        warm = getattr(sys.modules.get(name), WARM_UP, None)
        if callable(warm):
            try:
                warm()
            except Exception:  # noqa: BLE001  computed again, in the reader's run, where an error is shown
                failed.append(name)
    return failed


def import_all() -> list[str]:
    """Import the app's modules and warm them up (:func:`warm_up`); returns those that failed (each is imported
    again where a run needs it, and its error is shown there). Streamlit's note that a cache has no server yet is
    not shown: the caches are made on their first call, once the server runs."""
    caching = logging.getLogger(importlib.import_module("streamlit.runtime.caching.cache_data_api").__name__)
    level = caching.level
    caching.setLevel(logging.ERROR)
    failed = []
    try:
        importlib.import_module("app")
        names = list(modules())
        for name in names:
            try:
                importlib.import_module(name)
            except Exception:  # noqa: BLE001  a module that fails here fails in the reader's run, in its words
                failed.append(name)
        failed += warm_up(names)
    finally:
        caching.setLevel(level)
    importlib.import_module("ui.collector").settle()  # what was imported lives as long as the process
    return failed


def main(argv: list[str]) -> None:
    import_all()
    from streamlit.web import cli

    sys.argv = ["streamlit", *argv]
    cli.main()


if __name__ == "__main__":
    main(sys.argv[1:])
