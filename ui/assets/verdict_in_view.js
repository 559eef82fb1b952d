// A question's verdict scrolled into sight after Check (ui/verdict_in_view.py); its values are
// window.attentionConfig.verdict_in_view (the module's CONFIG).
// Sent by ui/frame.py in the page's one script element; this opening comment is not sent.
(() => {
  if (window.attentionVerdictInView) return;
  window.attentionVerdictInView = true;
  const {room, below, waitMs, settleMs, verdict, flag} = window.attentionConfig.verdict_in_view;
  const presenting = () => getComputedStyle(document.documentElement).getPropertyValue(flag).trim() === '1';
  const verdicts = () => [...document.querySelectorAll(`[class*="${verdict}"]`)];
  let pressed = 0;  // when Check was last pressed
  let before = [];  // the verdicts on the page then
  let shown = null;  // the verdict brought into sight, kept there while the page settles ...
  let until = 0;  // ... until then
  document.addEventListener('click', (event) => {
    const block = event.target.closest('button') && event.target.closest('[class*="st-key-q_"]');
    if (block && /_check(\s|$)/.test(block.className) && !presenting()) {
      [pressed, before, shown] = [Date.now(), verdicts(), null];
    }
  }, true);
  const running = () => document.querySelector('[data-testid="stApp"]')
    ?.getAttribute('data-test-script-state') === 'running';
  const bring = () => {
    const now = Date.now();
    if (pressed && now - pressed < waitMs) {
      const fresh = verdicts().find(b => !before.includes(b) && b.getBoundingClientRect().height);
      if (fresh) [shown, until, pressed] = [fresh, now + settleMs, 0];
    }
    if (shown && running()) until = Math.max(until, now + settleMs);  // what the run draws above is still to come
    if (!shown || now > until || !shown.isConnected) return;
    // the window's foot: the top of a slider docked there (ui/assets/scrub.js), which covers what lies under it
    const docked = [...document.querySelectorAll('[data-scrub-docked] > [data-testid="stSlider"]')];
    const foot = Math.min(window.innerHeight, ...docked.map(s => s.getBoundingClientRect().top));
    const top = shown.getBoundingClientRect().top;
    if (top < room || top > foot - below) {
      shown.style.scrollMarginTop = `${room}px`;
      shown.scrollIntoView({block: 'start'});
    }
  };
  new MutationObserver(bring).observe(document.body, {
    subtree: true, childList: true, attributes: true, attributeFilter: ['data-test-script-state'],
  });
})();
