import { useEffect, useState } from 'react';
import { splitValue } from '../dept/selection.ts';
import { realnamesOf } from './users.ts';

/** A user picker's value (a comma list of usernames) as text: real names where known, else the username. */
export function UserNames({ value }: { value: unknown }) {
  const usernames = splitValue(value);
  const [names, setNames] = useState<Map<string, string>>(new Map());
  const key = usernames.join(',');
  useEffect(() => {
    if (usernames.length) realnamesOf(usernames).then(setNames, () => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return <span data-testid="user-names">{usernames.map((u) => names.get(u) ?? u).join(',')}</span>;
}
