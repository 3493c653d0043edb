"""PokerTracker's exports of other rooms' hands: one family of text per room, each file
written in one (``ingest.sites.pokertracker_everest``, ``ingest.sites.pokertracker_ipoker``);
a file is read by the grammar whose hands start in it."""

from __future__ import annotations

from ingest.engine.site import TextSite
from ingest.sites import pokertracker_everest, pokertracker_ipoker

SITE = TextSite(
    pokertracker_ipoker.GRAMMAR,
    __file__,
    uses=(pokertracker_everest.__file__, pokertracker_ipoker.__file__),
    dialects=(pokertracker_everest.GRAMMAR,),
)
