"""``omaha serve`` in a real headless browser: the distribution's Chromium driven through
Selenium (a test tool's own browser download needs a network CI does not have). Skipped,
saying why, when Chromium or its driver is missing (``.ci/run`` installs them).

One server for the module, over the small database of :mod:`tests.web_fixture`. A test
that fails leaves a screenshot of the page in ``test-screenshots/``; with
``OMAHA_DOCS_SCREENSHOTS=1`` the replayer's and the player page's are written to docs/
for the README.
"""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from analysis.web.app import create_app
from analysis.web.database import AppDatabase
from ingest.money import show_money
from tests.web_fixture import MISAWARDED, build

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="no Chromium or chromedriver (apt-get install chromium chromium-driver; .ci/run "
    "installs them)",
)
ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "test-screenshots"
DOCS = ROOT / "docs"

if CHROMIUM is not None and DRIVER is not None:
    import uvicorn
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.remote.webdriver import WebDriver


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppDatabase]:
    db = build(tmp_path_factory.mktemp("browser"))
    yield db
    db.close()


@pytest.fixture(scope="module")
def server(database: AppDatabase) -> Iterator[str]:
    port = _free_port()
    config = uvicorn.Config(create_app(database, "127.0.0.1", port), host="127.0.0.1",
                            port=port, log_level="warning")  # fmt: skip
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not running.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[WebDriver]:
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    profile = tempfile.mkdtemp(prefix="omaha-chromium-")
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--window-size=1500,1000",
                 "--disable-dev-shm-usage", f"--user-data-dir={profile}"):  # fmt: skip
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(str(DRIVER)))
    driver.implicitly_wait(5)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


@contextmanager
def shot_on_failure(driver: WebDriver, name: str) -> Iterator[None]:
    """A screenshot of the page when the block fails."""
    try:
        yield
    except BaseException:
        SHOTS.mkdir(exist_ok=True)
        driver.save_screenshot(str(SHOTS / f"{name}.png"))
        raise


def _docs_shot(driver: WebDriver, name: str) -> None:
    if os.environ.get("OMAHA_DOCS_SCREENSHOTS") == "1":
        driver.save_screenshot(str(DOCS / name))


def test_dashboard_then_players_sorted_filtered_then_a_player(
    browser: WebDriver, server: str
) -> None:
    with shot_on_failure(browser, "dashboard-players"):
        browser.get(server + "/")
        assert "321 hands" in browser.find_element(By.TAG_NAME, "h1").text
        browser.find_element(By.LINK_TEXT, "Players").click()
        assert browser.find_element(By.ID, "players")
        browser.find_element(By.CSS_SELECTOR, 'a.sort[data-column="player"]').click()
        header = browser.find_element(By.CSS_SELECTOR, 'a.sort[data-column="player"]').text
        names = [a.text for a in browser.find_elements(By.CSS_SELECTOR, "#players a.player")]
        assert names == sorted(names, reverse="▼" in header) and names
        box = browser.find_element(By.NAME, "min_hands")
        box.clear()
        box.send_keys("100", Keys.ENTER)
        names = [a.text for a in browser.find_elements(By.CSS_SELECTOR, "#players a.player")]
        assert names == ["Hero"]
        browser.find_element(By.LINK_TEXT, "Hero").click()
        assert browser.find_element(By.ID, "player-name").text == "Hero"
        assert browser.find_elements(By.CSS_SELECTOR, "#graphs svg")
        _docs_shot(browser, "web-player.png")
        first = browser.find_element(By.CSS_SELECTOR, "#hands a")
        number = first.text
        first.click()
        assert number in browser.find_element(By.TAG_NAME, "h1").text


def test_a_problem_hand_from_the_audit_page(browser: WebDriver, server: str) -> None:
    with shot_on_failure(browser, "audit"):
        browser.get(server + "/audit")
        browser.find_element(By.LINK_TEXT, MISAWARDED).click()
        assert browser.find_element(By.ID, "audit-status").text == "mismatch"
        differs = browser.find_elements(By.CSS_SELECTOR, "#awards tr.differs")
        assert len(differs) >= 2  # the winner not paid, the payee not due


def test_the_replayer_steps_to_the_river_with_the_histories_pot_and_stacks(
    browser: WebDriver, server: str, database: AppDatabase
) -> None:
    with database.reader() as con:
        site, hand_id, total, currency = con.execute(
            "SELECT h.site, h.hand_id, h.total_pot, h.currency FROM hands h "
            "WHERE len(h.boards) = 1 AND h.total_pot > 10 * h.big_blind "
            "AND EXISTS (SELECT 1 FROM actions a WHERE a.site = h.site AND "
            "a.hand_id = h.hand_id AND a.street = 'river' AND a.kind IN ('bet', 'check')) "
            "ORDER BY h.hand_id LIMIT 1").fetchall()[0]  # fmt: skip
        stacks = dict(con.execute(
            "SELECT seat, stack + net FROM players WHERE site = ? AND hand_id = ?",
            [site, hand_id]).fetchall())  # fmt: skip
        (before_collect,) = con.execute(
            "SELECT min(seq) FROM actions WHERE site = ? AND hand_id = ? AND kind = 'collect'",
            [site, hand_id]).fetchall()[0]  # fmt: skip
    with shot_on_failure(browser, "replayer"):
        browser.get(f"{server}/hands/{hand_id}?site={site}")
        page = browser.find_element(By.TAG_NAME, "body")
        street = browser.find_element(By.ID, "street")
        presses = 0
        while street.text != "river" and presses < 200:
            page.send_keys(Keys.ARROW_RIGHT)
            presses += 1
        assert street.text == "river"
        visible = [card for card in browser.find_elements(By.CSS_SELECTOR, ".board .card")
                   if card.is_displayed()]  # fmt: skip
        assert len(visible) == 5
        # on to the last action before the pot is paid: the whole pot is in
        steps = browser.find_elements(By.CSS_SELECTOR, "#steps li")
        index = next(i for i, li in enumerate(steps) if " collects " in f" {li.text} ")
        while int(browser.find_element(By.ID, "step-number").text.split(" / ")[0]) < index - 1:
            browser.find_element(By.ID, "next").click()
        assert browser.find_element(By.ID, "pot").text == show_money(total, currency)
        assert before_collect is not None
        browser.find_element(By.ID, "last").click()
        for seat, chips in stacks.items():
            shown = browser.find_element(By.ID, f"chips-{seat}").text
            assert shown == show_money(chips, currency), seat
        browser.find_element(By.ID, "back").click()
        browser.find_element(By.ID, "first").click()
        assert browser.find_element(By.ID, "pot").text == show_money(0, currency)
        browser.find_element(By.ID, "last").click()
        _docs_shot(browser, "web-replayer.png")
    with database.reader() as con:
        site, hand_id = con.execute(
            "SELECT site, hand_id FROM allin_hands WHERE computed ORDER BY hand_id LIMIT 1"
        ).fetchall()[0]
    with shot_on_failure(browser, "replayer-all-in"):
        browser.get(f"{server}/hands/{hand_id}?site={site}")
        equities = browser.find_elements(By.CSS_SELECTOR, "#equity tbody tr")
        assert len(equities) >= 2


def test_a_sql_query_and_a_refused_one(browser: WebDriver, server: str) -> None:
    with shot_on_failure(browser, "sql"):
        browser.get(server + "/sql")
        box = browser.find_element(By.ID, "q")
        box.send_keys("SELECT game, count(*) AS hands FROM hands GROUP BY game ORDER BY game")
        browser.find_element(By.ID, "run").click()
        cells = [td.text for td in browser.find_elements(By.CSS_SELECTOR, "#result td")]
        assert "omaha8" in cells
        assert browser.find_element(By.ID, "csv").get_attribute("href")
        box = browser.find_element(By.ID, "q")
        box.clear()
        box.send_keys("DELETE FROM hands")
        browser.find_element(By.ID, "run").click()
        assert "only reads" in browser.find_element(By.ID, "problem").text
