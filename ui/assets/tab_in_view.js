// A row of tabs scrolled to its open tab (ui/tab_in_view.py); its values are
// window.attentionConfig.tab_in_view (the module's CONFIG).
// Sent by ui/frame.py in the page's one script element; this opening comment is not sent.
(() => {
  if (window.attentionTabInView) return;
  window.attentionTabInView = true;
  const {room} = window.attentionConfig.tab_in_view;
  const shown = new WeakMap();  // a tab row -> the open tab it was last looked at with (scrolled to if need be)
  const reveal = () => {
    for (const row of document.querySelectorAll('[data-testid="stMain"] [role="tablist"]')) {
      const tab = row.querySelector('[role="tab"][aria-selected="true"]');
      if (!tab || shown.get(row) === tab) continue;
      shown.set(row, tab);  // measured once an open tab, not again on each of the page's changes while it loads
      if (row.scrollWidth <= row.clientWidth) continue;
      const [box, at] = [row.getBoundingClientRect(), tab.getBoundingClientRect()];
      if (at.left < box.left) row.scrollLeft -= box.left - at.left + room;
      else if (at.right > box.right) row.scrollLeft += at.right - box.right + room;
    }
  };
  let asked = false;  // one look a frame, however many changes the page made in it
  const soon = () => {
    if (asked) return;
    asked = true;
    requestAnimationFrame(() => { asked = false; reveal(); });
  };
  new MutationObserver(soon).observe(document.body, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['aria-selected'],
  });
  window.addEventListener('resize', () => {  // a narrower screen may hide the open tab again
    document.querySelectorAll('[role="tablist"]').forEach(row => shown.delete(row));
    reveal();
  });
  reveal();
})();
