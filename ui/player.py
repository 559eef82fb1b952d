"""Play a scrubbed slider's values in its charts, in the browser: the snapshots of training from initialisation to
the end, say, for a class to watch.

:func:`play_button` draws a button naming the slider (by its widget key); :data:`SCRIPT`, installed once by
:mod:`ui.frame`, answers its click by writing each index of the slider in turn, every :data:`STEP_MS`, into the
charts' parameter named after the slider (the channel :mod:`ui.scrub` writes the slider's own value into), showing
the value it plays on the button, then the slider's value again. The numbers drawn are the rows ``core`` computed
for every value (the browser only chooses among them); the server is not asked, and the link, the slider and the
sentences keep the slider's value. A second click stops.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence

import streamlit as st

STEP_MS = 500

SCRIPT = r"""
(() => {
  if (window.attentionPlayer) return;
  window.attentionPlayer = true;
  document.addEventListener('click', (event) => {
    const button = event.target.closest && event.target.closest('button[data-attention-play]');
    if (!button) return;
    if (button.dataset.playing) { button.dataset.playing = ''; return; }  // a second click stops
    const key = button.dataset.attentionPlay, labels = JSON.parse(button.dataset.labels);
    const range = document.querySelector(`.st-key-${CSS.escape(key)} input[type="range"]`);
    const put = (value) => {
      for (const input of document.querySelectorAll(`form.vega-bindings input[name="${CSS.escape(key)}"]`)) {
        if (input.value !== String(value)) {
          input.value = String(value);
          input.dispatchEvent(new Event('input', {bubbles: true}));
        }
      }
    };
    const idle = button.textContent, rest = range ? range.value : String(labels.length - 1);
    button.dataset.playing = '1';
    button.setAttribute('aria-pressed', 'true');
    let i = 0;
    const tick = () => {
      if (!button.dataset.playing || i >= labels.length) {
        button.dataset.playing = '';
        button.setAttribute('aria-pressed', 'false');
        button.textContent = idle;
        put(rest);
        return;
      }
      put(i);
      button.textContent = `■ ${labels[i]}`;
      i += 1;
      setTimeout(tick, STEP_MS);
    };
    tick();
  });
})();
""".replace("STEP_MS", str(STEP_MS))


def play_button(key: str, labels: Sequence[str], text: str) -> None:
    """A button that plays the slider ``key``'s values (``labels``, one an index, shown while played) in its
    charts. ``text`` is the button's label, in the reader's language."""
    st.html(
        f'<button class="attention-play" type="button" aria-pressed="false" data-attention-play="{html.escape(key)}" '
        f"data-labels='{html.escape(json.dumps(list(labels)))}'>▶ {html.escape(text)}</button>"
    )
