// Streamlit's own words in the reader's language (ui/chrome_words.py).
// Sent by ui/frame.py in the page's one script element; this opening comment is not sent.
(() => {
  if (window.attentionChromeWords) return;
  window.attentionChromeWords = true;
  const {words, patterns, keys, kinds, scopes} = window.attentionConfig.chrome_words;
  const codes = Object.keys(words);
  // any language's word -> Streamlit's English for it
  const english = new Map();
  for (const code of codes) for (const [en, said] of Object.entries(words[code])) english.set(said, en);
  // any language's name of a key -> Streamlit's English for it
  const englishKey = new Map();
  for (const code of codes) for (const [en, said] of Object.entries(keys[code])) englishKey.set(said, en);
  // keys as Ctrl+Enter, each key named in the language of ``code`` (one it does not name kept as it is)
  const keysIn = (code, value) => value.split('+').map((k) => {
    const en = englishKey.get(k);
    return en === undefined ? k : keys[code][en];
  }).join('+');
  const hole = /\{(\d+)\}/g;  // a pattern's field: {0}, {1}, by the field's place in the English
  const escaped = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // every language's patterns as expressions: [the pattern's index, its expression, the field each group holds]
  const matchers = [];
  for (const code of codes) {
    patterns[code].forEach((p, i) => {
      const parts = p.split(hole);  // text, a field's place, text, ...
      const order = parts.filter((_, k) => k % 2).map(Number);
      const source = parts.map((part, k) => (k % 2 ? '([\\s\\S]+?)' : escaped(part))).join('');
      matchers.push([i, new RegExp('^' + source + '$'), order]);
    });
  }
  const language = () => {
    const lang = document.documentElement.lang;
    return Object.prototype.hasOwnProperty.call(words, lang) ? lang : 'en';
  };
  // ``value``, written in ``el``, in the page's language if it is one of Streamlit's words or patterns in any
  // language, else null (a pattern with a scope is read only within it)
  const said = (value, el) => {
    const code = language();
    const en = english.get(value);
    if (en !== undefined) return words[code][en];
    for (const [i, expression, order] of matchers) {
      if (scopes[i] && !(el && el.closest(scopes[i]))) continue;
      const m = expression.exec(value);
      if (!m) continue;
      const fields = [];
      order.forEach((j, g) => { fields[j] = m[g + 1]; });
      return patterns[code][i].replace(hole, (_, j) => {
        const field = fields[Number(j)];
        if (kinds[i][j] === 'keys') return keysIn(code, field);
        if (kinds[i][j] === 'phrase') return said(field, el) ?? field;
        return field;
      });
    }
    return null;
  };
  const NAMED = ['aria-label', 'title', 'placeholder'];
  // where a text of Streamlit's own is written: its skip link, menu, tips, fields' hints, lists, pop-ups (a table's
  // columns) and a table's search
  const TEXTS = ['[data-testid="stSkipToContent"]', '[data-testid="stMainMenuPopover"]',
    '[data-testid="stTooltipContent"]', '[data-testid="InputInstructions"]', '[role="listbox"]',
    '[data-baseweb="popover"]', '.gdg-search-bar'].join(',');
  const mendNamed = (el) => {
    if (el instanceof SVGElement) return;  // a chart's drawing: its marks are named from its data
    for (const name of NAMED) {
      const value = el.getAttribute(name);
      if (!value) continue;
      const now = said(value, el);
      if (now !== null && now !== value) el.setAttribute(name, now);
    }
  };
  const mendText = (node) => {
    const value = node.data.trim();
    if (!value) return;
    const parent = node.parentElement;
    if (!parent || !parent.closest(TEXTS)) return;
    const now = said(value, parent);
    if (now !== null && now !== value) node.data = node.data.replace(value, now);
  };
  const mendAll = (root) => {
    if (root.nodeType === 3) { mendText(root); return; }
    if (root.nodeType !== 1 || root instanceof SVGElement) return;
    mendNamed(root);
    root.querySelectorAll('[aria-label],[title],[placeholder]').forEach(mendNamed);
    const texts = root.matches(TEXTS) || root.closest(TEXTS) ? [root] : root.querySelectorAll(TEXTS);
    for (const place of texts) {
      const walker = document.createTreeWalker(place, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) mendText(n);
    }
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') mendNamed(r.target);
      else if (r.type === 'characterData') mendText(r.target);
      else r.addedNodes.forEach(mendAll);
    }
  }).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true,
    attributeFilter: NAMED});
  // the language changed (the frame's script sets it): every word again, into the new one
  new MutationObserver(() => mendAll(document.body))
    .observe(document.documentElement, {attributes: true, attributeFilter: ['lang']});
  mendAll(document.body);
})();
