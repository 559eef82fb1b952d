// A number typed as text opens a phone's number keys (ui/number_keys.py); its values are
// window.attentionConfig.number_keys (the module's CONFIG).
// Sent by ui/frame.py in the page's one script element; this opening comment is not sent.
(() => {
  if (window.attentionNumberKeys) { window.attentionNumberKeys(); return; }
  const {typed} = window.attentionConfig.number_keys;
  const mark = () => {
    for (const field of document.querySelectorAll(`[class*="st-key-q_"][class*="${typed} "] input,
        [class*="st-key-q_"][class$="${typed}"] input`)) {
      if (field.getAttribute('inputmode') !== 'decimal') field.setAttribute('inputmode', 'decimal');
    }
  };
  window.attentionNumberKeys = mark;
  new MutationObserver(mark).observe(document.body, {childList: true, subtree: true});
  mark();
  // A number field takes the decimal point alone: Chromium drops a comma typed or pasted into one, so "0,5" would
  // be read 5. A comma there is the reader's decimal mark (a French reader's), written as the point.
  document.addEventListener('beforeinput', (e) => {
    const field = e.target, typed = e.data ?? e.dataTransfer?.getData('text/plain');
    if (!(field instanceof HTMLInputElement) || field.type !== 'number' || !typed?.includes(',')) return;
    e.preventDefault();
    document.execCommand('insertText', false, typed.replaceAll(',', '.'));
  }, true);
})();
