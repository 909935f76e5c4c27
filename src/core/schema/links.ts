/*
 * A declared link's route with the row's values put in: '/online/desform/designer?desform={desformCode}'.
 * Each value is URL-encoded except for its slashes, so a document code ('online/leave') can name a route.
 * A placeholder whose value is empty leaves the link unusable (undefined): the button is not offered.
 */
export function fillLink(to: string, row: Record<string, unknown>): string | undefined {
  let missing = false;
  const filled = to.replace(/\{([a-z][a-zA-Z0-9_]{0,62})\}/g, (_, name: string) => {
    const value = row[name];
    if (value === null || value === undefined || value === '') missing = true;
    return encodeURIComponent(String(value ?? '')).replace(/%2F/g, '/');
  });
  return missing ? undefined : filled;
}
