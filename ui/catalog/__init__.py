"""Messages, one module a screen; each defines ``EN``, a dict from key to English text."""
