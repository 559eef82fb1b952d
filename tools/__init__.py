"""Developer tools that the dashboard does not run: ``python3 dev.py i18n`` (:mod:`tools.translations`)."""
