"""Keys that move through the walkthrough, so a presentation clicker works.

Back and Next carry Streamlit's own shortcuts, PageUp and PageDown (:data:`BACK_KEY`, :data:`NEXT_KEY`), the keys
most clickers send. Streamlit leaves a shortcut to a focused field, and a focused slider takes PageUp and PageDown
itself (a page of its range): after a drag, a clicker's PageDown moved the state s from 2.5 to 1.5. So in presenter
mode (the page's root has :data:`FLAG` at 1, set by :data:`ui.present.CSS`) :data:`SCRIPT` takes PageUp and PageDown
before any control sees them and presses Back or Next, whatever has the keyboard; elsewhere they are Streamlit's
shortcuts, and a focused control's keys.

Some clickers send the left and right arrow keys instead: :data:`SCRIPT`, installed once by :mod:`ui.frame`, presses
Back for the left arrow and Next for the right one, unless a control has the keyboard (a slider, a text field, a
radio or a tab list uses the arrows itself) or a modifier key is held.
"""

from __future__ import annotations

from ui import page_assets

FLAG = "--attention-presenting"  # a property of the page's root, 1 in presenter mode: what the page's scripts read
BACK_KEY, NEXT_KEY = "PageUp", "PageDown"
BACK, NEXT = "walk_back", "walk_next"  # the buttons' widget keys (Streamlit gives each the class st-key-<key>)

SCRIPT = page_assets.read("clicker.js")
# the values the script reads (window.attentionConfig.clicker): the buttons each key presses, presenter mode's flag
CONFIG = {"arrows": {"ArrowLeft": BACK, "ArrowRight": NEXT}, "pages": {BACK_KEY: BACK, NEXT_KEY: NEXT}, "flag": FLAG}
