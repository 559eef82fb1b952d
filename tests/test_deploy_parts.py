"""The parts of ``deploy/run.py`` that need no replica: the restarts' back-off, the configuration, the log."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest

from deploy import run


def test_a_replica_that_keeps_exiting_waits_longer_each_time_and_a_steady_one_starts_over(monkeypatch):
    restarts = run.Restarts()
    restarts.start(0.0)
    waits = [restarts.exited(t) for t in (1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0)]
    assert waits == [1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 60.0, 60.0]
    restarts.start(100.0)
    assert restarts.exited(100.0 + run.STEADY) == run.BACKOFF_FIRST  # it stayed up a minute: from the start


@pytest.mark.parametrize("tls", [False, True])
def test_the_configuration_has_lax_cookies_two_good_checks_a_limit_a_replica_and_https_on_request(tmp_path, tls):
    cert = tmp_path / "site.pem" if tls else None
    text = run.render("127.0.0.1:8500", [("r1", "127.0.0.1:9001"), ("r2", "127.0.0.1:9002")], tmp_path / "s", cert)
    assert 'cookie SERVERID insert indirect nocache httponly attr "SameSite=Lax"' in text
    assert ("secure\n" in text) == tls and (f"bind 127.0.0.1:8500 ssl crt {cert}" in text) == tls
    assert f"default-server check inter 2s fall 2 rise 2 maxconn {run.MAXCONN}" in text
    assert f"tcp-request connection reject if {{ sc0_conn_cur gt {run.PER_ADDRESS_CONNECTIONS} }}" in text
    assert f"http-request tarpit deny_status 429 if {{ sc0_http_req_rate gt {run.PER_ADDRESS_REQUESTS} }}" in text
    assert f"opens_a_session {{ sc1_http_req_rate gt {run.PER_ADDRESS_SESSIONS} }}" in text
    assert "option forwardfor" in text
    haproxy = run.find_haproxy()
    if haproxy is None:
        pytest.skip("HAProxy not installed: the configuration was not checked by HAProxy itself")
    if tls:
        openssl = shutil.which("openssl")
        if openssl is None:
            pytest.skip("no openssl to make a certificate")
        key, crt = tmp_path / "key.pem", tmp_path / "crt.pem"
        subprocess.run(
            [openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", crt, "-days", "1"]
            + ["-subj", "/CN=localhost"],
            check=True,
            capture_output=True,
        )
        cert.write_bytes(crt.read_bytes() + key.read_bytes())
    config = tmp_path / "haproxy.cfg"
    config.write_text(text)
    checked = subprocess.run([haproxy, "-c", "-f", str(config)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_haproxys_log_is_rotated(tmp_path, monkeypatch):
    monkeypatch.setattr(run, "LOG_BYTES", 1000)
    monkeypatch.setattr(run, "LOG_KEEP", 2)
    lines = "".join(f"request {k:04d} " + "x" * 80 + "\n" for k in range(100))
    run.rotated(io.StringIO(lines), tmp_path / "haproxy.log").join(10)
    kept = sorted(p.name for p in tmp_path.iterdir())
    assert kept == ["haproxy.log", "haproxy.log.1", "haproxy.log.2"]
    assert all(p.stat().st_size <= 1000 for p in tmp_path.iterdir())
    assert (tmp_path / "haproxy.log").read_text().splitlines()[-1].startswith("request 0099")
