"""The sections of screen 5 (``screens/5_learning.py``), a module each; the toy translator's in ``translator/``."""
