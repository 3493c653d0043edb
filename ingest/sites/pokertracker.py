"""PokerTracker's exports of other rooms' hands: five families of text, one per file, each
read by its own grammar (the room the hands were played in is the hand's room).

Merge (``pokertracker_merge``) and Microgaming (``pokertracker_microgaming``).
"""

from __future__ import annotations

from ingest.engine.site import TextSite
from ingest.sites import pokertracker_merge, pokertracker_microgaming

SITE = TextSite(
    pokertracker_merge.GRAMMAR, __file__,
    uses=(pokertracker_merge.__file__, pokertracker_microgaming.__file__),
    dialects=(pokertracker_merge.VERSION_2, pokertracker_microgaming.GRAMMAR,
              pokertracker_microgaming.EXPORT),
)  # fmt: skip
