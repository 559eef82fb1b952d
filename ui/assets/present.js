// A walkthrough step's chart kept on a short projector in presenter mode (ui/present.py); its values are
// window.attentionConfig.present (the module's CONFIG).
// Sent by ui/frame.py in the page's one script element; this opening comment is not sent.
(() => {
  if (window.attentionFit) { window.attentionFit(); return; }
  const {flag, fitAttribute, roomProperty, margin, least, next, answersFirst} = window.attentionConfig.present;
  const presenting = () => getComputedStyle(document.documentElement).getPropertyValue(flag).trim() === '1';
  const watched = new WeakSet();
  const fit = () => {
    const main = document.querySelector('[data-testid="stMain"]');
    const block = main && main.querySelector('[data-testid="stMainBlockContainer"]');
    if (block && !watched.has(block)) { watched.add(block); sizes.observe(block); }  // a title that wraps, fonts
    const on = main && presenting() && document.querySelector(`.st-key-${next}`);  // a walkthrough step
    const answers = document.querySelector(`.st-key-${answersFirst}`);  // a class's answers, read first
    const under = chart => answers && !answers.contains(chart)
      && (answers.compareDocumentPosition(chart) & Node.DOCUMENT_POSITION_FOLLOWING);
    for (const chart of document.querySelectorAll('[data-testid="stMain"] [data-testid="stVegaLiteChart"]')) {
      const svg = chart.querySelector('svg.marks');
      const drawn = svg && parseFloat(svg.getAttribute('height'));  // px: the chart as Vega draws it
      let room = 0;
      // the class's answers are never shrunk: fitted into the room under the question, two rounds' bars were drawn
      // at two thirds of their size, their type too small for the back of the room (the page scrolls instead)
      const theirs = answers && answers.contains(chart);
      if (on && drawn && chart.getClientRects().length && !under(chart) && !theirs) {
        const top = chart.getBoundingClientRect().top + main.scrollTop;  // on the page, however far it is scrolled
        if (top < innerHeight) room = Math.max(innerHeight - margin - top, drawn * least);
      }
      if (room && room < drawn) {
        chart.setAttribute(fitAttribute, '');
        chart.style.setProperty(roomProperty, `${Math.floor(room)}px`);
      } else if (chart.hasAttribute(fitAttribute)) {
        chart.removeAttribute(fitAttribute);
        chart.style.removeProperty(roomProperty);
      }
    }
  };
  let queued = false;
  const soon = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; fit(); });
  };
  const sizes = new ResizeObserver(soon);
  window.attentionFit = soon;
  new MutationObserver(soon).observe(document.body, {childList: true, subtree: true, attributeFilter: ['height']});
  window.addEventListener('resize', soon);
  soon();
})();
