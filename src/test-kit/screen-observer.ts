import { act } from '@testing-library/react';

/*
 * A stand-in IntersectionObserver for jsdom, which has no layout: OnScreen's placeholders (at their set
 * height) and drawn items (ITEM px each: form items, designer controls) are stacked in document order,
 * and those starting within the first VIEW pixels are in view. Install it with
 * vi.stubGlobal('IntersectionObserver', ScreenObserver).
 */
const VIEW = 700;
const ITEM = 56;
const STACKED = '[data-on-screen="pending"], .ant-formily-item, .fd-control';

/** How many drawn items fit the stand-in screen. */
export const fieldsInView = () => Math.ceil(VIEW / ITEM);

export class ScreenObserver {
  private watched = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(element: Element) {
    this.watched.add(element);
    setTimeout(() => this.report(), 0);
  }
  unobserve(element: Element) {
    this.watched.delete(element);
  }
  disconnect() {
    this.watched.clear();
  }
  private report() {
    const inView = new Set<Element>();
    let top = 0;
    for (const element of document.querySelectorAll<HTMLElement>(STACKED)) {
      // A control whose look is still a placeholder counts once, as the placeholder.
      if (element.matches('.fd-control') && element.querySelector('[data-on-screen="pending"]')) continue;
      if (top < VIEW) inView.add(element);
      top += element.dataset.onScreen ? parseFloat(element.style.height) : ITEM;
    }
    const entries = [...this.watched].filter((e) => inView.has(e)).map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    if (entries.length) act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}
