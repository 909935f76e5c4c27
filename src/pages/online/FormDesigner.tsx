import { CloudUploadOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { Alert, Button, message, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { FormDesigner } from '../../designer/FormDesigner.tsx';
import { type OnlineFormRecord, onlineFormApi } from '../../designer/online/api.ts';
import { OpenFormModal } from '../../designer/online/OpenFormModal.tsx';
import { PublishModal } from '../../designer/online/PublishModal.tsx';
import { SaveAsModal } from '../../designer/online/SaveAsModal.tsx';
import type { ToolbarAction } from '../../designer/toolbar/Toolbar.tsx';
import { HOME_PATH } from '../../runtime/config.ts';
import { storeRouteTitle } from '../../runtime/layout/tabs.ts';
import { type DocumentSummary, listDocuments } from '../../runtime/schema/api.ts';
import { fetchDocument, forgetDocument } from '../../runtime/schema/documents-api.ts';
import { fetchPermissions } from '../../runtime/session/store.ts';
import type { FormDef, SchemaDocument } from '../../core/schema/types.generated.ts';
import { local } from '../../runtime/storage.ts';

/*
 * The form designer page (/online/desform/designer, or a menu entry 'online/FormDesigner').
 * `?desform=code` opens an online form stored on the server: 保存 stores a new version, 发布 puts it in
 * force as a screen (table, menu, buttons) without a restart. `?code=area/entity` opens a schema
 * document's form (saved as a local draft). A new form is kept as a local draft on 保存 and, once it has
 * a code and name, stored on the server.
 */
export const draftKey = (code: string | null) => `ONLINE_FORM_DESIGN:${code ?? 'new'}`;

export const DESIGNER_PATH = '/online/desform/designer';

type Dialog = { name: 'saveAs'; def: FormDef } | { name: 'publish' } | { name: 'open' } | null;

interface Opened {
  loading: boolean;
  initial?: FormDef;
  doc?: SchemaDocument;
  record?: OnlineFormRecord;
  /** A local draft of the online form that differs from its stored design, offered for restoring. */
  draft?: FormDef;
  /** Bumped to open the designer afresh on another initial form (a restored draft). */
  generation?: number;
  error?: string;
}

const onlineDraftKey = (desform: string) => draftKey(`desform:${desform}`);

const sameForm = (a: FormDef, b: FormDef) => JSON.stringify(a) === JSON.stringify(b);

function useOpened(code: string | null, desform: string | null) {
  const [opened, setOpened] = useState<Opened>(() =>
    code || desform ? { loading: true } : { loading: false, initial: local.get<FormDef>(draftKey(null)) ?? undefined },
  );
  useEffect(() => {
    let live = true;
    if (desform) {
      onlineFormApi.load(desform).then(
        (record) => {
          if (!live) return;
          const draft = local.get<FormDef>(onlineDraftKey(desform)) ?? undefined;
          setOpened({
            loading: false,
            record,
            initial: record.desformDesignJson,
            draft: draft && !sameForm(draft, record.desformDesignJson) ? draft : undefined,
          });
        },
        () => live && setOpened({ loading: false, error: `无法打开在线表单 ${desform}` }),
      );
    } else if (code) {
      fetchDocument(code).then(
        (doc) => live && setOpened({ loading: false, doc, initial: local.get<FormDef>(draftKey(code)) ?? doc.form }),
        () => live && setOpened({ loading: false, error: `无法打开表单 ${code}` }),
      );
    }
    return () => {
      live = false;
    };
  }, [code, desform]);
  return [opened, setOpened] as const;
}

export default function FormDesignerPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const desform = params.get('desform');
  const navigate = useNavigate();
  const [opened, setOpened] = useOpened(code, desform);
  const [onlineForms, setOnlineForms] = useState<DocumentSummary[]>();
  const [dialog, setDialog] = useState<Dialog>(null);
  const record = opened.record;

  useEffect(() => {
    // A fixed route, not a menu entry: the tab would otherwise be named by its address.
    storeRouteTitle(DESIGNER_PATH, '表单设计器');
  }, []);

  const recordName = opened.record?.desformName;
  useEffect(() => {
    // Each online form opened in the designer is a tab of its own: name it after the form.
    if (desform && recordName) storeRouteTitle(`${DESIGNER_PATH}?desform=${desform}`, `设计：${recordName}`);
  }, [desform, recordName]);

  useEffect(() => {
    // The screens a batch sub-table can store its rows in; without the list the code is typed by hand.
    listDocuments().then(setOnlineForms, () => undefined);
  }, []);

  const openForm = (next: string) => navigate(`${DESIGNER_PATH}?desform=${encodeURIComponent(next)}`);

  const saveToServer = async (def: FormDef, meta: { desformCode: string; desformName: string }) => {
    local.set(onlineDraftKey(meta.desformCode), def);
    const saved = await onlineFormApi.save({ ...meta, desformIcon: record?.desformIcon ?? undefined, desformDesignJson: JSON.stringify(def) });
    message.success(`保存成功（第 ${saved.version} 版）`);
    return saved;
  };

  const onSave = async (def: FormDef) => {
    if (record) {
      const saved = await saveToServer(def, record).catch(() => null);
      if (saved) setOpened((o) => ({ ...o, record: saved }));
      return;
    }
    local.set(draftKey(code), def);
    if (code) {
      message.success('保存成功');
      return;
    }
    // A new form: the draft is kept; the server needs a code and a name.
    setDialog({ name: 'saveAs', def });
  };

  const publish = async (def: FormDef) => {
    if (!record) {
      message.warning('请先保存表单到服务器，再发布');
      return;
    }
    // Publication works on the stored design: unsaved changes are saved first, as a new version.
    if (!sameForm(def, record.desformDesignJson)) {
      const saved = await saveToServer(def, record).catch(() => null);
      if (!saved) return;
      setOpened((o) => ({ ...o, record: saved }));
    }
    setDialog({ name: 'publish' });
  };

  const actions: ToolbarAction[] = [
    { label: '发布', icon: <CloudUploadOutlined />, checked: true, onClick: (def) => void publish(def) },
    { label: '打开', icon: <FolderOpenOutlined />, onClick: () => setDialog({ name: 'open' }) },
  ];

  // Online and new forms keep a local draft as they are edited; a schema document's form only on 保存.
  const onDraft = desform ? (def: FormDef) => local.set(onlineDraftKey(desform), def) : code ? undefined : (def: FormDef) => local.set(draftKey(null), def);

  if (opened.loading) return <Spin className="page-loading" />;
  if (opened.error) return <Alert type="error" showIcon message={opened.error} />;
  const title = record ? `表单设计器 - ${record.desformName}` : opened.doc ? `表单设计器 - ${opened.doc.title}` : '表单设计器';
  return (
    <>
      {opened.draft && (
        <Alert
          type="warning"
          showIcon
          className="fd-draft-banner"
          data-testid="draft-banner"
          message="本机有这个表单未保存到服务器的草稿"
          action={
            <Space>
              <Button
                size="small"
                type="primary"
                onClick={() => setOpened((o) => ({ ...o, initial: o.draft, draft: undefined, generation: (o.generation ?? 0) + 1 }))}
              >
                恢复草稿
              </Button>
              <Button
                size="small"
                onClick={() => {
                  if (desform) local.remove(onlineDraftKey(desform));
                  setOpened((o) => ({ ...o, draft: undefined }));
                }}
              >
                丢弃草稿
              </Button>
            </Space>
          }
        />
      )}
      <FormDesigner
        key={`${desform ?? code ?? 'new'}:${opened.generation ?? 0}`}
        onDraft={onDraft}
        title={title}
        initial={opened.initial}
        document={opened.doc}
        online={record ? { desformCode: record.desformCode, desformName: record.desformName, icon: record.desformIcon } : undefined}
        onlineForms={onlineForms}
        actions={actions}
        onSave={(def) => void onSave(def)}
        onClose={() => (window.history.length > 1 ? navigate(-1) : navigate(HOME_PATH))}
      />
      {dialog?.name === 'saveAs' && (
        <SaveAsModal
          onClose={() => setDialog(null)}
          onSubmit={async (meta) => {
            await saveToServer(dialog.def, meta);
            local.remove(draftKey(null));
            openForm(meta.desformCode);
          }}
        />
      )}
      {dialog?.name === 'publish' && record && (
        <PublishModal
          desformName={record.desformName}
          onClose={() => setDialog(null)}
          onPublish={async (roles) => {
            const result = await onlineFormApi.publish(record.desformCode, roles);
            result.documents.forEach(forgetDocument);
            // The publisher's own menu and buttons: the new screen is there without signing in again.
            fetchPermissions().catch(() => undefined);
            setOpened((o) => (o.record ? { ...o, record: { ...o.record, cgformCode: result.cgformCode, publishedVersion: result.version } } : o));
            message.success(`发布成功：菜单 在线开发 / ${record.desformName}（第 ${result.version} 版）`);
          }}
        />
      )}
      {dialog?.name === 'open' && (
        <OpenFormModal
          onClose={() => setDialog(null)}
          onOpen={(next) => {
            setDialog(null);
            openForm(next);
          }}
        />
      )}
    </>
  );
}
