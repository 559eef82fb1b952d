"""A chart's gradient, such as a heatmap's colour key, drawn whatever the page's address has become since.

Vega's SVG renderer refers to a gradient by the page's address at the moment it draws: a colour key's bar is filled
with ``url(http://host/?step=10&...#gradient_0)``. The app writes the reader's settings into the address after the
chart is drawn (a step reached with PageDown, a slider released), and a reference to another address than the
page's own names another document: the next time the browser styles the bar (a hover, a tooltip, a resize), the
key is drawn blank. :data:`SCRIPT`, installed once by :mod:`ui.frame`, rewrites each such reference as it is written
to the fragment alone (``url(#gradient_0)``), which names the page's own gradient at any address. (A clip path's
reference is a fragment already; the page has no ``<base>`` element, which is why Vega writes the address.)
"""

from __future__ import annotations

# (No angle brackets in it, even in a comment: Streamlit's html element drops a script whose text holds a tag.)
SCRIPT = r"""
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
"""
