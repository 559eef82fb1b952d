"""The home page, ``page.py``, and the guided walkthrough it draws with ``?step=K``: one step a view, its control
beside its chart.

``steps`` registers the steps in the article's order; each step's drawing lives
in the module of its subject (``encoder``, ``reading``, ``sweep``, ``learning``,
``translator``); ``view`` draws the frame: heading, point, Back and Next.
"""
