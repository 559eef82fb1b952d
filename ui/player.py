"""Play a scrubbed slider's values in its charts, in the browser: the snapshots of training from initialisation to
the end, say, for a class to watch.

:func:`play_button` draws a button naming the slider (by its widget key); :data:`SCRIPT`, installed once by
:mod:`ui.frame`, answers its click by writing each index of the slider in turn, every :data:`STEP_MS`, into the
charts' parameter named after the slider (the channel :mod:`ui.scrub` writes the slider's own value into), and by
showing the played value everywhere the page shows the slider's: on the button, on the slider (its thumb's place,
the track's fill up to it, its number, the value a screen reader hears) and in a sentence that states it (the
button may carry that sentence as written at every value, :func:`play_button`'s ``said``). The slider's value is
not changed: Streamlit's slider is drawn by React from its own state, and a value given to it would be sent to the
server (a rerun a frame); the script draws over the slider's marks, as :mod:`ui.scrub` does while a drag moves a
numeric slider, and puts back what the slider drew when the play ends (after the last value, on a second click, or
as the reader takes the slider: a press or a key on it stops the play first, so the slider starts from its own
drawing). Then the charts, the slider, the sentence and the link all show the slider's value again, which the play
never changed. The numbers drawn are the rows ``core`` computed for every value, and the sentences the server
wrote for each (the browser only chooses among them); the server is not asked.
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
  const playing = new Map();  // the slider's key -> the play under way's stop
  window.attentionPlayer = {playing};
  // Where Streamlit puts a thumb's number (its slider's function that runs after each drawing): centred over the
  // thumb, or held at the slider's edge it would cross.
  const placeNumber = (slider, thumb, box) => {
    const r = slider.getBoundingClientRect(), i = thumb.getBoundingClientRect(), a = box.getBoundingClientRect();
    const half = i.width / 2, middle = i.left + half;
    if (Math.round(middle - a.width / 2) < Math.round(r.left)) {
      box.style.left = `${r.left - middle + half}px`; box.style.right = '';
    } else if (Math.round(middle + a.width / 2) > Math.round(r.right)) {
      box.style.left = ''; box.style.right = `${middle + half - r.right}px`;
    } else {
      box.style.left = ''; box.style.right = '';
    }
  };
  // The slider's marks that show its value (null if it is not a one-thumb slider drawn as expected).
  const marksOf = (key) => {
    const slider = document.querySelector(`.st-key-${CSS.escape(key)} [data-testid="stSlider"]`);
    const input = slider && slider.querySelector('input[type="range"]');
    const thumb = input && input.parentElement && input.parentElement.parentElement;
    const box = slider && slider.querySelector('[data-testid="stSliderThumbValue"]');
    const number = box && box.querySelector('p');
    const fill = thumb && thumb.parentElement.firstElementChild;
    if (!number || !number.firstChild || !fill || fill === thumb) return null;
    return {slider, input, thumb, box, number: number.firstChild, fill};
  };
  // A text node of the sentence that states the value, in the container with Streamlit key ``key``.
  const sentenceIn = (key) => {
    const p = key && document.querySelector(`.st-key-${CSS.escape(key)} [data-testid="stMarkdownContainer"] p`);
    const node = p && (p.querySelector('strong') || p);
    return node && node.childNodes.length === 1 && node.firstChild.nodeType === Node.TEXT_NODE ? node.firstChild : null;
  };
  document.addEventListener('click', (event) => {
    const button = event.target.closest && event.target.closest('button[data-attention-play]');
    if (!button) return;
    const key = button.dataset.attentionPlay;
    if (playing.has(key)) { playing.get(key)(); return; }  // a second click stops
    const labels = JSON.parse(button.dataset.labels), values = JSON.parse(button.dataset.values);
    const said = button.dataset.said ? JSON.parse(button.dataset.said) : null;
    const marks = marksOf(key), sentence = said && sentenceIn(button.dataset.saidIn);
    const put = (value) => {
      for (const input of document.querySelectorAll(`form.vega-bindings input[name="${CSS.escape(key)}"]`)) {
        if (input.value !== String(value)) {
          input.value = String(value);
          input.dispatchEvent(new Event('input', {bubbles: true}));
        }
      }
    };
    const idle = button.textContent, rest = marks ? marks.input.value : String(labels.length - 1);
    // what the slider and the sentence show now, as React drew them: put back when the play ends
    const drawn = marks && {left: marks.thumb.style.left, number: marks.number.nodeValue,
                            heard: marks.input.getAttribute('aria-valuetext'),
                            boxLeft: marks.box.style.left, boxRight: marks.box.style.right};
    const told = sentence && sentence.nodeValue;
    const show = (i) => {
      put(i);
      button.textContent = `■ ${labels[i]}`;
      if (sentence && said[i] !== undefined) sentence.nodeValue = said[i];
      if (!marks || !marks.thumb.isConnected) return;
      const lo = Number(marks.input.min), hi = Number(marks.input.max);
      const at = `${hi > lo ? (i - lo) / (hi - lo) * 100 : 0}%`;
      marks.thumb.style.left = at;
      marks.number.nodeValue = values[i];
      marks.input.setAttribute('aria-valuetext', values[i]);
      // the track filled up to the thumb: the fill's gradient as the slider styles it, its last stops moved
      marks.fill.style.backgroundImage = '';
      const gradient = getComputedStyle(marks.fill).backgroundImage, stops = gradient.match(/[\d.]+%/g) || [];
      let k = 0;
      marks.fill.style.backgroundImage = gradient.replace(/[\d.]+%/g, (m) => (++k > stops.length - 2 ? at : m));
      placeNumber(marks.slider, marks.thumb, marks.box);
    };
    let timer = null;
    const stop = () => {
      clearTimeout(timer);
      playing.delete(key);
      button.setAttribute('aria-pressed', 'false');
      button.textContent = idle;
      put(rest);
      if (sentence) sentence.nodeValue = told;
      if (marks) {
        marks.thumb.style.left = drawn.left;
        marks.number.nodeValue = drawn.number;
        if (drawn.heard === null) marks.input.removeAttribute('aria-valuetext');
        else marks.input.setAttribute('aria-valuetext', drawn.heard);
        marks.fill.style.backgroundImage = '';
        marks.box.style.left = drawn.boxLeft; marks.box.style.right = drawn.boxRight;
      }
    };
    playing.set(key, stop);
    button.setAttribute('aria-pressed', 'true');
    let i = 0;
    const tick = () => {
      if (i >= labels.length || !button.isConnected) { stop(); return; }
      show(i);
      i += 1;
      timer = setTimeout(tick, STEP_MS);
    };
    tick();
  });
  // The reader takes a played slider: the play stops before the slider answers, which then starts from its drawing.
  const taken = (event) => {
    const slider = event.target.closest && event.target.closest('[data-testid="stSlider"]');
    const box = slider && slider.closest('[class*="st-key-"]');
    if (!box) return;
    for (const [key, stop] of playing) if (box.classList.contains(`st-key-${key}`)) stop();
  };
  window.addEventListener('pointerdown', taken, true);
  window.addEventListener('keydown', taken, true);
})();
""".replace("STEP_MS", str(STEP_MS))


def play_button(
    key: str,
    labels: Sequence[str],
    values: Sequence[str],
    text: str,
    said: tuple[str, Sequence[str]] | None = None,
) -> None:
    """A button that plays the slider ``key``'s values in its charts and on the slider: ``labels`` (one an index)
    are shown on the button while played, ``values`` (the slider's options as it writes them) on the slider. ``text``
    is the button's label, in the reader's language. ``said`` = (a container's widget key, a sentence for each
    index): while played, the sentence in that container (plain text, a paragraph or its bold) reads the played
    index's."""
    extra = ""
    if said is not None:
        where, sentences = said
        extra = f" data-said-in=\"{html.escape(where)}\" data-said='{html.escape(json.dumps(list(sentences)))}'"
    st.html(
        f'<button class="attention-play" type="button" aria-pressed="false" data-attention-play="{html.escape(key)}" '
        f"data-labels='{html.escape(json.dumps(list(labels)))}' data-values='{html.escape(json.dumps(list(values)))}'"
        f"{extra}>▶ {html.escape(text)}</button>"
    )
