"""Results kept by their inputs: worked out once, all forgotten when the size is reached."""

from __future__ import annotations

import functools

from ingest.engine.kept import Kept


def test_a_value_is_worked_out_once_and_all_forgotten_when_full() -> None:
    calls: list[str] = []

    def work(key: str) -> str:
        calls.append(key)
        return key.upper()

    kept: Kept[str, str] = Kept(2)
    assert [kept.get(k, functools.partial(work, k)) for k in "abab"] == ["A", "B", "A", "B"]
    assert calls == ["a", "b"]
    assert kept.get("c", lambda: work("c")) == "C"  # full: a and b forgotten
    assert kept.get("a", lambda: work("a")) == "A"
    assert calls == ["a", "b", "c", "a"]
