"""Set up and run the project from a fresh clone: ``python3 dev.py app`` or ``python3 dev.py test``.

``python3 dev.py i18n`` brings the translators' catalogs (``locale/``) in step with the English messages: it
writes the template, adds new messages to each language's catalog, marks a translation whose English changed
as fuzzy (to be reviewed), and compiles the catalogs the dashboard reads (see ``tools/translations.py``).

Each command creates ``.venv`` beside this file if needed, installs the pinned
requirements into it (again only when a requirements file changed), then runs
the app with Streamlit or the checks (ruff, then pytest). For the tests it also
installs the accessibility checker axe-core (the version pinned below) from the
npm registry into ``.cache/axe`` when npm is there and that version is not
installed there. Extra arguments go to streamlit or pytest.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
AXE_VERSION = "4.14.1"
AXE_DIR = ROOT / ".cache" / "axe"
AXE_SCRIPT = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
AXE_PACKAGE = AXE_DIR / "node_modules" / "axe-core" / "package.json"


def ensure_environment(requirements: str) -> None:
    """Create the virtual environment and install ``requirements`` into it once."""
    if sys.version_info < (3, 11):  # noqa: UP036 (this file may be started by an older Python)
        sys.exit(f"Python 3.11 or newer is needed, this is {sys.version.split()[0]}.")
    if not PYTHON.exists():
        print(f"Creating {VENV.name} ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    files = [ROOT / "requirements.txt", ROOT / requirements]
    digest = hashlib.sha256(b"".join(f.read_bytes() for f in files)).hexdigest()[:16]
    stamp = VENV / f".installed-{requirements}-{digest}"
    if not stamp.exists():
        print(f"Installing {requirements} ...", flush=True)
        subprocess.run(
            # --no-compile: a module is compiled when it is first imported rather than all of them now (17 s of a
            # 42-s install of the test requirements on a 2-core machine).
            [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q", "--no-compile"]
            + ["-r", str(ROOT / requirements)],
            check=True,
        )
        stamp.touch()


def installed_axe_version() -> str | None:
    """The version of the axe-core installed in ``.cache/axe``, or None where there is none."""
    try:
        return json.loads(AXE_PACKAGE.read_text())["version"]
    except (OSError, ValueError, KeyError, TypeError):
        return None


def ensure_axe() -> None:
    """Install the pinned axe-core into ``.cache/axe``, again whenever the installed one is another version;
    without npm the accessibility tests say so and skip."""
    installed = installed_axe_version()
    if installed == AXE_VERSION and AXE_SCRIPT.exists():
        return
    npm = shutil.which("npm")
    if npm is None:
        print("npm not found: the accessibility tests will be skipped (they need axe-core from npm).", flush=True)
        return
    found = f" (found {installed})" if installed else ""
    print(f"Installing axe-core {AXE_VERSION} into {AXE_DIR.relative_to(ROOT)}{found} ...", flush=True)
    command = [npm, "install", "--prefix", str(AXE_DIR), "--no-audit", "--no-fund", f"axe-core@{AXE_VERSION}"]
    if subprocess.call(command, cwd=ROOT) != 0:
        print("Installing axe-core failed: the accessibility tests will be skipped.", flush=True)


# Three workers on two cores. A browser test spends much of its time waiting for a page to load or settle, so a
# third worker keeps the cores busy (on two cores: 266-295 s against 308 s for two; four took 408 s against 332 s
# for three). A worker that runs out of tests takes the last ones queued for another ("worksteal"): handed out once
# ("load"), the browser tests queued behind one worker kept it busy 30 s after the others had finished. A later
# "-n 0" among the arguments runs everything in one process.
PARALLEL = ["-n", "3", "--dist", "worksteal"]


# Python compiles a module each time a process imports it unless the compiled code can be kept. Kept here, for every
# process the app and the tests start, outside the source tree; where the environment says not to write it
# (PYTHONDONTWRITEBYTECODE, as in many containers), each server a test starts compiled Streamlit, Altair, pandas and
# the app again: 4.0 s of CPU a start against 1.4 s with the compiled code kept (2-core machine, 2026-12-06).
PYCACHE = ROOT / ".cache" / "pycache"


def environment() -> dict[str, str]:
    """This process's environment, with Python's compiled modules kept in ``.cache/pycache`` (a prefix the caller
    chose is kept)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.setdefault("PYTHONPYCACHEPREFIX", str(PYCACHE))
    return env


def run(args: list[str]) -> int:
    return subprocess.call(args, cwd=ROOT, env=environment())


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("app", "test", "i18n"):
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "app":
        ensure_environment("requirements.txt")
        return run([str(PYTHON), "serve.py", "run", "app.py", *rest])  # `streamlit run`, the app imported first
    if command == "i18n":
        ensure_environment("requirements-dev.txt")
        return run([str(PYTHON), "-m", "tools.translations", *rest])
    ensure_environment("requirements-dev.txt")
    ensure_axe()
    lint = run([str(PYTHON), "-m", "ruff", "check", "."])
    tests = run([str(PYTHON), "-m", "pytest", *PARALLEL, *rest])
    return tests or lint


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
