"""The reports: the players', positions', hands' and sessions' reports, SQL files in
``sql/`` run with bound filters over rows stored in the database
(:mod:`analysis.reports.queries`), the starting-hand classes they group by
(:mod:`~analysis.reports.handclass`), the results graph (:mod:`~analysis.reports.graph`),
why a report has no rows (:mod:`~analysis.reports.misses`) and the rows the web app's pages
read, made once per version of the data (:mod:`~analysis.reports.summaries`)."""
