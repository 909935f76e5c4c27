import { TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { joinList, splitList } from '../../runtime/helpers/list-value.ts';
import { loadChildren, loadNames, loadRoots, mergeNodes, type SimpleNode } from './api.ts';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
  pcode?: string;
  multiple?: boolean;
  placeholder?: string;
}

/**
 * Category tree select (分类字典): the categories under `pcode` (the top level when empty), loaded one
 * level at a time. The value is a category id (a comma list when multiple); stored ids not loaded yet
 * are shown by name through loadDictItem.
 */
export function CategoryTreeField({ value, onChange, disabled, readOnly, pcode, multiple, placeholder }: Props) {
  const [nodes, setNodes] = useState<SimpleNode[]>([]);
  const [labels, setLabels] = useState<Map<string, string>>(new Map());
  const ids = splitList(value);

  useEffect(() => {
    loadRoots(pcode).then(setNodes, () => setNodes([]));
  }, [pcode]);

  useEffect(() => {
    const unknown = ids.filter((id) => !labels.has(id) && !nodes.some((n) => n.id === id));
    if (!unknown.length) return;
    loadNames(unknown).then(
      (names) => setLabels((prev) => new Map([...prev, ...unknown.map((id, i): [string, string] => [id, names[i] ?? id])])),
      () => undefined,
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const labelled = ids.map((id) => ({ value: id, label: nodes.find((n) => n.id === id)?.title ?? labels.get(id) ?? id }));
  return (
    <TreeSelect
      allowClear
      labelInValue
      multiple={multiple}
      treeDataSimpleMode
      treeData={nodes}
      value={multiple ? labelled : labelled[0]}
      onChange={(v: { value: string } | { value: string }[] | undefined) =>
        onChange?.(joinList((Array.isArray(v) ? v : v ? [v] : []).map((o) => String(o.value))))
      }
      loadData={async ({ value: pid }) => {
        const children = await loadChildren(String(pid));
        setNodes((prev) => mergeNodes(prev, children));
      }}
      disabled={disabled || readOnly}
      placeholder={placeholder || '请选择'}
      style={{ width: '100%' }}
      data-testid="category-tree"
    />
  );
}
