"""PokerTracker's exports of other rooms' hands: one family of text per room, each file
written in one (``ingest.sites.pokertracker_everest``, ``ingest.sites.pokertracker_ipoker``,
``ingest.sites.pokertracker_merge``, ``ingest.sites.pokertracker_microgaming``); a file is
read by the grammar whose hands start in it, the hand's room the one it was played in."""

from __future__ import annotations

from ingest.engine.site import TextSite
from ingest.sites import (
    pokertracker_everest,
    pokertracker_ipoker,
    pokertracker_merge,
    pokertracker_microgaming,
)

SITE = TextSite(
    pokertracker_ipoker.GRAMMAR,
    __file__,
    uses=(pokertracker_everest.__file__, pokertracker_ipoker.__file__,
          pokertracker_merge.__file__, pokertracker_microgaming.__file__),
    dialects=(pokertracker_everest.GRAMMAR, pokertracker_merge.GRAMMAR,
              pokertracker_merge.VERSION_2, pokertracker_microgaming.GRAMMAR,
              pokertracker_microgaming.EXPORT),
)  # fmt: skip
