"""Screen 1, a fixed summary against a source that can be revisited: its page, ``page.py``."""
