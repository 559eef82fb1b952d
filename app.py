"""The dashboard: ``streamlit run app.py``. The frame around every screen is :mod:`ui.frame`; the screens live in
``screens/``."""

from ui import collector, forged, frame, message_hash

message_hash.install()
forged.install()
collector.tune()
frame.run()
