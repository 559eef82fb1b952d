"""Screen 6, the toy translator: its page, ``page.py``, and its parts, one module a concern.

- :mod:`.section`: the section itself, its header and its tabs;
- :mod:`.forcing`: the tab that feeds the reference translation;
- :mod:`.live`: the live tab, and :mod:`.live_service`: one background training run per process.

What the walkthrough draws too (the example sentences, the models' outputs, the chart rows, the alignment
heatmap a snapshot slider scrubs) is in :mod:`ui.translator`.
"""
