import { useEffect, useState } from 'react';
import type { DictOption } from '../../core/api-types.ts';
import { cachedDict, loadDictOptions } from './dictionaries.ts';

/** The options of a dictionary (system code or 'table,text,code'), loaded once and shared. */
export function useDictOptions(code: string | undefined): DictOption[] {
  const [options, setOptions] = useState<DictOption[]>(() => (code && !code.includes(',') ? (cachedDict(code) ?? []) : []));
  useEffect(() => {
    let live = true;
    if (code)
      loadDictOptions(code).then(
        (o) => live && setOptions(o),
        () => live && setOptions([]),
      );
    return () => {
      live = false;
    };
  }, [code]);
  return options;
}
