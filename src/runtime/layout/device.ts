import { useSyncExternalStore } from 'react';
import { subscribeToMedia } from './media.ts';

/*
 * Device of spec sections 4 and 9: widths up to 1087.99 px (and so also up to 767.99 px) are mobile,
 * with the side menu collapsed into a drawer; anything wider is desktop.
 */
export type Device = 'desktop' | 'mobile';

export const MOBILE_QUERY = '(max-width: 1087.99px)';
export const SMALL_QUERY = '(max-width: 767.99px)';

export function deviceOf(width: number): Device {
  return width <= 1087.99 ? 'mobile' : 'desktop';
}

const subscribe = subscribeToMedia(MOBILE_QUERY, SMALL_QUERY);

const current = (): Device => (typeof window === 'undefined' ? 'desktop' : deviceOf(window.innerWidth));

/** The current device, re-rendering when the window crosses a breakpoint. */
export function useDevice(): Device {
  return useSyncExternalStore(subscribe, current, () => 'desktop');
}
