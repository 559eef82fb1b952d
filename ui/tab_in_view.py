"""A row of tabs wider than the screen (Streamlit scrolls it sideways, on a phone say) shows its open tab.

Opened from a link, a later tab was left out of sight past the row's right edge, so that no tab looked open.
:data:`SCRIPT`, installed once by :mod:`ui.frame`, scrolls each tab row, when its open tab changes or first
appears, just enough to show that tab whole (the page itself does not move).
"""

from __future__ import annotations

ROOM = 8  # px between the open tab and the row's edge once scrolled to it

SCRIPT = r"""
(() => {
  if (window.attentionTabInView) return;
  window.attentionTabInView = true;
  const shown = new WeakMap();  // a tab row -> the open tab it was last scrolled to
  const reveal = () => {
    for (const row of document.querySelectorAll('[data-testid="stMain"] [role="tablist"]')) {
      const tab = row.querySelector('[role="tab"][aria-selected="true"]');
      if (!tab || shown.get(row) === tab || row.scrollWidth <= row.clientWidth) continue;
      shown.set(row, tab);
      const [box, at] = [row.getBoundingClientRect(), tab.getBoundingClientRect()];
      if (at.left < box.left) row.scrollLeft -= box.left - at.left + ROOM;
      else if (at.right > box.right) row.scrollLeft += at.right - box.right + ROOM;
    }
  };
  new MutationObserver(reveal).observe(document.body, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['aria-selected'],
  });
  window.addEventListener('resize', () => {  // a narrower screen may hide the open tab again
    document.querySelectorAll('[role="tablist"]').forEach(row => shown.delete(row));
    reveal();
  });
  reveal();
})();
""".replace("ROOM", str(ROOM))
