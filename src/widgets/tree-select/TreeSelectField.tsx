import { Alert, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import type { OptionItem } from '../../core/schema/types.generated.ts';
import { optionsOfValue, tableDictCode } from '../../runtime/dict/api.ts';
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

/** Every static option's label by value, at any depth. */
export const staticLabels = (options: OptionItem[] = []): Map<string, string> =>
  new Map(options.flatMap((o) => [[String(o.value), o.label ?? String(o.value)] as const, ...staticLabels(o.children)]));

/** Tree select over static options, or over a tree dictionary loaded one level at a time. */
export function TreeSelectField({ value, onChange, disabled, readOnly, options, dictTable, dictText, dictCode, condition, multiple, placeholder }: Props) {
  const error = conditionError(condition);
  const source = dictTable && dictText && dictCode && !error ? { dictTable, dictText, dictCode, condition } : undefined;
  const [nodes, setNodes] = useState<TreeNode[]>([]);
  /** Names of stored values deeper than the levels loaded (a record opened for editing), asked of the dictionary by key. */
  const [names, setNames] = useState<Map<string, string>>(new Map());

  /** Whether the roots have come: only then is a stored value known to lie deeper (and its name worth asking). */
  const [rootsLoaded, setRootsLoaded] = useState(false);

  useEffect(() => {
    setRootsLoaded(false);
    if (source)
      loadLevel(source).then(
        (roots) => {
          setNodes(roots);
          setRootsLoaded(true);
        },
        () => setNodes([]),
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dictTable, dictText, dictCode, condition]);

  const values = value ? value.split(',') : [];
  const unnamed = source && rootsLoaded ? values.filter((v) => !nodes.some((n) => n.value === v) && !names.has(v)) : [];
  useEffect(() => {
    const dict = tableDictCode(dictTable, dictText, dictCode);
    if (!source || !dict || !unnamed.length) return;
    optionsOfValue(dict, unnamed.join(',')).then(
      (found) => setNames((prev) => new Map([...prev, ...found.map((o) => [o.value, o.text] as const)])),
      () => undefined,
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unnamed.join(',')]);

  if (error) return <Alert type="error" showIcon message={error} />;
  // Labels given with the values: a stored node shows its name though its branch was never opened.
  const labels = source ? new Map([...names, ...nodes.map((n) => [n.value, n.title] as const)]) : staticLabels(options);
  const labelled = (v: string) => ({ value: v, label: labels.get(v) ?? v });
  return (
    <TreeSelect
      allowClear
      multiple={multiple}
      labelInValue
      value={multiple ? values.map(labelled) : value ? labelled(value) : undefined}
      onChange={(v: { value: string } | { value: string }[] | undefined) => onChange?.(Array.isArray(v) ? v.map((o) => o.value).join(',') : (v?.value ?? ''))}
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
