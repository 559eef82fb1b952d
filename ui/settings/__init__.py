"""Every setting a link may carry: each screen's, a module a screen here, and the frame's (:mod:`ui.links`).

A screen's settings (an interval, a switch, a sentence...) are declared in its
module here (``ui/settings/scoring.py`` for screen 3) as :class:`ui.links.Binding`
values made with the shared parsers of :mod:`ui.links`: data, no drawing. They
live below the screens because more than their own screen reads them: the shared
state (:mod:`ui.state`) knows every key and its default from :func:`every`, so
what a copied link contains never depends on which screens a server has drawn,
and a key is never dropped because its screen has not run yet in this process;
the walkthrough and the views ``ui/`` draws for several screens read other
screens' settings. A screen reads its own as ``from ui.settings import scoring as settings``.
"""

from __future__ import annotations

import functools

from ui.links import CLASS, LANG, PRESENT, Binding
from ui.settings import (
    fixed_summary,
    learning,
    limits,
    revisitable_source,
    scoring,
    self_attention,
    state_sweep,
    translator,
    walkthrough,
)

# The screens' settings in the order a link writes their keys: the screens' order, then the home page's (its
# walkthrough's step). A new module here is listed here too (tests/test_links.py checks that none is left out).
SCREENS = (
    fixed_summary,
    revisitable_source,
    scoring,
    state_sweep,
    learning,
    translator,
    limits,
    self_attention,
    walkthrough,
)


def declared(module: object) -> list[Binding]:
    """The bindings a module declares at its top level, in the order it declares them (a tuple of bindings, as a
    screen's group of numbers, counts as its members)."""
    found: list[Binding] = []
    for value in vars(module).values():
        members = value if isinstance(value, tuple) else (value,)
        found += [b for b in members if isinstance(b, Binding) and b not in found]
    return found


@functools.cache
def every() -> tuple[Binding, ...]:
    """Every setting a link may carry, in the order a link writes them: the language, each screen's settings in
    the screens' order, presenter mode, the class. Raises KeyError if two settings share a key."""
    found = [LANG]
    for module in SCREENS:
        found += [b for b in declared(module) if b not in found and b is not PRESENT]
    found += [PRESENT, CLASS]
    keys = [b.key for b in found]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        raise KeyError(f"link keys declared twice: {', '.join(twice)}")
    return tuple(found)
