"""The audit: replay every hand and verify every award (:mod:`analysis.audit.core`, Arrow
tables in, Arrow tables out), from the chip flow and the pots (:mod:`~analysis.audit.replay`),
the betting rules (:mod:`~analysis.audit.legality`), the awards the rules give
(:mod:`~analysis.audit.verify`, :mod:`~analysis.audit.single_pot`) and the order hands are
shown in (:mod:`~analysis.audit.showdown_order`); and its stage over a DuckDB store, in
batches (:mod:`analysis.audit.stage`)."""
