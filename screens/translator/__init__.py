"""Screen 6's parts (``screens/6_translator.py``), one module a concern.

- :mod:`.section`: the section itself, its header and its three tabs;
- :mod:`.sentences`: the example sentences (picked by running the models), the sentence input and the
  snapshot step;
- :mod:`.outputs`: both models' translations (cached) and the table comparing them;
- :mod:`.rows`: the rows and specs behind its charts;
- :mod:`.live`: the live tab, and :mod:`.live_service`: one background training run per process.
"""
