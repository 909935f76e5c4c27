import { CloseCircleOutlined, ClusterOutlined } from '@ant-design/icons';
import { Input } from 'antd';

/**
 * The popup picker's input (spec section 2): read-only, a cluster icon, a clear icon while it holds a
 * value; a click opens the report popup unless it is locked. The form field and the query view share it.
 */
export function PopupInput({
  value,
  placeholder,
  disabled,
  locked,
  onOpen,
  onClear,
  testId,
}: {
  value: string;
  placeholder: string;
  disabled?: boolean;
  locked?: boolean;
  onOpen: () => void;
  onClear: () => void;
  testId?: string;
}) {
  return (
    <Input
      readOnly
      value={value}
      disabled={disabled}
      placeholder={placeholder}
      onClick={() => !locked && onOpen()}
      style={{ cursor: locked ? undefined : 'pointer' }}
      prefix={<ClusterOutlined />}
      suffix={!locked && value ? <CloseCircleOutlined aria-label="清除" onClick={(e) => (e.stopPropagation(), onClear())} /> : <span />}
      data-testid={testId}
    />
  );
}
