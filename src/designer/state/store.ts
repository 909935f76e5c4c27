import type { FormDef } from '../../core/schema/types.generated.ts';
import { type DesignerState, initialState } from './designer.ts';

/*
 * A minimal external store: one immutable value replaced by pure transitions. Components read slices
 * with selectors (useSelector in ../context.ts), so a selection change re-renders the two items whose
 * "selected" flag flipped, not the whole canvas.
 */
export interface Store<T> {
  get(): T;
  update(fn: (state: T) => T): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    update(fn) {
      const next = fn(state);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type DesignerStore = Store<DesignerState>;

export const createDesignerStore = (def: FormDef): DesignerStore => createStore(initialState(def));
