import { createForm, onFormMount } from '@formily/core';
import { Button, Drawer, Modal, message, Space, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { type DataRecord, entityApi } from '../../schema/api.ts';
import { formTitle } from '../../schema/names.ts';
import type { SchemaDocument } from '../../../core/schema/types.generated.ts';
import { uniqueCheckOf } from './compile.ts';
import { SchemaForm } from './SchemaForm.tsx';
import { withoutInternals } from './values.ts';

export type FormMode = 'add' | 'edit';

/** Add or edit one record in a modal (or a drawer, as the list declares), then tell the list to reload. */
export function RecordFormModal({
  doc,
  mode,
  recordId,
  onClose,
  onSaved,
}: {
  doc: SchemaDocument;
  mode: FormMode;
  recordId?: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const api = entityApi(doc.code);
  // 确定 waits for the form's fields (they load with the widget kit) and, when editing, for the record:
  // pressed earlier it would validate no fields and send an empty record.
  const [mounted, setMounted] = useState(false);
  const form = useMemo(() => createForm({ validateFirst: false, effects: () => onFormMount(() => setMounted(true)) }), []);
  const [loading, setLoading] = useState(mode === 'edit');
  const [saving, setSaving] = useState(false);
  const unique = useMemo(() => uniqueCheckOf(doc.entity, mode === 'edit' ? recordId : undefined), [doc, mode, recordId]);

  useEffect(() => {
    if (mode !== 'edit' || !recordId) return;
    api
      .queryById(recordId)
      .then((record) => form.setInitialValues(record))
      .finally(() => setLoading(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, recordId]);

  async function save() {
    await form.validate();
    setSaving(true);
    try {
      const values = withoutInternals(form.values as DataRecord);
      const result = mode === 'add' ? await api.add(values) : await api.edit({ ...values, id: recordId });
      message.success(result.message);
      onSaved();
    } catch {
      // The shared client has shown the server's message; the form stays open with what was typed.
    } finally {
      setSaving(false);
    }
  }

  const title = formTitle(doc, mode);
  const width = doc.list?.formWidth ?? 800;
  const body = doc.form ? (
    <Spin spinning={loading}>
      <SchemaForm formDef={doc.form} form={form} unique={unique} entity={doc.entity} />
    </Spin>
  ) : null;
  const footer = (
    <Space>
      <Button onClick={onClose}>关闭</Button>
      <Button type="primary" loading={saving} disabled={loading || !mounted} onClick={() => save().catch(() => undefined)}>
        确定
      </Button>
    </Space>
  );

  if (doc.list?.formContainer === 'drawer') {
    return (
      <Drawer open title={title} width={width} onClose={onClose} footer={footer} destroyOnHidden>
        {body}
      </Drawer>
    );
  }
  return (
    <Modal open title={title} width={width} onCancel={onClose} footer={footer} destroyOnHidden maskClosable={false}>
      {body}
    </Modal>
  );
}
