// A colour key's gradient referred to by fragment, whatever the page's address (ui/gradient_refs.py).
// Sent by ui/frame.py in the page's one script element; this opening comment is not sent.
(() => {
  if (window.attentionGradients) return;
  window.attentionGradients = true;
  const ADDRESSED = /^url\((?!#)[^)#]*(#[^)]+)\)$/;  // url(an address#an id)
  const own = (el, name) => {
    const found = ADDRESSED.exec(el.getAttribute(name) || '');
    if (found) el.setAttribute(name, `url(${found[1]})`);
  };
  const PAINTED = '[fill^="url("], [stroke^="url("]';
  const sweep = (root) => {
    const all = root.matches(PAINTED) ? [root, ...root.querySelectorAll(PAINTED)] : root.querySelectorAll(PAINTED);
    for (const el of all) { own(el, 'fill'); own(el, 'stroke'); }
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') own(record.target, record.attributeName);
      else for (const node of record.addedNodes) if (node.nodeType === 1) sweep(node);
    }
  }).observe(document.body, {childList: true, subtree: true, attributeFilter: ['fill', 'stroke']});
  sweep(document.body);
})();
