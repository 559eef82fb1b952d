// The walkthrough's keys for a presentation clicker (ui/clicker.py); its values are
// window.attentionConfig.clicker (the module's CONFIG).
// Sent by ui/frame.py in the page's one script element; this opening comment is not sent.
(() => {
  if (window.attentionClicker) return;
  window.attentionClicker = true;
  const {arrows, pages, flag} = window.attentionConfig.clicker;
  const modified = (event) => event.altKey || event.ctrlKey || event.metaKey || event.shiftKey;
  const presenting = () => getComputedStyle(document.documentElement).getPropertyValue(flag).trim() === '1';
  const ownsArrows = (el) => el && el !== document.body && el.closest(
    'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="slider"], [role="radio"], '
    + '[role="radiogroup"], [role="tab"], [role="tablist"], [role="listbox"], [role="combobox"], [role="grid"], '
    + '[role="menu"], [role="spinbutton"], canvas');
  // In the capture phase on the window: before the focused control (a slider's page step) and before Streamlit's
  // shortcut (which would press the button a second time).
  window.addEventListener('keydown', (event) => {
    const key = pages[event.key];
    if (!key || event.defaultPrevented || modified(event) || !presenting()) return;
    const button = document.querySelector(`.st-key-${key} button`);
    if (!button) return;  // not a walkthrough step: the keys scroll the page as they do
    event.preventDefault();
    event.stopPropagation();
    if (!button.disabled) button.click();
  }, true);
  document.addEventListener('keydown', (event) => {
    const key = arrows[event.key];
    if (!key || event.defaultPrevented || modified(event)) return;
    if (ownsArrows(document.activeElement)) return;
    const button = document.querySelector(`.st-key-${key} button`);
    if (!button || button.disabled) return;
    event.preventDefault();
    button.click();
  });
})();
