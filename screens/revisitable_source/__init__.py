"""Screen 2, compare, normalise, read: its page, ``page.py``."""
