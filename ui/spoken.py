"""Labels a screen reader reads as a reader hears them.

A widget's label may hold inline TeX (``Decoder state $s$``): Streamlit draws it
with KaTeX on the page, but writes the label as it was given into the control's
``aria-label`` (and its help button's), so a screen reader says "dollar s
dollar". :data:`SCRIPT`, installed once by :mod:`ui.frame`, rewrites each such
``aria-label`` in the page, now and whenever one appears or changes, to its
spoken form: the TeX's dollars, backslashes and braces dropped, a subscript's
or a superscript's mark read as a space (``$y_t$`` -> "y t", ``$\\alpha$`` ->
"alpha").
"""

from __future__ import annotations

SCRIPT = r"""
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
"""
