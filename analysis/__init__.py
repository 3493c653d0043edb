"""analysis: the audit, the reports and the command line."""
