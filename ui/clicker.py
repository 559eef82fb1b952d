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

import json

FLAG = "--attention-presenting"  # a property of the page's root, 1 in presenter mode: what the page's scripts read
BACK_KEY, NEXT_KEY = "PageUp", "PageDown"
BACK, NEXT = "walk_back", "walk_next"  # the buttons' widget keys (Streamlit gives each the class st-key-<key>)

SCRIPT = r"""
(() => {
  if (window.attentionClicker) return;
  window.attentionClicker = true;
  const arrows = ARROWS, pages = PAGES;
  const modified = (event) => event.altKey || event.ctrlKey || event.metaKey || event.shiftKey;
  const presenting = () => getComputedStyle(document.documentElement).getPropertyValue('FLAG').trim() === '1';
  const ownsArrows = (el) => el && el !== document.body && el.closest(
    'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="slider"], [role="radio"], '
    + '[role="radiogroup"], [role="tab"], [role="tablist"], [role="listbox"], [role="combobox"], [role="grid"], '
    + '[role="menu"], [role="spinbutton"], canvas');
  // In the capture phase on the window: before the focused control (a slider's page step) and before Streamlit's
  // shortcut (which would press the button a second time).
  window.addEventListener('keydown', (event) => {
    const key = pages[event.key];
    if (!key || event.defaultPrevented || modified(event) || !presenting()) return;
    const button = document.querySelector(`.st-key-${key} button`);
    if (!button) return;  // not a walkthrough step: the keys scroll the page as they do
    event.preventDefault();
    event.stopPropagation();
    if (!button.disabled) button.click();
  }, true);
  document.addEventListener('keydown', (event) => {
    const key = arrows[event.key];
    if (!key || event.defaultPrevented || modified(event)) return;
    if (ownsArrows(document.activeElement)) return;
    const button = document.querySelector(`.st-key-${key} button`);
    if (!button || button.disabled) return;
    event.preventDefault();
    button.click();
  });
})();
"""
for _name, _value in {
    "ARROWS": json.dumps({"ArrowLeft": BACK, "ArrowRight": NEXT}),
    "PAGES": json.dumps({BACK_KEY: BACK, NEXT_KEY: NEXT}),
    "FLAG": FLAG,
}.items():
    SCRIPT = SCRIPT.replace(_name, _value)
