import { observer, useForm } from '@formily/react';
import { Button, Empty, Space, Spin, Tag, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { allKeys, branchKeys, keysOf, loadDepartPermissionTree, loadPermissionTree, type PermissionNode, withRuleParents } from './api.ts';
import { treeDrawing } from '../../runtime/helpers/tree-size.ts';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
  /** The form field holding a department id: the tree then offers only that department's permissions. */
  departField?: string;
}

const KIND_TAG: Record<string, { text: string; color: string }> = {
  '0': { text: '菜单', color: 'blue' },
  '1': { text: '菜单', color: 'blue' },
  '2': { text: '按钮', color: 'green' },
  rule: { text: '数据规则', color: 'orange' },
};

const toTreeData = (nodes: PermissionNode[]): object[] =>
  nodes.map((n) => ({
    key: n.key,
    title: (
      <span data-permission-key={n.key}>
        {n.title} <Tag color={KIND_TAG[String(n.kind)]?.color}>{KIND_TAG[String(n.kind)]?.text}</Tag>
      </span>
    ),
    ...(n.checkable === false ? { checkable: false } : {}),
    children: n.children ? toTreeData(n.children) : undefined,
  }));

/** Checkable permission tree: parents and children are checked independently (a menu without all its buttons). */
export const PermissionTreeField = observer(function PermissionTreeField({ value, onChange, disabled, readOnly, departField }: Props) {
  const form = useForm();
  const departId = departField ? ((form?.values as Record<string, unknown> | undefined)?.[departField] as string | undefined) : undefined;
  const [nodes, setNodes] = useState<PermissionNode[] | null>(null);
  const [expanded, setExpanded] = useState<string[]>([]);
  useEffect(() => {
    if (departField && !departId) {
      setNodes([]);
      return;
    }
    let live = true;
    (departField ? loadDepartPermissionTree(String(departId)) : loadPermissionTree()).then(
      (tree) => {
        if (!live) return;
        setNodes(tree);
        setExpanded(branchKeys(tree));
      },
      () => live && setNodes([]),
    );
    return () => {
      live = false;
    };
  }, [departField, departId]);
  const treeData = useMemo(() => toTreeData(nodes ?? []), [nodes]);
  const checked = keysOf(value);
  const locked = disabled || readOnly;
  const emit = (keys: string[]) => onChange?.(withRuleParents(keys, nodes ?? []).join(','));

  if (!nodes) return <Spin size="small" />;
  if (!nodes.length) return <Empty description={departField && !departId ? '请先选择部门' : '暂无可授权的菜单'} />;
  return (
    <div className="permission-tree">
      <Space size="small" style={{ marginBottom: 8 }}>
        <Button size="small" disabled={locked} onClick={() => emit(allKeys(nodes))}>
          全部勾选
        </Button>
        <Button size="small" disabled={locked} onClick={() => emit([])}>
          取消全选
        </Button>
        <Button size="small" onClick={() => setExpanded(branchKeys(nodes))}>
          展开所有
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          合并所有
        </Button>
      </Space>
      <div style={{ border: '1px solid #f0f0f0', padding: 8 }}>
        {/* A scrolling box of 420 px; a large tree draws only the nodes in view, a smaller one skips those out of view (tree-size.ts). */}
        <Tree
          height={420}
          {...treeDrawing(treeData as never)}
          checkable
          checkStrictly
          selectable={false}
          disabled={locked}
          treeData={treeData as never}
          checkedKeys={checked}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys.map(String))}
          onCheck={(keys) => emit((Array.isArray(keys) ? keys : keys.checked).map(String))}
        />
      </div>
    </div>
  );
});
