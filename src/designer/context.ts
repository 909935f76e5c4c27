import { createContext, useContext, useSyncExternalStore } from 'react';
import type { DesignerState } from './state/designer.ts';
import type { DesignerStore, Store } from './state/store.ts';
import type { HoverState } from './dnd.ts';

/* The designer's stores, shared through context so any panel can read a slice or apply a transition. */
export interface DesignerStores {
  designer: DesignerStore;
  /** Where a drag would drop right now: drawn as a line by the one item or list concerned. */
  hover: Store<HoverState>;
  /** What the page provides around the form (the online forms a batch sub-table may use). */
  env: Store<DesignerEnv>;
}

export interface DesignerEnv {
  onlineForms: { code: string; title: string }[];
}

export const DesignerContext = createContext<DesignerStores | null>(null);

export function useStores(): DesignerStores {
  const stores = useContext(DesignerContext);
  if (!stores) throw new Error('designer context missing');
  return stores;
}

/** A slice of a store; the component re-renders only when the slice changes (selectors return primitives or existing objects). */
export function useSelector<T, S>(store: Store<S>, selector: (state: S) => T): T {
  return useSyncExternalStore(store.subscribe, () => selector(store.get()));
}

export function useDesigner<T>(selector: (state: DesignerState) => T): T {
  return useSelector(useStores().designer, selector);
}

/** Applies a transition to the designer state. */
export function useUpdate() {
  return useStores().designer.update;
}

export function useDesignerEnv(): DesignerEnv {
  return useSelector(useStores().env, (e) => e);
}
