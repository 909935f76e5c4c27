import { createForm, type Form, onFormMount } from '@formily/core';
import { Alert, Button, Card, Result, Space } from 'antd';
import { useMemo, useState } from 'react';
import type { SchemaDocument } from '../../../core/schema/types.generated.ts';
import { type DataRecord, entityApi } from '../../schema/api.ts';
import { DetailView } from '../detail/DetailView.tsx';
import { uniqueCheckOf } from './compile.ts';
import { SchemaForm } from './SchemaForm.tsx';
import { withoutInternals } from './values.ts';
import './form-screen.css';

/*
 * A menu entry that opens a document's add form as a whole page (menu.screen 'form'; the template's
 * basic and advanced forms): 提交 validates, then sends the record; the page then shows the result —
 * 提交成功 (menu.result) with 再填一份 and 查看提交内容, or 提交失败 with the server's reason and
 * 返回修改, which brings the form back as it was typed.
 */

type Outcome = { ok: true; id: string } | { ok: false; reason: string };

export function FormScreen({ doc, can }: { doc: SchemaDocument; can: (action: string) => boolean }) {
  const [mounted, setMounted] = useState(false);
  const newForm = (): Form => createForm({ validateFirst: false, effects: () => onFormMount(() => setMounted(true)) });
  // A fresh form for every round: 再填一份 starts from the defaults again.
  const [form, setForm] = useState(newForm);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const unique = useMemo(() => uniqueCheckOf(doc.entity), [doc]);

  async function submit() {
    await form.validate();
    setSaving(true);
    try {
      const result = await entityApi(doc.code).add(withoutInternals(form.values as DataRecord));
      setOutcome({ ok: true, id: String(result.result?.id ?? '') });
    } catch (e) {
      setOutcome({ ok: false, reason: e instanceof Error ? e.message : String(e) });
    } finally {
      setSaving(false);
    }
  }

  function again() {
    setOutcome(null);
    setMounted(false);
    setForm(newForm());
  }

  if (outcome?.ok) {
    return (
      <Card bordered={false} className="form-screen" data-testid={`form-screen-${doc.code}`}>
        <Result
          status="success"
          title={doc.menu?.result?.title ?? '提交成功'}
          subTitle={doc.menu?.result?.description}
          extra={[
            <Button key="again" type="primary" onClick={again}>
              再填一份
            </Button>,
            outcome.id && can('detail') ? (
              <Button key="view" onClick={() => setViewing(outcome.id)}>
                查看提交内容
              </Button>
            ) : null,
          ]}
        />
        {viewing && <DetailView doc={doc} recordId={viewing} onClose={() => setViewing(null)} />}
      </Card>
    );
  }
  if (outcome) {
    return (
      <Card bordered={false} className="form-screen" data-testid={`form-screen-${doc.code}`}>
        <Result
          status="error"
          title="提交失败"
          subTitle={outcome.reason}
          extra={
            <Button type="primary" onClick={() => setOutcome(null)}>
              返回修改
            </Button>
          }
        />
      </Card>
    );
  }
  const width = doc.list?.formWidth ?? 800;
  return (
    <Card bordered={false} className="form-screen" data-testid={`form-screen-${doc.code}`}>
      {!can('add') && <Alert type="warning" showIcon message="没有提交权限，请联系管理员授权" className="form-screen-alert" />}
      <div style={{ maxWidth: width, margin: '0 auto' }}>
        {doc.form && <SchemaForm key={form.id} formDef={doc.form} form={form} unique={unique} entity={doc.entity} />}
        <Space className="form-screen-actions">
          <Button type="primary" loading={saving} disabled={!mounted || !can('add')} onClick={() => submit().catch(() => undefined)}>
            提交
          </Button>
          <Button onClick={() => form.reset()}>重置</Button>
        </Space>
      </div>
    </Card>
  );
}
