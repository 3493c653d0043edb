"""analysis: the library and its two faces above it.

The library: the audit (:mod:`analysis.audit`), the all-in equities
(:mod:`analysis.allin`) and the reports (:mod:`analysis.reports`), with what they share:
the stage runner (:mod:`analysis.batches`), the line explainer (:mod:`analysis.explain`),
the renderer of tabular results (:mod:`analysis.output`), tables as Parquet folders
(:mod:`analysis.parquet`) and the Spark job (:mod:`analysis.spark`). Its faces: the
``omaha`` command line (:mod:`analysis.cli`) and the web app (:mod:`analysis.web`).
"""
