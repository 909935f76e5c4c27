import { App, Input, Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { DictOption } from '../../core/api-types.ts';
import type { WidgetItem } from '../../core/schema/types.generated.ts';
import { dictFor } from './follow-field.ts';
import { optionsOfValue, tableDictCode } from '../../runtime/dict/api.ts';
import { SEARCH_CONFIG_MESSAGE, SEARCH_DEBOUNCE_MS, searchOptions } from './api.ts';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
  dictTable?: string;
  dictText?: string;
  dictCode?: string;
  placeholder?: string;
  /** dictByField: the dictionary follows another field, whose value arrives as typeValue. */
  dictByField?: NonNullable<WidgetItem['options']>['dictByField'];
  typeValue?: string;
}

/** The options found, and the chosen one's name when the search did not find it (so the field keeps showing it). */
function keepChosen(found: DictOption[], shown: DictOption[], value: string | undefined): DictOption[] {
  if (!value || found.some((o) => o.value === value)) return found;
  return [...shown.filter((o) => o.value === value), ...found];
}

/** Search select over a table dictionary: typing asks loadDict with the keyword, 800 ms after the last key. */
export function SearchSelectField({ value, onChange, disabled, readOnly, dictTable, dictText, dictCode, placeholder, dictByField, typeValue }: Props) {
  const { message } = App.useApp();
  const dict = dictByField ? dictFor(dictByField, typeValue) : tableDictCode(dictTable, dictText, dictCode);
  const [options, setOptions] = useState<DictOption[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(0);
  /** Whether the server was searched yet: a stored value's own name is no list to choose from. */
  const searched = useRef(false);

  useEffect(() => {
    if (!dict && !dictByField) message.warning(SEARCH_CONFIG_MESSAGE);
  }, [dict, dictByField, message]);

  // A new kind of object: the options found for the previous one no longer apply.
  useEffect(() => {
    searched.current = false;
    setOptions([]);
  }, [dict]);

  useEffect(() => {
    if (dict && value && !options.some((o) => o.value === value)) optionsOfValue(dict, value).then(setOptions, () => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dict, value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (keyword: string) => {
    clearTimeout(timer.current);
    if (!dict) return;
    searched.current = true;
    timer.current = setTimeout(() => {
      // Only the newest answer counts: a slow earlier search must not overwrite it.
      const ask = ++latest.current;
      setLoading(true);
      searchOptions(dict, keyword)
        .then(
          (found) => ask === latest.current && setOptions((shown) => keepChosen(found, shown, value)),
          () => ask === latest.current && setOptions([]),
        )
        .finally(() => ask === latest.current && setLoading(false));
    }, SEARCH_DEBOUNCE_MS);
  };

  // A kind without a dictionary (外部链接) is typed in.
  if (dictByField && !dict)
    return (
      <Input
        value={value ?? ''}
        onChange={(e) => onChange?.(e.target.value)}
        disabled={disabled || readOnly}
        placeholder={dictByField.textPlaceholder}
        allowClear
      />
    );

  return (
    <Select
      showSearch
      allowClear
      value={value || undefined}
      onChange={(v) => onChange?.(v ?? '')}
      onSearch={search}
      onFocus={() => !searched.current && search('')}
      filterOption={false}
      disabled={!dict || disabled || readOnly}
      status={dict ? undefined : 'warning'}
      placeholder={dict ? (placeholder ?? '请输入关键字搜索') : SEARCH_CONFIG_MESSAGE}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      options={options.map((o) => ({ value: o.value, label: o.text }))}
      style={{ width: '100%' }}
    />
  );
}
