"""The dashboard: ``streamlit run app.py``. The frame around every screen is :mod:`ui.frame`; the screens live in
``screens/``."""

from ui import collector, frame, message_hash

message_hash.install()
collector.tune()
frame.run()
