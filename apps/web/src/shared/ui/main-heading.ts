/**
 * The page's main heading (made focusable), else the main landmark: where focus goes after a
 * navigation or when a dialog's opener is gone. Apart from focus-return.ts, whose focus tracking
 * starts as it loads, so that the router's announcer (in the app's entry chunk) loads only this.
 */
export function findMainHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (heading) {
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    return heading;
  }
  return document.querySelector<HTMLElement>('main');
}
