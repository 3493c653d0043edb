"""All-in equities: each pot's and half's exact equity from the moment no more betting was
possible and each player's expected net (:mod:`analysis.allin.equity`), and their stage
over a DuckDB store, in batches (:mod:`analysis.allin.stage`)."""
