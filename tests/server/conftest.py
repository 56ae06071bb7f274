"""Real server processes for the server tests: `python -m townhall.cli serve` as a subprocess."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx", reason="the server extra is not installed (pip install -e .[server])")

POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"
REDIS = "redis://127.0.0.1:6379/0"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def reachable(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


# How long a test server may take to answer: it starts in a few seconds on an idle machine, and a
# loaded one (CI's two cores under two test workers and a browser) can take many times that.
START_SECONDS = 90


@dataclass
class Server:
    """One `townhall serve` process; `kill()` is kill -9, `start()` (re)starts it on the same port."""

    database: str
    redis: str | None = None
    options: tuple[str, ...] = ()  # more `townhall serve` options (e.g. --limit-tables 5/min)
    port: int = 0
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        self.port = self.port or free_port()
        command = [sys.executable, "-m", "townhall.cli", "serve", "--port", str(self.port), "--database", self.database]
        if self.redis:
            command += ["--redis", self.redis]
        command += self.options
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                output = self.process.stdout.read().decode() if self.process.stdout else ""
                raise RuntimeError(f"the server exited: {output}")
            try:
                if httpx.get(self.url + "/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.kill()  # a server that never answered is not left behind
        raise RuntimeError(f"the server did not start within {START_SECONDS} s")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.db'}"


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A PostgreSQL URL whose search_path is a fresh schema, dropped afterwards."""
    if not reachable(5432):
        pytest.skip("PostgreSQL is not reachable on 127.0.0.1:5432")
    psycopg = pytest.importorskip("psycopg")
    schema = f"th_test_{uuid.uuid4().hex[:12]}"
    try:
        with psycopg.connect(POSTGRES, autocommit=True) as connection:
            connection.execute(f"CREATE SCHEMA {schema}")
    except psycopg.Error as error:
        pytest.skip(f"PostgreSQL on 127.0.0.1:5432 refused the test database: {error}")
    yield f"{POSTGRES}?options=-csearch_path%3D{schema}"
    with psycopg.connect(POSTGRES, autocommit=True) as connection:
        connection.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture
def redis_url() -> str:
    if not reachable(6379):
        pytest.skip("Redis is not reachable on 127.0.0.1:6379")
    return REDIS


@pytest.fixture(scope="module")
def shared_sqlite_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the tests of a module that need no restart."""
    server = Server(f"sqlite:///{tmp_path_factory.mktemp('server') / 'shared.db'}").start()
    yield server
    server.stop()


@pytest.fixture
def start_server() -> Iterator[Callable[..., Server]]:
    started: list[Server] = []

    def start(database: str, redis: str | None = None, options: tuple[str, ...] = ()) -> Server:
        server = Server(database, redis, options).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@contextmanager
def database_of(kind: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A fresh database URL: a SQLite file, or a PostgreSQL schema dropped afterwards (skipped
    when PostgreSQL is not reachable)."""
    if kind == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('server') / 'each.db'}"
        return
    if not reachable(5432):
        pytest.skip("PostgreSQL is not reachable on 127.0.0.1:5432")
    psycopg = pytest.importorskip("psycopg")
    schema = f"th_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(POSTGRES, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"{POSTGRES}?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(POSTGRES, autocommit=True) as connection:
            connection.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def each_database_server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server on a SQLite file, then one on PostgreSQL (a fresh schema), for a module's tests."""
    with database_of(request.param, tmp_path_factory) as url:
        server = Server(url).start()
        yield server
        server.stop()
