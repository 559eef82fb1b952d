"""Keys that move through the walkthrough, so a presentation clicker works.

Back and Next carry Streamlit's own shortcuts, PageUp and PageDown (:data:`BACK_KEY`, :data:`NEXT_KEY`), the keys
most clickers send. Some clickers send the left and right arrow keys instead: :data:`SCRIPT`, installed once by
:mod:`ui.frame`, presses Back for the left arrow and Next for the right one, unless a control has the keyboard (a
slider, a text field, a radio or a tab list uses the arrows itself) or a modifier key is held.
"""

from __future__ import annotations

import json

BACK_KEY, NEXT_KEY = "PageUp", "PageDown"
BACK, NEXT = "walk_back", "walk_next"  # the buttons' widget keys (Streamlit gives each the class st-key-<key>)

SCRIPT = r"""
(() => {
  if (window.attentionClicker) return;
  window.attentionClicker = true;
  const buttons = BUTTONS;
  const ownsArrows = (el) => el && el !== document.body && el.closest(
    'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="slider"], [role="radio"], '
    + '[role="radiogroup"], [role="tab"], [role="tablist"], [role="listbox"], [role="combobox"], [role="grid"], '
    + '[role="menu"], [role="spinbutton"], canvas');
  document.addEventListener('keydown', (event) => {
    const key = buttons[event.key];
    if (!key || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (ownsArrows(document.activeElement)) return;
    const button = document.querySelector(`.st-key-${key} button`);
    if (!button || button.disabled) return;
    event.preventDefault();
    button.click();
  });
})();
""".replace("BUTTONS", json.dumps({"ArrowLeft": BACK, "ArrowRight": NEXT}))
