"""Shared presentation for the dashboard's pages: state, charts, palette, widgets and text."""
