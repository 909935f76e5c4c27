import { useSyncExternalStore } from 'react';

/*
 * Someone who asks their system for less motion (WCAG 2.3.3) gets antd's components without their
 * opening, closing and sliding animations; the end-to-end tests ask for the same and spend no time
 * waiting animations out.
 */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

const query = () => (typeof window === 'undefined' || !window.matchMedia ? null : window.matchMedia(REDUCED_MOTION_QUERY));

function subscribe(notify: () => void): () => void {
  const q = query();
  q?.addEventListener('change', notify);
  return () => q?.removeEventListener('change', notify);
}

/** Whether the user's system asks for reduced motion, re-rendering when that changes. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => query()?.matches ?? false, () => false);
}
