"""Screen 3, the additive scorer and what removing tanh does: its page, ``page.py``."""
