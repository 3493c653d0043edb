"""``omaha serve`` as people start it: ``--watch FOLDER`` importing a history dropped into
the folder and then the hands appended to it while the pages keep answering (the real
command, in a process of its own, asked over HTTP), and ``--open`` opening the dashboard
in the browser."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from analysis.cli import app
from analysis.web.database import AppDatabase
from tests.web_fixture import SAMPLES

ROOT = Path(__file__).resolve().parents[1]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def _hands(count: int, skip: int = 0) -> tuple[str, list[str]]:
    """``count`` sample hands (after ``skip``) as a history's text, and their numbers."""
    texts = (SAMPLES / "omaha.txt").read_text(encoding="utf-8").strip().split("\n\n\n")
    chosen = texts[skip : skip + count]
    numbers = [re.search(r"Hand #(\d+)", text).group(1) for text in chosen]  # type: ignore[union-attr]
    return "".join(text.strip() + "\n\n\n" for text in chosen), numbers


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """``omaha serve --watch`` on an empty folder and a new database; its URL and folder."""
    folder = tmp_path / "HandHistory"
    folder.mkdir()
    port = _free_port()
    command = [sys.executable, "-c", "from analysis.cli import app; app()", "serve",
               "--db", str(tmp_path / "watch.duckdb"), "--port", str(port),
               "--watch", str(folder)]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(command, cwd=tmp_path, env=env, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                # answering, and done with its start (the audit and summaries of what the
                # database held): what follows is the watch's work alone
                if _get(url + "/")[0] == 200 and _started(url):
                    break
            except OSError:
                pass
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            assert time.monotonic() < deadline, "omaha serve did not answer"
            time.sleep(0.2)
        yield url, folder
    finally:
        process.terminate()
        process.wait(timeout=60)


def _started(url: str) -> bool:
    """Whether every job of the app (its start's catch-up among them) has ended."""
    status, body = _get(url + "/import/status")
    return status == 200 and all(job["state"] in ("done", "failed") for job in json.loads(body))


def _until_shown(url: str, hands: int, number: str, answered: list[float]) -> None:
    """Ask the dashboard until it counts ``hands`` hands and hand ``number`` opens, noting
    how long each page took to answer (every one must answer meanwhile)."""
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        began = time.monotonic()
        status, page = _get(url + "/")
        answered.append(time.monotonic() - began)
        assert status == 200, page
        if f"<h1>{hands} hands</h1>" in page and _get(f"{url}/hands/{number}")[0] == 200:
            return
        time.sleep(0.3)
    raise AssertionError(f"the dashboard never showed {hands} hands and hand {number}")


def test_watch_imports_a_dropped_history_then_the_hands_appended(
    served: tuple[str, Path],
) -> None:
    url, folder = served
    first, numbers = _hands(12)
    history = folder / "HH20240108 Aldebaran XII.txt"
    assert _get(f"{url}/hands/{numbers[0]}")[0] == 404
    answered: list[float] = []
    history.write_text(first, encoding="utf-8")
    _until_shown(url, 12, numbers[-1], answered)
    more, added = _hands(8, skip=12)
    with history.open("a", encoding="utf-8") as stream:  # the room writes on
        stream.write(more)
    assert _get(f"{url}/hands/{added[-1]}")[0] == 404
    _until_shown(url, 20, added[-1], answered)
    assert _get(f"{url}/players/Hero")[0] == 200
    assert max(answered) < 10, answered  # the pages answered while each import ran
    status, imports = _get(f"{url}/import")
    assert status == 200 and "watch" in imports


def test_open_starts_the_browser_on_the_dashboard(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    opened: list[str] = []
    asked = threading.Event()

    def browser(url: str) -> bool:
        opened.append(url)
        asked.set()
        return True

    def run(app: object, host: str, port: int, log_level: str) -> None:
        assert asked.wait(10), "the browser was not opened while the server ran"

    monkeypatch.setattr("webbrowser.open", browser)
    monkeypatch.setattr(uvicorn, "run", run)
    monkeypatch.setattr(AppDatabase, "catch_up", lambda self: None)
    done = CliRunner().invoke(
        app, ["serve", "--db", str(tmp_path / "open.duckdb"), "--port", "9123", "--open"])
    assert done.exit_code == 0, done.output
    assert opened == ["http://127.0.0.1:9123/"]
    plain = CliRunner().invoke(app, ["serve", "--db", str(tmp_path / "open.duckdb"),
                                     "--port", "9124"])  # fmt: skip
    assert plain.exit_code == 0 and opened == ["http://127.0.0.1:9123/"]
