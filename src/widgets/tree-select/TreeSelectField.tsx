import { Alert, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { conditionError, loadLevel, type TreeNode } from './api.ts';

interface StaticOption {
  value: string;
  label: string;
  children?: StaticOption[];
}

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
  options?: StaticOption[];
  dictTable?: string;
  dictText?: string;
  dictCode?: string;
  condition?: string;
  multiple?: boolean;
  placeholder?: string;
}

const staticTree = (options: StaticOption[] = []): object[] => options.map((o) => ({ value: o.value, title: o.label, children: staticTree(o.children) }));

/** Tree select over static options, or over a tree dictionary loaded one level at a time. */
export function TreeSelectField({ value, onChange, disabled, readOnly, options, dictTable, dictText, dictCode, condition, multiple, placeholder }: Props) {
  const error = conditionError(condition);
  const source = dictTable && dictText && dictCode && !error ? { dictTable, dictText, dictCode, condition } : undefined;
  const [nodes, setNodes] = useState<TreeNode[]>([]);

  useEffect(() => {
    if (source) loadLevel(source).then(setNodes, () => setNodes([]));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dictTable, dictText, dictCode, condition]);

  if (error) return <Alert type="error" showIcon message={error} />;
  const values = value ? value.split(',') : [];
  return (
    <TreeSelect
      allowClear
      multiple={multiple}
      value={multiple ? values : value || undefined}
      onChange={(v: string | string[] | undefined) => onChange?.(Array.isArray(v) ? v.join(',') : (v ?? ''))}
      disabled={disabled || readOnly}
      placeholder={placeholder ?? '请选择'}
      style={{ width: '100%' }}
      treeDataSimpleMode={Boolean(source)}
      treeData={source ? nodes : staticTree(options)}
      loadData={
        source
          ? async ({ value: pid }) => {
              const children = await loadLevel(source, String(pid));
              // Functional update: two branches may open at once and each must keep the other's children.
              setNodes((prev) => [...prev, ...children.filter((c) => !prev.some((p) => p.value === c.value))]);
            }
          : undefined
      }
    />
  );
}
