"""The systemd unit ``deploy/service.py`` writes: this clone, run as the user it is given, with run.py's flags; no user
or folder of its own (the unit shipped before named a user ``attention`` and the folder ``/opt/attention-dashboard``,
which a school's server seldom has). systemd reads it."""

from __future__ import annotations

import io
import shlex
import shutil
import subprocess
import sys
from contextlib import redirect_stdout

import pytest

from deploy import service


def service_settings(text: str) -> dict[str, str]:
    section = text.split("[Service]", 1)[1].split("\n[", 1)[0]
    pairs = (line.split("=", 1) for line in section.splitlines() if line and not line.startswith("#"))
    return dict(pairs)


def test_the_unit_runs_this_clone_as_the_user_it_is_given_with_run_pys_flags():
    flags = ["--replicas", "3", "--bind", "0.0.0.0", "--port", "443", "--tls-cert", "/etc/a school/site.pem"]
    text = service.unit("alice", flags, python="/usr/bin/python3")
    settings = service_settings(text)
    assert settings["User"] == "alice"
    assert settings["WorkingDirectory"] == str(service.ROOT)
    assert settings["ExecStart"] == (
        "/usr/bin/python3 deploy/run.py --replicas 3 --bind 0.0.0.0 --port 443 --tls-cert '/etc/a school/site.pem' "
        "--run-dir /var/lib/attention-dashboard"
    )
    assert "@" not in text  # every setting filled in
    assert "/opt" not in text


def test_by_default_it_runs_as_whoever_writes_it_with_the_flags_for_a_schools_network(monkeypatch):
    monkeypatch.setenv("SUDO_USER", "bob")  # `sudo python3 deploy/service.py`: the user behind sudo
    written = io.StringIO()
    with redirect_stdout(written):
        service.main([])
    settings = service_settings(written.getvalue())
    assert settings["User"] == "bob"
    run = f"{shlex.quote(sys.executable)} deploy/run.py {shlex.join(service.FLAGS)}"
    assert settings["ExecStart"] == f"{run} --run-dir /var/lib/attention-dashboard"


def test_the_template_leaves_the_user_and_the_folders_to_the_writer():
    settings = service_settings(service.TEMPLATE.read_text())
    assert settings["User"] == "@USER@" and settings["WorkingDirectory"] == "@HOME@"
    assert settings["ExecStart"].startswith("@PYTHON@ deploy/run.py @FLAGS@ ")


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_reads_the_unit_it_writes(tmp_path):
    unit = tmp_path / "attention-dashboard.service"
    unit.write_text(service.unit(service.invoking_user()))
    checked = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0, checked.stdout + checked.stderr
