import { Alert, Input, Space } from 'antd';
import { useState } from 'react';
import type { FormDef, SchemaDocument } from '../../runtime/schema/types.generated.ts';
import { documentProblems, schemaFilePath, toSchemaDocument } from '../state/document.ts';
import { JsonView } from './JsonView.tsx';

/*
 * Export code: the whole schema document for this form, as the file it would be in schemas/. A form
 * opened from a document keeps that document's code, entity and list; a new one gets a code and title here.
 */
export function CodeModal({ def, base, onClose }: { def: FormDef; base?: SchemaDocument; onClose: () => void }) {
  const [code, setCode] = useState(base?.code ?? 'online/new_form');
  const [title, setTitle] = useState(base?.title ?? '新建表单');
  const doc = toSchemaDocument(def, { code, title }, base);
  const problems = documentProblems(doc);
  return (
    <JsonView title="导出代码" text={`${JSON.stringify(doc, null, 2)}\n`} onClose={onClose} testId="code-view">
      <Space className="fd-code-meta" wrap>
        <Input addonBefore="编码" aria-label="编码" value={code} disabled={!!base} onChange={(e) => setCode(e.target.value.trim())} />
        <Input addonBefore="标题" aria-label="标题" value={title} disabled={!!base} onChange={(e) => setTitle(e.target.value)} />
        <span className="fd-code-path">文件：{schemaFilePath(doc.code)}</span>
      </Space>
      {problems.length > 0 && <Alert type="warning" showIcon message="这份文档还不能直接使用" description={<ul className="fd-errors">{problems.slice(0, 8).map((p) => <li key={p}>{p}</li>)}</ul>} />}
    </JsonView>
  );
}
