"""Replicas of the app behind HAProxy: ``python3 deploy/run.py --replicas 2 --port 8500``.

Starts N replicas with the README's command (``python3 dev.py app``) on free ports of
127.0.0.1, waits until each answers its health check, writes HAProxy's configuration
from ``deploy/haproxy.cfg.in`` into a run folder, starts HAProxy in the foreground in
front of them, waits until HAProxy counts every replica up, and prints the URL. A replica
that exits is started again on its port, after a back-off that doubles while it keeps
failing (:class:`Restarts`). HAProxy's log is rotated (:data:`LOG_BYTES`, :data:`LOG_KEEP`).
``--tls-cert`` makes HAProxy serve HTTPS. Ctrl-C or SIGTERM stops HAProxy and every
replica. Replicas already running elsewhere (other machines) join with
``--server HOST:PORT``; see docs/deploy.md.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import logging
import logging.handlers
import os
import secrets
import shutil
import signal
import socket
import string
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = Path(__file__).with_name("haproxy.cfg.in")
BACKEND = "replicas"
LOG_BYTES = 10 * 2**20  # HAProxy's access log is rotated at this size ...
LOG_KEEP = 3  # ... keeping this many old files (haproxy.log.1, ...)
BACKOFF_FIRST, BACKOFF_MOST = 1.0, 60.0  # seconds before a replica that exited is started again, doubling
STEADY = 60.0  # seconds a replica must stay up for its back-off to start again from BACKOFF_FIRST
MAXCONN = 200  # connections one replica takes at a time (a reader holds one websocket); more wait in HAProxy
PER_ADDRESS_CONNECTIONS = 2000  # connections one client address may hold at once (a class behind one NAT address)
PER_ADDRESS_REQUESTS = 30_000  # requests one client address may make in 10 s before the next are slowed
PER_ADDRESS_SESSIONS = 600  # websockets (sessions) one client address may open in a minute before the next are slowed
TARPIT = 5.0  # seconds: how long a request past that rate is held before it is answered 429
INSTALL = "HAProxy is not installed: install it with `apt-get install haproxy` (Debian, Ubuntu) and run this again."


class Stop(Exception):
    """SIGINT or SIGTERM arrived."""


def find_haproxy() -> str | None:
    """HAProxy's binary: on the PATH, or in the sbin folders a user's PATH often lacks on Debian."""
    return shutil.which("haproxy") or shutil.which("haproxy", path="/usr/local/sbin:/usr/sbin")


_GIVEN: set[int] = set()  # ports this process has handed out: the system may offer a just-released one again


def free_port() -> int:
    """A port of 127.0.0.1 nothing listens on now, and not one handed out before by this process (the one way the
    deployment, the benches and the tests pick a port)."""
    while True:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if port not in _GIVEN:
            _GIVEN.add(port)
            return port


def replica_ports(count: int, front: int) -> list[int]:
    """``count`` free ports for the replicas, none of them HAProxy's ``front``: free until HAProxy binds it after the
    replicas are up, the system may offer it to a replica (HAProxy then could not start)."""
    _GIVEN.add(front)
    return [free_port() for _ in range(count)]


def replica_command(port: int) -> list[str]:
    """The README's command for one replica, bound to 127.0.0.1 (only HAProxy talks to it)."""
    return [
        sys.executable,
        "dev.py",
        "app",
        "--server.port",
        str(port),
        "--server.address",
        "127.0.0.1",
        "--server.headless",
        "true",
        "--server.fileWatcherType",
        "none",
    ]


def render(
    bind: str,
    servers: list[tuple[str, str]],
    stats_socket: Path,
    tls_cert: Path | None = None,
    connections: int = PER_ADDRESS_CONNECTIONS,
    requests: int = PER_ADDRESS_REQUESTS,
    sessions: int = PER_ADDRESS_SESSIONS,
    tarpit: float = TARPIT,
) -> str:
    """HAProxy's configuration: ``servers`` are (name, host:port); each name is also its cookie value. With
    ``tls_cert`` (a PEM file holding the certificate and its key) HAProxy serves HTTPS and the cookie is Secure.
    ``connections``, ``requests`` and ``sessions``: one client address's limits (at once; in 10 s; in a minute);
    ``tarpit``: the seconds a request past them is held before its 429."""
    lines = "\n".join(f"    server {name} {address} cookie {name}" for name, address in servers)
    return string.Template(TEMPLATE.read_text()).substitute(
        bind=f"{bind} ssl crt {tls_cert}" if tls_cert else bind,
        secure=" secure" if tls_cert else "",
        servers=lines,
        stats_socket=stats_socket,
        backend=BACKEND,
        maxconn=MAXCONN,
        connections=connections,
        requests=requests,
        sessions=sessions,
        tarpit=f"{round(tarpit * 1000)}ms",
    )


class Restarts:
    """When a replica that exited is started again: at once the first time, then after a back-off that doubles
    while it keeps exiting (up to BACKOFF_MOST), from BACKOFF_FIRST again once it has stayed up STEADY seconds."""

    def __init__(self) -> None:
        self.delay = 0.0
        self.started = time.monotonic()

    def exited(self, now: float) -> float:
        """The seconds to wait before the next start, for a replica that exited at ``now``."""
        if now - self.started >= STEADY:
            self.delay = 0.0
        self.delay = BACKOFF_FIRST if self.delay == 0.0 else min(2 * self.delay, BACKOFF_MOST)
        return self.delay

    def start(self, now: float) -> None:
        self.started = now


def rotated(stream, path: Path) -> threading.Thread:
    """Copy ``stream`` (HAProxy's standard output, its access log) line by line into ``path``, rotated at
    LOG_BYTES with LOG_KEEP old files, in a thread of its own."""
    handler = logging.handlers.RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=LOG_KEEP, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(message)s"))

    def copy() -> None:
        try:
            for line in stream:
                handler.emit(logging.makeLogRecord({"msg": line.rstrip("\n")}))
        finally:
            handler.close()

    thread = threading.Thread(target=copy, name="haproxy-log", daemon=True)
    thread.start()
    return thread


def runtime_api(stats_socket: Path, command: str, timeout: float = 5) -> str:
    """Send one command to HAProxy's runtime API (the stats socket) and return its answer."""
    with socket.socket(socket.AF_UNIX) as s:
        s.settimeout(timeout)
        s.connect(str(stats_socket))
        s.sendall(command.encode() + b"\n")
        chunks = []
        while chunk := s.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks).decode()


def show_stat(stats_socket: Path) -> dict[str, dict[str, str]]:
    """Each server of the backend and its row of ``show stat`` (status UP/DOWN/MAINT, scur sessions now, ...)."""
    rows = list(csv.reader(runtime_api(stats_socket, "show stat").lstrip("# ").splitlines()))
    header = rows[0]
    table = [dict(zip(header, r, strict=True)) for r in rows[1:] if len(r) == len(header)]
    return {r["svname"]: r for r in table if r["pxname"] == BACKEND and r["svname"] != "BACKEND"}


def healthy(address: str) -> bool:
    try:
        with urllib.request.urlopen(f"http://{address}/_stcore/health", timeout=2) as r:
            return r.status == 200
    except OSError:
        return False


def wait(condition, what: str, timeout: float, processes: list[subprocess.Popen]) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        for p in processes:
            if p.poll() is not None:
                raise RuntimeError(f"{what}: a process exited with code {p.returncode} ({' '.join(map(str, p.args))})")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what}: not after {timeout:.0f} s")
        time.sleep(0.2)


def stop(processes: list[subprocess.Popen], timeout: float = 15) -> None:
    """SIGTERM to each process group, then wait; SIGKILL what is still running after ``timeout``."""
    for p in processes:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout
    for p in processes:
        try:
            p.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replicas", type=int, default=2, help="replicas to start on this machine (default 2)")
    parser.add_argument("--port", type=int, default=8500, help="the port HAProxy listens on (default 8500)")
    parser.add_argument(
        "--bind", default="127.0.0.1", help="the address HAProxy listens on (default 127.0.0.1; 0.0.0.0 for a network)"
    )
    parser.add_argument(
        "--server",
        action="append",
        default=[],
        metavar="HOST:PORT",
        help="a replica already running elsewhere, added to the backend (repeatable)",
    )
    parser.add_argument(
        "--tls-cert",
        type=Path,
        help="serve HTTPS with this PEM file (the certificate, its chain and its private key, one file); the "
        "affinity cookie is then Secure",
    )
    parser.add_argument(
        "--per-address-connections",
        type=int,
        default=PER_ADDRESS_CONNECTIONS,
        help=f"connections one client address may hold at once (default {PER_ADDRESS_CONNECTIONS:,}: a class of 200 "
        "behind one school address loads in about 1,200)",
    )
    parser.add_argument(
        "--per-address-requests",
        type=int,
        default=PER_ADDRESS_REQUESTS,
        help=f"requests one client address may make in 10 s before the next are held (--tarpit) and answered 429 "
        f"(default {PER_ADDRESS_REQUESTS:,}: a class of 200 loading at once makes about 25,000)",
    )
    parser.add_argument(
        "--per-address-sessions",
        type=int,
        default=PER_ADDRESS_SESSIONS,
        help=f"websockets (sessions) one client address may open in a minute before the next are held (--tarpit) and "
        f"answered 429 (default {PER_ADDRESS_SESSIONS}: a class of 200 opening the page three times)",
    )
    parser.add_argument(
        "--tarpit",
        type=float,
        default=TARPIT,
        help=f"seconds a request past one of those limits is held before it is answered 429 (default {TARPIT:g}): "
        "the sender waits, and its flood costs the replicas nothing meanwhile",
    )
    parser.add_argument("--run-dir", type=Path, help="where the configuration, the socket and the logs go")
    parser.add_argument("--timeout", type=float, default=120, help="seconds to wait for every replica to be up")
    args = parser.parse_args(argv)
    if not 0 < args.tarpit < 3600:  # NaN too
        parser.error(f"--tarpit: seconds from 0 to an hour, not {args.tarpit:g}")
    if args.replicas < 0 or (args.replicas == 0 and not args.server):
        parser.error("at least one replica: --replicas N or --server HOST:PORT")
    if args.tls_cert is not None and not args.tls_cert.is_file():
        parser.error(f"--tls-cert: no file {args.tls_cert}")
    return args


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    haproxy = find_haproxy()
    if haproxy is None:
        print(INSTALL, file=sys.stderr)
        return 1
    # Install what the app needs once, here, rather than in N replicas at the same moment.
    if args.replicas:
        sys.path.insert(0, str(ROOT))
        import dev

        dev.ensure_environment("requirements.txt")
    run_dir = args.run_dir or Path(tempfile.mkdtemp(prefix="attention-deploy-"))
    run_dir.mkdir(parents=True, exist_ok=True)
    stats_socket = run_dir / "haproxy.sock"

    # Signed cookies (st.login) must verify on every replica: one secret for all of them.
    env = dict(os.environ)
    env.setdefault("STREAMLIT_SERVER_COOKIE_SECRET", secrets.token_hex(32))

    def on_signal(signum, frame):
        raise Stop

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)

    replicas: list[subprocess.Popen] = []
    proxy: list[subprocess.Popen] = []
    logs = []
    try:
        servers = []

        def start_replica(i: int) -> subprocess.Popen:
            log = open(run_dir / f"r{i}.log", "a")  # noqa: SIM115 (closed below)
            logs.append(log)
            return subprocess.Popen(
                replica_command(ports[i - 1]),
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )

        ports = replica_ports(args.replicas, args.port)  # read by start_replica, here and on each restart
        for i in range(1, args.replicas + 1):
            replicas.append(start_replica(i))
            servers.append((f"r{i}", f"127.0.0.1:{ports[i - 1]}"))
        servers += [(f"x{i}", address) for i, address in enumerate(args.server, 1)]
        for name, address in servers:
            print(f"replica {name}: http://{address}", flush=True)
        wait(lambda: all(healthy(a) for _, a in servers), "replicas healthy", args.timeout, replicas)

        config = run_dir / "haproxy.cfg"
        config.write_text(
            render(
                f"{args.bind}:{args.port}",
                servers,
                stats_socket,
                args.tls_cert,
                args.per_address_connections,
                args.per_address_requests,
                args.per_address_sessions,
                args.tarpit,
            )
        )
        check = subprocess.run([haproxy, "-c", "-q", "-f", str(config)], capture_output=True, text=True)
        if check.returncode:
            raise RuntimeError(f"HAProxy rejects {config}:\n{check.stdout}{check.stderr}")
        proxy.append(
            subprocess.Popen(
                [haproxy, "-f", str(config), "-db"],
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
                text=True,
                errors="replace",
            )
        )
        rotated(proxy[0].stdout, run_dir / "haproxy.log")

        def all_up() -> bool:
            try:
                return {r["status"] for r in show_stat(stats_socket).values()} == {"UP"}
            except OSError:
                return False

        wait(all_up, "HAProxy counts every replica up", args.timeout, proxy)
        host = "127.0.0.1" if args.bind in ("0.0.0.0", "*", "") else args.bind
        scheme = "https" if args.tls_cert else "http"
        print(f"ready: {scheme}://{host}:{args.port}  (replicas: {len(servers)}; files in {run_dir})", flush=True)
        restarts = [Restarts() for _ in replicas]
        due: dict[int, float] = {}  # replica -> when it starts again

        while True:
            if proxy[0].poll() is not None:
                raise RuntimeError(f"HAProxy exited with code {proxy[0].returncode}; see {run_dir / 'haproxy.log'}")
            now = time.monotonic()
            for i, p in enumerate(replicas, 1):
                if i not in due and p.poll() is not None:
                    with contextlib.suppress(ProcessLookupError):  # what is left of its process group
                        os.killpg(p.pid, signal.SIGKILL)
                    wait_s = restarts[i - 1].exited(now)
                    due[i] = now + wait_s
                    print(
                        f"replica r{i} exited with code {p.returncode}; HAProxy sends its readers elsewhere; "
                        f"starting it again in {wait_s:.0f} s",
                        flush=True,
                    )
                elif i in due and now >= due[i]:
                    del due[i]
                    replicas[i - 1] = start_replica(i)
                    restarts[i - 1].start(now)
                    print(f"replica r{i} started again (pid {replicas[i - 1].pid})", flush=True)
            time.sleep(0.5)
    except Stop:
        print("stopping ...", flush=True)
        return 0
    except RuntimeError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        stop(proxy + replicas)
        for log in logs:
            log.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
