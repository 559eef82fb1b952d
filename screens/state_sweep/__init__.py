"""Screen 4, the decoder state swept: its page, ``page.py``."""
