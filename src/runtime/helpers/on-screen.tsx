import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

/*
 * Draws its children once they come near the screen, and a placeholder of about their height until
 * then: a form of a thousand fields (or the designer's canvas of one) draws the few dozen in view, and
 * the rest as the user scrolls to them. Once drawn, a part stays drawn (what was typed, focus and
 * measurements stay where they are). One IntersectionObserver serves every placeholder of the page.
 * Where there is none (jsdom), everything draws at once.
 */

/** Forms and canvases with at least this many fields draw them as they come into view. */
export const ON_SCREEN_FROM = 100;

const MARGIN = '400px 0px';
const pending = new Map<Element, () => void>();
let observer: IntersectionObserver | undefined;

function watch(element: Element, onSeen: () => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const seen = pending.get(entry.target);
        pending.delete(entry.target);
        observer?.unobserve(entry.target);
        seen?.();
      }
    },
    { rootMargin: MARGIN },
  );
  pending.set(element, onSeen);
  observer.observe(element);
  return () => {
    pending.delete(element);
    observer?.unobserve(element);
  };
}

const canObserve = () => typeof IntersectionObserver !== 'undefined';

/** Children drawn once near the screen (or at once when `now`, e.g. a field showing an error). */
export function OnScreen({ height, now, children }: { height: number; now?: boolean; children: ReactNode }) {
  const [seen, setSeen] = useState(canObserve() === false);
  const ref = useRef<HTMLDivElement>(null);
  const shown = seen || !!now;
  useLayoutEffect(() => {
    if (shown || !ref.current) return;
    return watch(ref.current, () => setSeen(true));
  }, [shown]);
  if (shown) return <>{children}</>;
  return <div ref={ref} className="on-screen-placeholder" style={{ height }} data-on-screen="pending" aria-hidden />;
}
