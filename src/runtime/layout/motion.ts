import { useSyncExternalStore } from 'react';
import { subscribeToMedia } from './media.ts';

/*
 * Someone who asks their system for less motion (WCAG 2.3.3) gets antd's components without their
 * opening, closing and sliding animations; the end-to-end tests ask for the same and spend no time
 * waiting animations out.
 */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

const subscribe = subscribeToMedia(REDUCED_MOTION_QUERY);
const matches = () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(REDUCED_MOTION_QUERY).matches;

/** Whether the user's system asks for reduced motion, re-rendering when that changes. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, matches, () => false);
}
