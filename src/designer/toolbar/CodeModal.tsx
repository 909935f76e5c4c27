import { Alert, Input, Space, Tabs } from 'antd';
import { useState } from 'react';
import type { FormDef, SchemaDocument } from '../../core/schema/types.generated.ts';
import { type PublishMeta, publicationOf } from '../../core/publication.ts';
import { documentProblems, schemaFilePath, toSchemaDocument } from '../state/document.ts';
import { JsonView } from './JsonView.tsx';

/*
 * Export code: the whole schema document for this form, as the file it would be in schemas/. A form
 * opened from a document keeps that document's code, entity and list; a new one gets a code and title
 * here. An online form shows exactly the documents its publication puts in force (one per sub-table too).
 */
export function CodeModal({ def, base, online, onClose }: { def: FormDef; base?: SchemaDocument; online?: PublishMeta; onClose: () => void }) {
  if (online) return <PublicationCode def={def} meta={online} onClose={onClose} />;
  return <DocumentCode def={def} base={base} onClose={onClose} />;
}

const fileText = (doc: SchemaDocument) => `${JSON.stringify({ $schema: '../_meta/document.schema.json', ...doc }, null, 2)}\n`;

function Problems({ problems }: { problems: string[] }) {
  if (!problems.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      message="这份文档还不能直接使用"
      description={
        <ul className="fd-errors">
          {problems.slice(0, 8).map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      }
    />
  );
}

function DocumentCode({ def, base, onClose }: { def: FormDef; base?: SchemaDocument; onClose: () => void }) {
  const [code, setCode] = useState(base?.code ?? 'online/new_form');
  const [title, setTitle] = useState(base?.title ?? '新建表单');
  const doc = toSchemaDocument(def, { code, title }, base);
  return (
    <JsonView title="导出代码" text={`${JSON.stringify(doc, null, 2)}\n`} onClose={onClose} testId="code-view">
      <Space className="fd-code-meta" wrap>
        <Input addonBefore="编码" aria-label="编码" value={code} disabled={!!base} onChange={(e) => setCode(e.target.value.trim())} />
        <Input addonBefore="标题" aria-label="标题" value={title} disabled={!!base} onChange={(e) => setTitle(e.target.value)} />
        <span className="fd-code-path">文件：{schemaFilePath(doc.code)}</span>
      </Space>
      <Problems problems={documentProblems(doc)} />
    </JsonView>
  );
}

function PublicationCode({ def, meta, onClose }: { def: FormDef; meta: PublishMeta; onClose: () => void }) {
  const publication = publicationOf(def, meta);
  const docs = [publication.main, ...publication.children];
  const [active, setActive] = useState(publication.main.code);
  const doc = docs.find((d) => d.code === active) ?? publication.main;
  const problems = [...publication.problems, ...docs.flatMap((d) => documentProblems(d).map((p) => `${d.code}: ${p}`))];
  return (
    <JsonView title="导出代码" text={fileText(doc)} onClose={onClose} testId="code-view">
      {docs.length > 1 && <Tabs size="small" activeKey={doc.code} onChange={setActive} items={docs.map((d) => ({ key: d.code, label: d.title }))} />}
      <Space className="fd-code-meta" wrap>
        <span className="fd-code-path">文件：{schemaFilePath(doc.code)}</span>
        <span className="fd-code-path">发布后接口：/{doc.code}/list|add|edit|queryById</span>
      </Space>
      <Problems problems={problems} />
    </JsonView>
  );
}
