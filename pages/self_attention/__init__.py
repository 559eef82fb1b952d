"""The sections of screen 8 (``pages/8_self_attention.py``): visibility, keys and values, self-attention."""
