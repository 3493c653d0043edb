"""The room-neutral parsing engine: a text format's grammar (``grammar``) read by compiled
passes over whole chunks (``lines``, ``fields``, ``header``, ``returns``, ``build``,
``problems``), behind the ``Site`` contract (``contract``, ``site``)."""
