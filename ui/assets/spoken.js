// Labels holding TeX given their spoken form for screen readers (ui/spoken.py).
// Sent by ui/frame.py in the page's one script element; this opening comment is not sent.
(() => {
  if (window.attentionSpoken) return;
  window.attentionSpoken = true;
  const tex = /\$([^$]+)\$/g;
  const spoken = (label) => label.replace(tex, (_, t) =>
    t.replace(/\\([a-zA-Z]+)/g, '$1').replace(/\\./g, ' ').replace(/[{}]/g, '').replace(/[_^]/g, ' ')
     .replace(/\s+/g, ' ').trim());
  const mend = (el) => {
    const label = el.getAttribute('aria-label');
    if (label && label.includes('$')) {
      const said = spoken(label);
      if (said !== label) el.setAttribute('aria-label', said);
    }
  };
  const mendAll = (root) => {
    if (root.nodeType !== 1) return;
    mend(root);
    root.querySelectorAll('[aria-label*="$"]').forEach(mend);
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') mend(r.target);
      else r.addedNodes.forEach(mendAll);
    }
  }).observe(document.body, {subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label']});
  mendAll(document.body);
})();
