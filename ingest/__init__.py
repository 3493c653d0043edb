"""ingest: raw hand-history files -> Arrow tables -> DuckDB."""
