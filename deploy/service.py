"""The systemd unit that serves this clone at boot: ``python3 deploy/service.py [--user NAME] [-- run.py's flags]``.

Prints ``attention-dashboard.service``, the template ``attention-dashboard.service.in`` with its settings: the user the
replicas run as (by default the one running this, or the one who ran sudo), this clone's folder (the one this file
is in), the Python that runs ``deploy/run.py`` (the one running this) and run.py's flags (by default
:data:`FLAGS`). The unit assumes no user and no folder of its own; docs/deploy.md says how to install it.
"""

from __future__ import annotations

import argparse
import getpass
import os
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = Path(__file__).with_name("attention-dashboard.service.in")
FLAGS = ("--replicas", "2", "--bind", "0.0.0.0", "--port", "8500")  # run.py's, for a school's network


def unit(user: str, flags: Sequence[str] = FLAGS, python: str = sys.executable, home: Path = ROOT) -> str:
    """The unit for the clone at ``home``, run as ``user`` by ``python`` with run.py's ``flags``."""
    settings = {"@USER@": user, "@HOME@": str(home), "@PYTHON@": shlex.quote(python), "@FLAGS@": shlex.join(flags)}
    text = TEMPLATE.read_text()
    for name, value in settings.items():
        text = text.replace(name, value)
    return text


def invoking_user() -> str:
    """Who runs this: the user behind sudo, if it was sudo."""
    return os.environ.get("SUDO_USER") or getpass.getuser()


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--user",
        default=invoking_user(),
        help="the user the service runs as; it can write in this clone (default: you)",
    )
    parser.add_argument(
        "flags", nargs=argparse.REMAINDER, help=f"after --, run.py's flags (default: {shlex.join(FLAGS)})"
    )
    args = parser.parse_args(argv)
    flags = args.flags[1:] if args.flags[:1] == ["--"] else args.flags
    sys.stdout.write(unit(args.user, flags or FLAGS))


if __name__ == "__main__":
    main(sys.argv[1:])
