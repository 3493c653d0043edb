"""The web face of the library: ``omaha serve`` (see :mod:`analysis.web.app`)."""
