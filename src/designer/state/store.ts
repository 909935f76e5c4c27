import type { FormDef } from '../../runtime/schema/types.generated.ts';
import { type DesignerState, initialState } from './designer.ts';

/*
 * The designer's store: one immutable DesignerState replaced by the pure transitions in designer.ts.
 * Components read slices with selectors (see useDesigner), so a selection change re-renders the two
 * items whose "selected" flag flipped, not the whole canvas.
 */
export interface DesignerStore {
  get(): DesignerState;
  update(fn: (state: DesignerState) => DesignerState): void;
  subscribe(listener: () => void): () => void;
}

export function createDesignerStore(def: FormDef): DesignerStore {
  let state = initialState(def);
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
