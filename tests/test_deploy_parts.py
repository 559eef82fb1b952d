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
    assert f"timeout tarpit {round(run.TARPIT * 1000)}ms" in text  # and a test's longer one (test_deploy_limits.py)
    assert "timeout tarpit 15000ms" in run.render("127.0.0.1:8500", [("r1", "127.0.0.1:9001")], tmp_path, tarpit=15)
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


def test_no_replica_is_given_the_port_haproxy_will_listen_on(monkeypatch):
    """HAProxy's port is free until HAProxy binds it, after the replicas are up: the system offered it to a replica,
    and HAProxy could not start (seen in CI). Here the system offers HAProxy's port first."""
    offered = iter([47001, 47002, 47001, 47003])

    class Offering:  # a socket bound where the system says
        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def bind(self, address):
            self.port = next(offered)

        def getsockname(self):
            return ("127.0.0.1", self.port)

    monkeypatch.setattr(run.socket, "socket", Offering)
    monkeypatch.setattr(run, "_GIVEN", set())
    assert run.replica_ports(2, 47001) == [47002, 47003]


def test_haproxys_log_is_rotated(tmp_path, monkeypatch):
    monkeypatch.setattr(run, "LOG_BYTES", 1000)
    monkeypatch.setattr(run, "LOG_KEEP", 2)
    lines = "".join(f"request {k:04d} " + "x" * 80 + "\n" for k in range(100))
    run.rotated(io.StringIO(lines), tmp_path / "haproxy.log").join(10)
    kept = sorted(p.name for p in tmp_path.iterdir())
    assert kept == ["haproxy.log", "haproxy.log.1", "haproxy.log.2"]
    assert all(p.stat().st_size <= 1000 for p in tmp_path.iterdir())
    assert (tmp_path / "haproxy.log").read_text().splitlines()[-1].startswith("request 0099")


def test_a_page_request_a_replica_dies_under_is_answered_by_another_replica(tmp_path):
    """A replica killed while it reads a request closes the connection without an answer. HAProxy alone sees
    that; the reader should not: it sends the request (a GET, safe to send twice) again, to another replica
    on its last try. r1 answers HAProxy's health check and drops every page request; r2 answers all."""
    import http.server
    import socket
    import threading
    import time
    import urllib.error
    import urllib.request

    haproxy = run.find_haproxy()
    if haproxy is None:
        pytest.skip("HAProxy not installed")

    class Dies(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path == "/_stcore/health":
                self.send_response(200)
                self.end_headers()
                self.wfile.write(b"ok")
            else:  # as a killed process: the connection closes, nothing is answered
                self.connection.shutdown(socket.SHUT_RDWR)
                self.close_connection = True

        def do_POST(self):
            posts.append(self.path)
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True

        def log_message(self, *args):
            pass

    class Answers(Dies):
        def do_GET(self):
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"r2")

        def do_POST(self):
            self.do_GET()

    posts: list[str] = []  # the POSTs r1 was sent
    replicas = [http.server.ThreadingHTTPServer(("127.0.0.1", 0), h) for h in (Dies, Answers)]
    for server in replicas:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    port = run.free_port()
    servers = [(f"r{k + 1}", f"127.0.0.1:{s.server_address[1]}") for k, s in enumerate(replicas)]
    config = tmp_path / "haproxy.cfg"
    config.write_text(run.render(f"127.0.0.1:{port}", servers, tmp_path / "stats.sock"))
    proxy = subprocess.Popen([haproxy, "-f", str(config), "-db"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    statuses: list[int] = []
    try:
        for _ in range(100):  # until HAProxy listens
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        for _ in range(20):  # round robin: every other new reader is sent to r1 first
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as r:
                    statuses.append(r.status)
                    assert r.read() == b"r2"
            except urllib.error.HTTPError as e:
                statuses.append(e.code)
        posted: list[int] = []  # a POST is not sent again: the reader gets the error
        for _ in range(4):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/upload", b"x", timeout=10) as r:
                    posted.append(r.status)
            except urllib.error.HTTPError as e:
                posted.append(e.code)
    finally:
        proxy.terminate()
        proxy.wait(10)
        for server in replicas:
            server.shutdown()
    assert statuses == [200] * 20, statuses
    assert sorted(posted) == [200, 200, 502, 502] and len(posts) == 2, (posted, posts)
