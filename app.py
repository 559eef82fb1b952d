"""The dashboard: ``streamlit run app.py``. The frame around every screen is :mod:`ui.frame`; the screens live in
``screens/``. What the app changes in Streamlit, and the version it was written for, is :mod:`ui.streamlit_private`'s
to say (on another version, a notice atop the sidebar)."""

from ui import collector, forged, frame, message_hash, streamlit_private

message_hash.install()
forged.install()
collector.tune()
streamlit_private.show_notice()
with streamlit_private.whole_run():
    frame.run()
