import { Alert, Card, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { ListPage } from '../../runtime/renderers/list/ListPage.tsx';
import { fetchDocument } from '../../runtime/schema/api.ts';
import type { SchemaDocument } from '../../core/schema/types.generated.ts';
import { BlockBoundary } from '../layouts/BlockBoundary.tsx';

/** Renders any schema-driven screen by its code; a menu entry's component 'schema/{area}/{entity}' lands here. */
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
    <Card title={doc.title} bordered={false} className="schema-page">
      <BlockBoundary name={code}>
        <ListPage doc={doc} />
      </BlockBoundary>
    </Card>
  );
}
