import { useEffect, useState } from 'react';

/** The header hides once the page is scrolled more than this far (spec section 9). */
export const AUTO_HIDE_THRESHOLD = 100;

/**
 * Whether the header should be visible: always, unless auto-hide is on and the page has been scrolled
 * down past the threshold; scrolling up brings it back.
 */
export function useHeaderVisible(autoHide: boolean): boolean {
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    if (!autoHide) {
      setVisible(true);
      return;
    }
    let last = window.scrollY;
    let ticking = false;
    const onScroll = () => {
      if (ticking) return;
      ticking = true;
      requestAnimationFrame(() => {
        const top = window.scrollY;
        if (top <= AUTO_HIDE_THRESHOLD || top < last) setVisible(true);
        else if (top > last) setVisible(false);
        last = top;
        ticking = false;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [autoHide]);

  return visible;
}
