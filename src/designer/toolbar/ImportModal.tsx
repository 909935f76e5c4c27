import { UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Modal, Upload } from 'antd';
import { useState } from 'react';
import type { FormDef } from '../../core/schema/types.generated.ts';
import { IMPORT_OK, parseImport } from '../state/io.ts';
import { MODAL_WIDTH } from './JsonView.tsx';

/* Import JSON: paste or upload a .json file; it must parse and carry list and config (spec section 5). */
export function ImportModal({ onImport, onClose }: { onImport: (def: FormDef) => void; onClose: () => void }) {
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const submit = () => {
    const result = parseImport(text);
    if (!result.ok) {
      message.error(result.message);
      setErrors(result.errors);
      return;
    }
    onImport(result.def);
    message.success(IMPORT_OK);
    onClose();
  };
  return (
    <Modal open title="导入JSON" width={MODAL_WIDTH} onCancel={onClose} onOk={submit} okText="导入" cancelText="取消" maskClosable={false}>
      <Upload
        accept=".json,application/json"
        showUploadList={false}
        beforeUpload={(file) => {
          file.text().then(setText, () => message.error('读取文件失败'));
          return false;
        }}
      >
        <Button icon={<UploadOutlined />}>上传 JSON 文件</Button>
      </Upload>
      <Input.TextArea
        className="fd-import-text"
        aria-label="JSON"
        rows={16}
        value={text}
        placeholder='粘贴表单 JSON：{ "list": [...], "config": {...} }'
        onChange={(e) => {
          setText(e.target.value);
          setErrors([]);
        }}
      />
      {!!errors.length && (
        <Alert
          type="error"
          showIcon
          message="导入失败，数据格式不对"
          description={
            <ul className="fd-errors">
              {errors.slice(0, 8).map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          }
        />
      )}
    </Modal>
  );
}
