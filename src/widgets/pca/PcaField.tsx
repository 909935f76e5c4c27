import { Alert, Cascader, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { type Area, BAD_TYPE_MESSAGE, childrenOf, loadAreas, pathOf, ROOT_CODE } from './areas.ts';

interface Props {
  value?: string;
  onChange?: (code: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
  areaType?: string;
  placeholder?: string;
}

const selectOptions = (areas: Area[]) => areas.map((a) => ({ value: a.value, label: a.label }));

/** Province-city-area: a cascader or three linked selects; the value is the deepest chosen code. */
export function PcaField({ value, onChange, disabled, readOnly, areaType = 'cascader', placeholder }: Props) {
  const [areas, setAreas] = useState<Area[]>([]);
  useEffect(() => {
    loadAreas().then(setAreas, () => setAreas([]));
  }, []);

  const locked = disabled || readOnly;
  const path = pathOf(areas, value);
  if (areaType === 'cascader') {
    return (
      <Cascader
        value={path}
        options={areas}
        changeOnSelect
        disabled={locked}
        placeholder={placeholder ?? '请选择省市区'}
        onChange={(v) => onChange?.(v?.length ? String(v[v.length - 1]) : '')}
        style={{ width: '100%' }}
      />
    );
  }
  if (areaType !== 'select') return <Alert type="error" showIcon message={BAD_TYPE_MESSAGE} />;
  // Choosing a level clears the levels below it, as the linked dropdown of spec section 4 does.
  const levels = [ROOT_CODE, ...path].slice(0, 3);
  return (
    <Space.Compact style={{ width: '100%' }}>
      {levels.map((parent, i) => (
        <Select
          key={i}
          allowClear
          disabled={locked}
          value={path[i]}
          placeholder={['省', '市', '区'][i]}
          options={selectOptions(childrenOf(areas, parent))}
          onChange={(v: string | undefined) => onChange?.(v ?? (i > 0 ? path[i - 1] : ''))}
          style={{ flex: 1 }}
        />
      ))}
    </Space.Compact>
  );
}
