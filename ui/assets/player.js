// The play button that walks a slider through its values in its charts (ui/player.py); its values are
// window.attentionConfig.player (the module's CONFIG).
// Sent by ui/frame.py in the page's one script element; this opening comment is not sent.
(() => {
  if (window.attentionPlayer) return;
  const {stepMs} = window.attentionConfig.player;
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
      timer = setTimeout(tick, stepMs);
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
