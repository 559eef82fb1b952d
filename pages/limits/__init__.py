"""The sections of screen 7 (``pages/7_limits.py``), a module each."""
