// A paste longer than any field takes (ui/paste_guard.py): the field gets the paste's first `most` + 1 characters,
// so that the server reads a text it can refuse with a notice, rather than closing the connection on a message past
// its limit (4 MB), which left the page unable to run until the field was cleared. Its values are
// window.attentionConfig.paste_guard (the module's CONFIG).
// Sent by ui/frame.py in the page's one script element; this opening comment is not sent.
(() => {
  if (window.attentionPasteGuard) return;
  window.attentionPasteGuard = true;
  const {most} = window.attentionConfig.paste_guard;
  document.addEventListener('paste', (e) => {
    const field = e.target;
    if (!(field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement)) return;
    const text = e.clipboardData ? e.clipboardData.getData('text/plain') : '';
    if (!(text.length > most)) return;
    e.preventDefault();  // the paste as a typed text of most + 1 characters: one input event, as a paste is
    document.execCommand('insertText', false, text.slice(0, most + 1));
  }, true);
})();
