/**
 * Scrolls the window back to the top: smoothly, or at once for visitors who ask for reduced
 * motion (prefers-reduced-motion: reduce). Then moves keyboard focus to `focusTarget` (the page
 * heading, with tabIndex -1) without scrolling again, so keyboard users land at the top too.
 */
export function scrollToTop(focusTarget?: HTMLElement | null): void {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduced ? 'instant' : 'smooth' });
  focusTarget?.focus({ preventScroll: true });
}
