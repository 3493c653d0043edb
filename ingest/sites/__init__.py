"""Site parsers: one module per file format, each exposing a :class:`Site` as ``SITE``.

A text room's module holds only what is particular to it (how its files and hands start,
its header, its line grammar, its amount style and a few hooks), as data read by the
room-neutral engine in :mod:`ingest.engine`; an XML room's, its elements and attributes and
what its action types mean (:class:`ingest.engine.xml_format.XmlFormat`).
"""

from __future__ import annotations

import functools
import hashlib
import weakref
from pathlib import Path

from ingest.engine.contract import Chunk, ParseResult, Site


@functools.cache
def registry() -> dict[str, Site]:
    """Site name -> parser, in detection order."""
    from ingest.sites import (
        betonline,
        boss,
        bovada,
        everest,
        ggpoker,
        ipoker,
        kingsclub,
        merge,
        microgaming,
        pacific,
        partypoker,
        pokerstars,
        pokertracker,
        seals,
        winamax,
        wpn,
    )

    sites: list[Site] = [pokerstars.SITE, ggpoker.SITE, winamax.SITE, wpn.SITE, kingsclub.SITE,
                         pacific.SITE, seals.SITE, bovada.SITE, betonline.SITE, partypoker.SITE,
                         ipoker.SITE, merge.SITE, everest.SITE, microgaming.SITE,
                         boss.SITE, pokertracker.SITE]
    return {site.name: site for site in sites}


def parser_version(site: Site) -> str:
    """The site's name and a digest of the code that reads its files (the engine and the
    site's own module): a file already read by the same parser, with the same content, need
    not be read again; any change to that code reads it again, and an edit to one room
    re-reads only that room's files; a zone named for times written without one is part of
    it too."""
    version = _versions.get(site)
    if version is None:  # its sources listed once (an import asks for every file)
        version = _versions[site] = _digest(site.name, tuple(site.sources))
    return version if site.zone_override is None else f"{version}@{site.zone_override}"


_versions: weakref.WeakKeyDictionary[Site, str] = weakref.WeakKeyDictionary()


@functools.cache
def _digest(name: str, sources: tuple[Path, ...]) -> str:
    digest = hashlib.sha256()
    for path in dict.fromkeys(sources):
        digest.update(path.read_bytes())
    return f"{name}:{digest.hexdigest()[:16]}"


def detect_site(head: bytes) -> Site | None:
    """The parser that recognises the first bytes of a file, if any."""
    for site in registry().values():
        if site.detect(head):
            return site
    return None


__all__ = ["Chunk", "ParseResult", "Site", "detect_site", "parser_version", "registry"]
