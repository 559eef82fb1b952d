"""Screen 4's own parts (``screens/4_state_sweep.py``): its link settings."""
