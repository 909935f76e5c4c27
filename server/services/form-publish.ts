import type { Kysely } from 'kysely';
import { publicationOf } from '../../src/core/publication.ts';
import type { SchemaDocument } from '../../src/core/schema/types.generated.ts';
import type { DB } from '../db/schema.ts';
import { badRequest } from '../http/envelope.ts';
import { nowText } from '../lib/time.ts';
import { SchemaError } from '../engine/schema/registry.ts';
import type { SchemaRuntime } from '../engine/runtime.ts';
import { type OnlineForms, parseDesign } from './online-forms.ts';

/*
 * Publishing an online form: its latest design becomes schema documents (publicationOf, the same code
 * the designer's export view runs) stored in sys_schema, and the runtime reloads in the same
 * transaction. Tables are created or evolved by the additive rules of file documents, the menu and its
 * buttons appear, and the records are served by the generic API at once. Any refusal (a bad document,
 * a column with data that the new design would drop or narrow) rolls everything back.
 */

export interface PublishResult {
  cgformCode: string;
  version: number;
  documents: string[];
}

export class FormPublisher {
  constructor(
    private readonly forms: OnlineForms,
    private readonly runtime: SchemaRuntime,
  ) {}

  private async checkRoles(roles: string[]): Promise<void> {
    if (!roles.length) return;
    const found = await this.forms.db.selectFrom('sys_role').select('role_code').where('role_code', 'in', roles).execute();
    const known = new Set(found.map((r) => r.role_code));
    const missing = roles.filter((r) => !known.has(r));
    if (missing.length) throw badRequest(`角色不存在：${missing.map((r) => r.slice(0, 50)).join('、')}`);
  }

  /** A document code may be taken only by this form's own earlier publication (never a file, never another form). */
  private checkOwnership(docs: SchemaDocument[], main: string): void {
    const registry = this.runtime.registry;
    for (const doc of docs) {
      const current = registry.find(doc.code);
      if (!current) continue;
      const origin = registry.origins.get(doc.code) ?? '';
      if (!origin.startsWith('sys_schema')) throw badRequest(`发布失败：编码 ${doc.code} 已被系统文档 ${origin} 使用，请换一个表单编码`);
      const owner = current.doc.entity.parent?.entity ?? current.code;
      if (owner !== main) throw badRequest(`发布失败：编码 ${doc.code} 已被表单 ${owner} 使用，请换一个表单编码或数据字段`);
    }
  }

  async publish(code: string, roles: string[], username: string): Promise<PublishResult> {
    const row = await this.forms.get(code);
    await this.checkRoles(roles);
    const publication = publicationOf(parseDesign(row.desform_design_json), {
      desformCode: row.desform_code,
      desformName: row.desform_name,
      icon: row.desform_icon,
      roles,
    });
    if (publication.problems.length) throw badRequest(`发布失败：${publication.problems.join('；')}`);
    const docs = [publication.main, ...publication.children];
    this.checkOwnership(docs, publication.main.code);
    const now = nowText();
    try {
      await this.runtime.reloadWith(async (trx: Kysely<DB>) => {
        for (const doc of docs) {
          const document = JSON.stringify(doc);
          await trx
            .insertInto('sys_schema')
            .values({ code: doc.code, document, version: row.version, create_by: username, create_time: now, update_by: null, update_time: null })
            .onConflict((oc) => oc.column('code').doUpdateSet({ document, version: row.version, update_by: username, update_time: now }))
            .execute();
        }
        await (trx as unknown as OnlineForms['db'])
          .updateTable('onl_desform')
          .set({ cgform_code: publication.main.code, published_version: row.version, publish_time: now, update_by: username, update_time: now })
          .where('id', '=', row.id)
          .execute();
      });
    } catch (error) {
      if (error instanceof SchemaError) throw badRequest(`发布失败：${error.problems.join('；')}`);
      throw error;
    }
    return { cgformCode: publication.main.code, version: row.version, documents: docs.map((d) => d.code) };
  }
}
