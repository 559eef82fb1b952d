"""Screen 2's own parts (``screens/2_revisitable_source.py``): its link settings."""
