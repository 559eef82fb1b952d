"""Screen 3's own parts (``screens/3_scoring.py``): its link settings."""
