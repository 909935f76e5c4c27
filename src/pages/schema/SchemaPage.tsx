import { Alert, Card, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { hasPermission } from '../../runtime/permission/has-permission.ts';
import { RecordPage } from '../../runtime/renderers/detail/RecordPage.tsx';
import { FormScreen } from '../../runtime/renderers/form/FormScreen.tsx';
import { ListPage, RECORD_PARAM } from '../../runtime/renderers/list/ListPage.tsx';
import { permissionCode } from '../../runtime/schema/api.ts';
import { fetchDocument } from '../../runtime/schema/documents-api.ts';
import { session } from '../../runtime/session/store.ts';
import type { SchemaDocument } from '../../core/schema/types.generated.ts';
import { BlockBoundary } from '../layouts/BlockBoundary.tsx';

/**
 * Renders any schema-driven screen by its code; a menu entry's component 'schema/{area}/{entity}' lands
 * here. The document says which screen: its list (default), its add form as a page (menu.screen 'form'),
 * or, with ?record= and detail.page, one record as a page.
 */
export function SchemaPage({ code }: { code: string }) {
  const [doc, setDoc] = useState<SchemaDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setDoc(null);
    setError(null);
    fetchDocument(code).then(setDoc, (e: Error) => setError(e.message));
  }, [code]);
  if (error) return <Alert type="error" showIcon message={`页面配置加载失败：${code}`} description={error} />;
  if (!doc) return <Spin className="schema-page-loading" />;
  return (
    <BlockBoundary name={code}>
      <Screen doc={doc} />
    </BlockBoundary>
  );
}

function Screen({ doc }: { doc: SchemaDocument }) {
  const { auth, allAuth } = useSnapshot(session);
  const can = useCallback((action: string) => hasPermission(permissionCode(doc, action), auth as never, allAuth as never), [doc, auth, allAuth]);
  const [params, setParams] = useSearchParams();
  const back = useCallback(() => setParams({}), [setParams]);
  const recordId = params.get(RECORD_PARAM);
  if (doc.menu?.screen === 'form') return <FormScreen doc={doc} can={can} />;
  if (recordId && doc.detail?.page) return <RecordPage doc={doc} recordId={recordId} can={can} onBack={back} />;
  return (
    <Card title={doc.title} bordered={false} className="schema-page">
      <ListPage doc={doc} can={can} />
    </Card>
  );
}
