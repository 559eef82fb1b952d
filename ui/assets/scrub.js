// Charts that move with their sliders in the browser, and text that waits for them. ui/scrub.py says how;
// its values are window.attentionConfig.scrub (the module's CONFIG).
// Sent by ui/frame.py in the page's one script element; this opening comment is not sent.
(() => {
  if (window.attentionScrub) { window.attentionScrub.sync(true); return; }
  const {restedMs} = window.attentionConfig.scrub;
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
      rest = setTimeout(() => { for (const chart of [...stale]) catchUp(chart); }, restedMs);
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
    rest = setTimeout(() => { for (const chart of [...stale]) catchUp(chart); }, restedMs);
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
