"""omaha_core: cards, the Omaha hand evaluator, pots and awards.

Depends on nothing else in the project: ingest and analysis build on it.
"""
