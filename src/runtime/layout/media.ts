/** A useSyncExternalStore subscriber that calls back when any of these media queries starts or stops matching. */
export function subscribeToMedia(...queries: string[]) {
  return (notify: () => void): (() => void) => {
    if (typeof window === 'undefined' || !window.matchMedia) return () => {};
    const lists = queries.map((q) => window.matchMedia(q));
    for (const list of lists) list.addEventListener('change', notify);
    return () => lists.forEach((list) => list.removeEventListener('change', notify));
  };
}
