import { Divider, message, Modal } from 'antd';
import type { Envelope } from '../../../core/api-types.ts';
import { http, RequestFailure } from '../../http/client.ts';
import type { DataRecord } from '../../schema/api.ts';
import { evaluateCondition } from '../../../core/schema/condition.ts';
import type { OperationDef, SchemaDocument } from '../../../core/schema/types.generated.ts';

/*
 * A list's declared row operations (list.operations): a button per operation the user holds
 * ({prefix}:{key}) and the row meets (`when`), asking `confirm` first, calling
 * POST /{area}/{entity}/operation/{key}?id= and showing the server's message. The server checks again.
 */

export async function runOperation(doc: SchemaDocument, op: OperationDef, id: string): Promise<boolean> {
  try {
    const result = await http.post<Envelope>(`${doc.code}/operation/${op.key}?id=${encodeURIComponent(id)}`, {}, { silent: true });
    message.success(result.message);
    return true;
  } catch (e) {
    message.error(e instanceof RequestFailure ? e.message : `${op.label}失败`);
    return false;
  }
}

export function RowOperations({ doc, row, can, onDone }: { doc: SchemaDocument; row: DataRecord; can: (action: string) => boolean; onDone: () => void }) {
  const ops = (doc.list?.operations ?? []).filter((op) => can(op.key) && evaluateCondition(op.when, row as Record<string, unknown>));
  if (!ops.length) return null;
  const id = String(row.id);
  const click = (op: OperationDef) => {
    const go = () => runOperation(doc, op, id).then(onDone);
    if (op.confirm) Modal.confirm({ title: op.label, content: op.confirm, okText: '确定', cancelText: '取消', onOk: go });
    else void go();
  };
  return (
    <>
      {ops.map((op) => (
        <span key={op.key}>
          <Divider type="vertical" />
          <a data-testid={`op-${op.key}`} onClick={() => click(op)}>
            {op.label}
          </a>
        </span>
      ))}
    </>
  );
}
