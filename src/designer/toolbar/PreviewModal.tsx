import { createForm } from '@formily/core';
import { Button, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { SchemaForm } from '../../runtime/renderers/form/SchemaForm.tsx';
import type { FormDef } from '../../core/schema/types.generated.ts';
import { dataJson } from '../state/io.ts';
import { JsonView, MODAL_WIDTH } from './JsonView.tsx';

/*
 * The preview renders the form with the runtime's own SchemaForm, so what the designer shows here is
 * what a saved form will be. '获取数据' validates fields and sub-tables first, then shows the data.
 */
export function PreviewModal({ def, onClose }: { def: FormDef; onClose: () => void }) {
  const form = useMemo(() => createForm({ validateFirst: false }), []);
  const [data, setData] = useState<string | null>(null);
  const getData = async () => {
    try {
      await form.validate();
    } catch {
      return; // The messages are on the fields.
    }
    setData(dataJson(form.values));
  };
  return (
    <Modal
      open
      title="预览"
      width={MODAL_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      footer={[
        <Button key="data" type="primary" onClick={() => void getData()}>
          获取数据
        </Button>,
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
      ]}
    >
      <div className="fd-preview" data-testid="designer-preview">
        <SchemaForm formDef={def} form={form} />
      </div>
      {data !== null && <JsonView title="表单数据" text={data} onClose={() => setData(null)} testId="preview-data" />}
    </Modal>
  );
}
