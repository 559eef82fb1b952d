"""The dashboard: ``streamlit run app.py``.

The screens, in the navigation's order: the script Streamlit runs for each (``screens/<name>/page.py``), the message
key of its title, its icon, and its address, ``/<url_path>``. The addresses are declared here and nowhere else: a
screen's link to another, the tests and the benches read them from :data:`SCREENS`.

The frame around every screen is :mod:`ui.frame`. What the app changes in Streamlit, and the version it was written
for, is :mod:`ui.streamlit_private`'s to say (on another version, a notice atop the sidebar).
"""

import streamlit as st

from ui.frame import Screen

SCREENS = (
    Screen("screens/walkthrough/page.py", "nav.home", ":material/home:", url_path=""),
    Screen("screens/fixed_summary/page.py", "nav.fixed_summary", ":material/inventory_2:", url_path="fixed_summary"),
    Screen("screens/revisitable_source/page.py", "nav.revisitable", ":material/replay:", url_path="revisitable_source"),
    Screen("screens/scoring/page.py", "nav.scoring", ":material/calculate:", url_path="scoring"),
    Screen("screens/state_sweep/page.py", "nav.sweep", ":material/tune:", url_path="state_sweep"),
    Screen("screens/learning/page.py", "nav.learning", ":material/school:", url_path="learning"),
    Screen("screens/translator/page.py", "nav.translator", ":material/translate:", url_path="translator"),
    Screen("screens/limits/page.py", "nav.limits", ":material/block:", url_path="limits"),
    Screen("screens/self_attention/page.py", "nav.self_attention", ":material/hub:", url_path="self_attention"),
)

if __name__ == "__main__":  # every run, as Streamlit runs this file; imported (tests, benches), it declares SCREENS
    from ui import collector, forged, frame, message_hash, streamlit_private

    message_hash.install()
    streamlit_private.install_theme_cache()
    forged.install()
    collector.tune()
    streamlit_private.show_notice()
    with streamlit_private.whole_run():
        frame.set_up()  # the reader's language, the tab's icon and the layout: before the screens are declared
        page = st.navigation(frame.pages(SCREENS))
        frame.run(page)  # the frame around the screen, the screen (page.run()), then the link
