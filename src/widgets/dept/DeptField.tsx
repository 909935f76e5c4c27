import { ApartmentOutlined } from '@ant-design/icons';
import { App, Empty, Input, Spin, Tree } from 'antd';
import { useEffect, useState } from 'react';
import { PickerFrame } from './PickerFrame.tsx';
import { type DepartNode, DEPART_SEARCH_PLACEHOLDER, departText, loadDepartTree, namesById, searchDeparts } from './api.ts';
import { joinList, splitList } from '../../runtime/helpers/list-value.ts';
import { nextChecked, TOO_MANY_MESSAGE } from './selection.ts';
import { treeDrawing } from '../../runtime/helpers/tree-size.ts';

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  readOnly?: boolean;
  multiple?: boolean;
  placeholder?: string;
}

export const DEPART_MODAL_TITLE = '选择部门';
export const DEPART_MODAL_WIDTH = 500;

/**
 * Department picker (spec section 2): a read-only input with a clear icon opening the 选择部门 modal —
 * a strict-check tree (no parent-child linking) with search on enter. The value is a comma list of
 * department ids. Closing the modal drops the unconfirmed checks.
 */
export function DeptField({ value, onChange, disabled, readOnly, multiple = false, placeholder }: Props) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [nodes, setNodes] = useState<DepartNode[]>([]);
  const [names, setNames] = useState<Map<string, string>>(new Map());
  const [checked, setChecked] = useState<string[]>([]);
  const [keyword, setKeyword] = useState('');
  const [loading, setLoading] = useState(false);
  const ids = splitList(value);
  const locked = disabled || readOnly;

  useEffect(() => {
    let live = true;
    loadDepartTree().then(
      (tree) => {
        if (!live) return;
        setNodes(tree);
        setNames(namesById(tree));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const show = () => {
    if (locked) return;
    setChecked(ids);
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    setChecked([]);
    // The next opening starts from the whole tree, not from the last search's matches.
    if (keyword) {
      setKeyword('');
      loadDepartTree().then(setNodes, () => undefined);
    }
  };

  const search = async (text: string) => {
    setLoading(true);
    try {
      setNodes(await searchDeparts(text));
    } catch {
      setNodes([]);
    } finally {
      setLoading(false);
    }
  };

  const confirm = () => {
    onChange?.(joinList(checked));
    close();
  };

  const text = departText(ids, names);
  return (
    <PickerFrame
      text={text}
      placeholder={placeholder || '请点击选择部门'}
      disabled={disabled}
      locked={locked}
      hasValue={ids.length > 0}
      icon={<ApartmentOutlined onClick={show} />}
      testId="dept-picker-input"
      className="widget-picker-input"
      onOpen={show}
      onClear={() => onChange?.('')}
      title={DEPART_MODAL_TITLE}
      width={DEPART_MODAL_WIDTH}
      open={open}
      onClose={close}
      onConfirm={confirm}
    >
      <Input.Search
        placeholder={DEPART_SEARCH_PLACEHOLDER}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        onSearch={search}
        allowClear
        style={{ marginBottom: 8 }}
      />
      <Spin spinning={loading}>
        {nodes.length ? (
          // A scrolling box of 400 px; a large tree draws only the nodes in view, a smaller one skips those out of view (tree-size.ts).
          <Tree
            height={400}
            {...treeDrawing(nodes)}
            checkable
            checkStrictly
            defaultExpandAll
            selectable={false}
            treeData={nodes}
            fieldNames={{ key: 'id', title: 'title', children: 'children' }}
            checkedKeys={{ checked, halfChecked: [] }}
            onCheck={(keys) => {
              const now = (Array.isArray(keys) ? keys : keys.checked).map(String);
              const next = nextChecked(checked, now, multiple);
              if (next.refused) message.warning(TOO_MANY_MESSAGE);
              setChecked(next.keys);
            }}
          />
        ) : (
          <Empty description="没有找到部门" />
        )}
      </Spin>
    </PickerFrame>
  );
}
