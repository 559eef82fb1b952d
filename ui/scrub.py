"""Charts that follow a slider while it moves, in the browser, with no rerun.

A continuous control whose effect ``core`` can compute ahead (the decoder
state s on its slider's steps, a stored training snapshot) is *scrubbed*: the
chart receives the rows for every value the slider can take, each row tagged
with its value in a field, and a Vega-Lite parameter named after the slider's
widget key selects the rows of the current value. While the thumb moves, the
page's script (:data:`SCRIPT`, installed once by :mod:`ui.frame`) copies the
slider's value into that parameter of every chart that has one; the numbers
drawn are the rows ``core`` computed, the browser only chooses among them.
Streamlit sends the slider's value to the server when the thumb is released,
and the section that owns the slider reruns to write the link and the
sentences that quote numbers. A drag of such a slider is followed by the
script itself (the slider is kept from the pointer's moves, whose rendering
costs it as much as the charts, and handed the last one on release); on a
narrow screen the slider is docked at the window's foot while a chart it moves
is in sight and its own place is not.

The parameter is bound to a text input inside the chart, hidden by the frame's
style: the reader's control is the slider itself (keyboard and screen readers
included), the input is only the channel the script writes into.

A select slider's range input carries the index of its option (0, 1, ...), not
the option: a chart it scrubs is tagged, or indexed, by the option's index. Where
the rows at every value would repeat everything but a number (a training
snapshot's weights over the same cells), a row may instead hold that number at
every index in a list, and the chart picks the one at the slider's index
(:meth:`Channel.pick`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

import altair as alt

# The script that moves the charts. It watches the page: when a slider's hidden range input changes value
# (Streamlit 1.67 updates it on every move of the thumb, before release) or a chart appears, it writes the
# value of every slider (by its widget key, the class ``st-key-<key>`` of its container) into the inputs of
# the charts' parameters with that name, and fires their input event, which is how Vega reads a bound input.
# While the thumb moves, only the charts in the window follow it: a chart out of sight is written when it comes
# into sight, and every chart once the thumb has rested for RESTED_MS (so that what a screen reader or a test
# reads off the page at rest is the slider's value everywhere). Installed once per page; a second install only
# resynchronises.
RESTED_MS = 200
SCRIPT = r"""
(() => {
  if (window.attentionScrub) { window.attentionScrub.sync(true); return; }
  const given = new Map(), stale = new Set(), seen = new WeakMap();
  const CHART = '[data-testid="stVegaLiteChart"]';
  const keyOf = (el) => {
    const box = el.closest('[class*="st-key-"]');
    if (!box) return null;
    for (const c of box.classList) if (c.startsWith('st-key-')) return c.slice(7);
    return null;
  };
  const write = (input, value) => {
    if (input.value !== value) {
      input.value = value;
      input.dispatchEvent(new Event('input', {bubbles: true}));
    }
  };
  // Whether a chart is in the window (as the observer last said; a chart it has not reported yet counts as shown).
  const sight = new IntersectionObserver((entries) => {
    for (const e of entries) {
      seen.set(e.target, e.isIntersecting);
      if (e.isIntersecting && stale.has(e.target)) catchUp(e.target);
    }
  });
  const shown = (chart) => {
    if (!seen.has(chart)) { seen.set(chart, true); sight.observe(chart); }
    return seen.get(chart);
  };
  const catchUp = (chart) => {
    stale.delete(chart);
    for (const input of chart.querySelectorAll('form.vega-bindings input')) {
      if (given.has(input.name)) write(input, given.get(input.name));
    }
  };
  const give = (name, value, everywhere) => {
    for (const input of document.querySelectorAll('form.vega-bindings input')) {
      if (input.name !== name || input.value === value) continue;
      const chart = input.closest(CHART);
      if (everywhere || !chart || shown(chart)) write(input, value);
      else stale.add(chart);
    }
  };
  // Text that quotes a slider's value but cannot move with it (a block keyed settles-KEY--NAME--VALUE, see
  // ui.sections.settling: VALUE is the value it quotes, -1.5 written m1p500000000) is marked as settling while the
  // slider, once moved by the reader, shows another value; the run its release starts draws it again at that value.
  const touched = new Set();
  const SETTLES = 'st-key-settles-';
  const settle = () => {
    for (const block of document.querySelectorAll(`[class*="${SETTLES}"]`)) {
      const c = [...block.classList].find((x) => x.startsWith(SETTLES));
      const [name, , written] = c.slice(SETTLES.length).split('--');
      const at = Number(written.replace('m', '-').replace('p', '.'));
      const moving = touched.has(name) && given.has(name) && Math.abs(Number(given.get(name)) - at) > 1e-6;
      if (moving === block.hasAttribute('data-scrub-settling')) continue;
      if (moving) { block.setAttribute('data-scrub-settling', ''); block.setAttribute('aria-busy', 'true'); }
      else { block.removeAttribute('data-scrub-settling'); block.removeAttribute('aria-busy'); }
    }
  };
  let rest = null;
  const sync = (everyChart) => {
    for (const input of document.querySelectorAll('[data-testid="stSlider"] input[type="range"]')) {
      const name = keyOf(input);
      if (name === null) continue;
      if (given.has(name) && given.get(name) !== input.value) touched.add(name);
      if (everyChart || given.get(name) !== input.value) {
        given.set(name, input.value);
        give(name, input.value, everyChart);
      }
    }
    settle();
    if (!everyChart && stale.size) {
      clearTimeout(rest);
      rest = setTimeout(() => { for (const chart of [...stale]) catchUp(chart); }, RESTED_MS);
    }
  };
  const watched = 'form.vega-bindings, [data-testid="stSlider"]';
  new MutationObserver((records) => {
    let moved = false, added = false, blocks = false;
    for (const r of records) {
      if (r.type === 'attributes') moved = moved || r.target.type === 'range';
      else for (const n of r.addedNodes) {
        if (n instanceof HTMLElement && (n.matches(watched) || n.querySelector(watched))) added = true;
        const block = `[class*="${SETTLES}"]`;
        if (n instanceof HTMLElement && (n.matches(block) || n.querySelector(block))) blocks = true;
      }
    }
    if (moved || added) sync(added);
    else if (blocks) settle();
    if (added) planDock();
  }).observe(document.body, {subtree: true, childList: true, attributes: true,
                             attributeFilter: ['value', 'aria-valuetext']});
  // A drag of a numeric slider that scrubs a chart is followed here, not by the slider: the pointer's moves are
  // kept from it (its React rendering of each move costs about as much as all the charts), the thumb and its
  // number are placed here, and the charts written. On release the slider is handed the last move and the release,
  // so it takes and sends the value once, as after a drag of its own; its thumb and number are left as it drew them.
  let drag = null;
  const parts = (slider) => {
    const input = slider.querySelector('input[type="range"]');
    const thumb = input && input.parentElement && input.parentElement.parentElement;
    const text = slider.querySelector('[data-testid="stSliderThumbValue"] p');
    const shown = input && input.getAttribute('aria-valuetext');
    if (!thumb || !text || shown === null || Number(shown) !== Number(input.value)) return null;  // a select slider
    return {input, thumb, track: thumb.parentElement, text, decimals: (shown.split('.')[1] || '').length};
  };
  window.addEventListener('pointerdown', (e) => {
    drag = null;
    const slider = e.button === 0 && e.isPrimary && e.target.closest && e.target.closest('[data-testid="stSlider"]');
    const name = slider && keyOf(slider);
    if (!name || !document.querySelector(`form.vega-bindings input[name="${CSS.escape(name)}"]`)) return;
    const p = parts(slider);
    if (!p || !p.track.contains(e.target)) return;
    drag = {...p, name, id: e.pointerId, x0: e.clientX, v0: null};
    p.track.setPointerCapture(e.pointerId);  // the moves go to the track, with no search of the page for their target
  }, true);
  window.addEventListener('pointermove', (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    e.stopPropagation();
    const d = drag, lo = Number(d.input.min), hi = Number(d.input.max), step = Number(d.input.step);
    if (d.v0 === null) {  // the slider has taken the press (a press on the track moves the thumb there)
      d.v0 = Number(d.input.value); d.left = d.thumb.style.left; d.label = d.text.textContent;
      d.width = d.track.getBoundingClientRect().width || 1;
    }
    const raw = d.v0 + (e.clientX - d.x0) / d.width * (hi - lo);
    const v = Math.min(hi, Math.max(lo, lo + Math.round((raw - lo) / step) * step));
    const value = String(Number(v.toFixed(10)));
    d.last = e;
    if (value === d.value) return;
    d.value = value;
    d.thumb.style.left = `${(v - lo) / (hi - lo) * 100}%`;
    d.text.textContent = v.toFixed(d.decimals);
    given.set(d.name, value);
    touched.add(d.name);
    give(d.name, value, false);
    settle();
    clearTimeout(rest);
    rest = setTimeout(() => { for (const chart of [...stale]) catchUp(chart); }, RESTED_MS);
  }, true);
  const release = (e) => {
    const d = drag;
    if (!d || e.pointerId !== d.id) return;
    drag = null;
    if (d.v0 === null || !d.last) return;
    d.thumb.style.left = d.left; d.text.textContent = d.label;  // as the slider drew them: it draws the value next
    const last = d.last;
    window.dispatchEvent(new PointerEvent('pointermove', {
      pointerId: last.pointerId, pointerType: last.pointerType, isPrimary: true, bubbles: true, cancelable: true,
      clientX: last.clientX, clientY: last.clientY, screenX: last.screenX, screenY: last.screenY, buttons: 1,
    }));
  };
  window.addEventListener('pointerup', release, true);
  window.addEventListener('pointercancel', release, true);
  // On a narrow screen the columns stack, and a slider's charts can lie a screen away from it. While the slider's
  // thumb is out of the window (or under the app's header) and a chart it moves is in it, the slider is docked at
  // the window's foot, its
  // place kept at its height (nothing on the page moves), so that the thumb and the chart are in sight together;
  // it goes back to its place when the reader scrolls to it or away from its charts. One slider at a time.
  const NARROW = matchMedia('(max-width: 640px)');
  let planned = false;
  // a chart is in sight where at least SEEN px of it show between the header and the docked slider's top (a sliver
  // left under the docked slider kept it docked over what the reader had scrolled on to)
  const SEEN = 60;
  const inWindow = (r, top, foot) => r.height > 0 && Math.min(r.bottom, foot) - Math.max(r.top, top) >= SEEN;
  // a slider's place is usable where its thumb is, the last THUMB_ROW px of its box: wholly below the app's header
  // and above the window's foot (a place whose label showed but whose thumb lay under the header was not docked)
  const THUMB_ROW = 30;
  const usable = (r, top) => r.height > 0 && r.bottom - THUMB_ROW >= top && r.bottom - THUMB_ROW / 3 <= innerHeight;
  const dock = () => {
    planned = false;
    if (drag) return;
    const top = document.querySelector('[data-testid="stHeader"]')?.getBoundingClientRect().bottom || 0;
    let taken = false;
    for (const slider of document.querySelectorAll('[data-testid="stSlider"]')) {
      const box = slider.parentElement, name = keyOf(slider);
      if (!box || !name) continue;
      const docked = box.hasAttribute('data-scrub-docked');
      let want = false;
      if (NARROW.matches && !taken && !usable(box.getBoundingClientRect(), top)) {
        const foot = innerHeight - slider.getBoundingClientRect().height;  // the docked slider's top
        for (const input of document.querySelectorAll(`form.vega-bindings input[name="${CSS.escape(name)}"]`)) {
          const chart = input.closest(CHART);
          if (chart && inWindow(chart.getBoundingClientRect(), top, foot)) { want = true; break; }
        }
      }
      taken = taken || want;
      if (want === docked) continue;
      if (want) {
        box.style.minHeight = `${box.getBoundingClientRect().height}px`;
        const app = document.querySelector('[data-testid="stApp"]');
        box.style.setProperty('--scrub-dock-background', app ? getComputedStyle(app).backgroundColor : 'Canvas');
        box.setAttribute('data-scrub-docked', '');
      } else {
        box.removeAttribute('data-scrub-docked');
        box.style.minHeight = '';
      }
    }
  };
  const planDock = () => { if (!planned) { planned = true; requestAnimationFrame(dock); } };
  document.addEventListener('scroll', planDock, {capture: true, passive: true});
  window.addEventListener('resize', planDock);
  window.attentionScrub = {sync};
  sync(true);
})();
""".replace("RESTED_MS", str(RESTED_MS))
TOLERANCE = 1e-9  # a row belongs to the slider's value when its tag is this close (both are the same decimal)
_TEST = re.compile(r'abs\(datum\[(".*?")\] - toNumber\((\w+)\)\) < ' + re.escape(str(TOLERANCE)))


@dataclass(frozen=True)
class Channel:
    """What a chart's shape knows of a slider: its widget ``key`` names the chart's parameter, and ``field``
    tags each row with the slider value it belongs to."""

    key: str
    field: str

    def param(self) -> alt.Parameter:
        """The parameter the page's script writes into (a hidden text input, see the module's doc)."""
        return alt.param(name=self.key, value=0.0, bind=alt.binding(input="text", name=self.key))

    def test(self) -> str:
        """A Vega expression true for the rows of the slider's current value."""
        return f"abs(datum[{json.dumps(self.field)}] - toNumber({self.key})) < {TOLERANCE}"

    @staticmethod
    def of(test: object) -> Channel | None:
        """The channel whose :meth:`test` ``test`` is, if it is one."""
        m = _TEST.fullmatch(test) if isinstance(test, str) else None
        return Channel(m[2], json.loads(m[1])) if m else None

    def pick(self) -> str:
        """A Vega expression for the number at the slider's index in the row's list ``field`` (a slider whose value
        is an index, as a select slider's range input is)."""
        return f"datum[{json.dumps(self.field)}][toNumber({self.key})]"


@dataclass(frozen=True)
class Scrub:
    """A chart scrubbed by a slider: the ``channel``, and the slider's ``value`` when the chart is drawn."""

    channel: Channel
    value: float

    def params(self) -> dict[str, float]:
        """The chart parameter's value, for :meth:`ui.charts.template.Template.fill`."""
        return {self.channel.key: self.value}
