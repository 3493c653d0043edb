"""The import and the audit on a Spark cluster: the same room modules, conformance rules and
audit stages as on one machine, run on the executors (:mod:`analysis.spark.job`)."""
