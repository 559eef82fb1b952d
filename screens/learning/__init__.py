"""Screen 5, learning where to look: its page, ``page.py``, and its sections, a module each; the toy translator is
screen 6's (``screens/translator/``)."""
