import '../widget-kit.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { compileForm } from '../../../src/runtime/renderers/form/compile.ts';
import type { SchemaDocument } from '../../../src/core/schema/types.generated.ts';

const root = join(import.meta.dirname, '../../..');
const user = JSON.parse(readFileSync(join(root, 'schemas/system/user.json'), 'utf8')) as SchemaDocument;

type Node = { properties?: Record<string, Node>; [k: string]: unknown };
const find = (node: Node, name: string): Node | undefined => {
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    if (key === name) return child;
    const inner = find(child, name);
    if (inner) return inner;
  }
  return undefined;
};
type Validator = { validator: (v: unknown) => Promise<string | undefined>; triggerType: string };

describe('form compiler: fields the entity declares unique are checked on the server as you type', () => {
  it('the username gets an async validator asking /sys/duplicate/check with the edited record id; the message is the server’s', async () => {
    const check = vi.fn(async () => '该值不可用，系统中已存在！');
    const schema = compileForm(user.form!, { unique: { tableName: 'sys_user', fields: ['username'], dataId: 'u1' }, checkDuplicate: check }) as Node;
    const rules = find(schema, 'username')!['x-validator'] as Validator[];
    const async = rules.find((r) => typeof r.validator === 'function')!;
    expect(async.triggerType).toBe('onInput');
    expect(await async.validator('admin')).toBe('该值不可用，系统中已存在！');
    expect(check).toHaveBeenCalledWith({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin', dataId: 'u1' });
    // Fields not declared unique get no server check.
    expect((find(schema, 'realname')!['x-validator'] as Validator[]).some((r) => typeof r.validator === 'function')).toBe(false);
  });

  it('without unique options (designer preview) nothing calls the server; a failing call does not block the form', async () => {
    const plain = compileForm(user.form!) as Node;
    expect((find(plain, 'username')!['x-validator'] as Validator[]).some((r) => typeof r.validator === 'function')).toBe(false);
    const failing = compileForm(user.form!, {
      unique: { tableName: 'sys_user', fields: ['username'] },
      checkDuplicate: () => Promise.reject(new Error('offline')),
    }) as Node;
    const async = (find(failing, 'username')!['x-validator'] as Validator[]).find((r) => typeof r.validator === 'function')!;
    expect(await async.validator('x')).toBeUndefined();
  });
});
