"""Screen 1's own parts (``screens/1_fixed_summary.py``): its link settings."""
