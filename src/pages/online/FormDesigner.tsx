import { Alert, message, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FormDesigner } from '../../designer/FormDesigner.tsx';
import { HOME_PATH } from '../../runtime/config.ts';
import { http } from '../../runtime/http/client.ts';
import { storeRouteTitle } from '../../runtime/layout/tabs.ts';
import { fetchDocument } from '../../runtime/schema/api.ts';
import type { FormDef, SchemaDocument } from '../../runtime/schema/types.generated.ts';
import { local } from '../../runtime/storage.ts';

/*
 * The form designer page (/online/desform/designer, or a menu entry 'online/FormDesigner').
 * `?code=area/entity` opens that schema document's form. Phase 1 of issue 8: 保存 keeps the FormDef in
 * local storage under draftKey(code) and reopening prefers that draft; phase 2 stores designs on the
 * server (form records with versions) and publishes them.
 */
export const draftKey = (code: string | null) => `ONLINE_FORM_DESIGN:${code ?? 'new'}`;

export const DESIGNER_PATH = '/online/desform/designer';

type OnlineForm = { code: string; title: string };

interface Opened {
  loading: boolean;
  initial?: FormDef;
  doc?: SchemaDocument;
  error?: string;
}

export default function FormDesignerPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const navigate = useNavigate();
  const [opened, setOpened] = useState<Opened>(() => (code ? { loading: true } : { loading: false, initial: local.get<FormDef>(draftKey(null)) ?? undefined }));
  const [onlineForms, setOnlineForms] = useState<OnlineForm[]>();

  useEffect(() => {
    if (!code) return;
    let live = true;
    fetchDocument(code).then(
      (doc) => live && setOpened({ loading: false, doc, initial: local.get<FormDef>(draftKey(code)) ?? doc.form }),
      () => live && setOpened({ loading: false, error: `无法打开表单 ${code}` }),
    );
    return () => {
      live = false;
    };
  }, [code]);

  useEffect(() => {
    // A fixed route, not a menu entry: the tab would otherwise be named by its address.
    storeRouteTitle(DESIGNER_PATH, '表单设计器');
  }, []);

  useEffect(() => {
    // The screens a batch sub-table can store its rows in; without the list the code is typed by hand.
    http.get<OnlineForm[]>('/sys/schema/list', undefined, { silent: true }).then(
      (r) => setOnlineForms(r.result),
      () => undefined,
    );
  }, []);

  if (opened.loading) return <Spin className="page-loading" />;
  if (opened.error) return <Alert type="error" showIcon message={opened.error} />;
  return (
    <FormDesigner
      key={code ?? 'new'}
      title={opened.doc ? `表单设计器 - ${opened.doc.title}` : '表单设计器'}
      initial={opened.initial}
      document={opened.doc}
      onlineForms={onlineForms}
      onSave={(def) => {
        local.set(draftKey(code), def);
        message.success('保存成功');
      }}
      onClose={() => (window.history.length > 1 ? navigate(-1) : navigate(HOME_PATH))}
    />
  );
}
