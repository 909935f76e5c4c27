import type { Kysely } from 'kysely';
import form from '../../schemas/_meta/form.schema.json';
import { DESFORM_CODE, DESFORM_CODE_MESSAGE, duplicateProblems } from '../../src/core/publication.ts';
import type { FormDef, WidgetItem } from '../../src/core/schema/types.generated.ts';
import { validateForm } from '../../src/core/schema/validate.ts';
import type { DB } from '../db/schema.ts';
import { badRequest, notFound } from '../http/envelope.ts';
import { newId } from '../lib/ids.ts';
import { nowText } from '../lib/time.ts';

/*
 * Online form records (spec section 3) and their versions. Every save of a design is a new version;
 * the record carries the latest one. A design is checked before anything is written: it must be JSON,
 * carry list and config, use only registered widget types and no key or model twice.
 */

interface DesformTable {
  id: string;
  desform_code: string;
  desform_name: string;
  desform_icon: string | null;
  desform_design_json: unknown;
  cgform_code: string | null;
  parent_id: string | null;
  parent_code: string | null;
  desform_type: number;
  iz_mobile_view: number;
  iz_oa_show: number;
  version: number;
  published_version: number | null;
  publish_time: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
  tenant_id: number;
}

interface DesformVersionTable {
  id: string;
  desform_id: string;
  version: number;
  desform_design_json: unknown;
  create_by: string | null;
  create_time: string;
}

export type OnlineDB = DB & { onl_desform: DesformTable; onl_desform_version: DesformVersionTable };

/** The record as the API shows it (the spec's camelCase names). */
export interface OnlineFormRecord {
  id: string;
  desformCode: string;
  desformName: string;
  desformIcon: string | null;
  desformDesignJson: FormDef;
  cgformCode: string | null;
  parentId: string | null;
  parentCode: string | null;
  desformType: number;
  izMobileView: number;
  izOaShow: number;
  version: number;
  publishedVersion: number | null;
  publishTime: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

const design = (value: unknown): FormDef => (typeof value === 'string' ? JSON.parse(value) : value) as FormDef;

export function toRecord(r: DesformTable): OnlineFormRecord {
  return {
    id: r.id,
    desformCode: r.desform_code,
    desformName: r.desform_name,
    desformIcon: r.desform_icon,
    desformDesignJson: design(r.desform_design_json),
    cgformCode: r.cgform_code,
    parentId: r.parent_id,
    parentCode: r.parent_code,
    desformType: r.desform_type,
    izMobileView: r.iz_mobile_view,
    izOaShow: r.iz_oa_show,
    version: r.version,
    publishedVersion: r.published_version,
    publishTime: r.publish_time,
    createBy: r.create_by,
    createTime: r.create_time,
    updateBy: r.update_by,
    updateTime: r.update_time,
  };
}

/* ---------------------------------------------------------------- design checks */

const KNOWN_TYPES = new Set<string>(form.definitions.WidgetType.enum);
export const DESIGN_FORMAT_MESSAGE = '表单设计数据格式不对：需要一个带 list 和 config 的 JSON 对象';

function* everyItem(list: unknown): Generator<WidgetItem> {
  if (!Array.isArray(list)) return;
  for (const item of list as WidgetItem[]) {
    if (!item || typeof item !== 'object') continue;
    yield item;
    yield* everyItem(item.list);
    for (const c of Array.isArray(item.columns) ? item.columns : []) yield* everyItem(c?.list);
    for (const r of Array.isArray(item.trs) ? item.trs : []) for (const td of Array.isArray(r?.tds) ? r.tds : []) yield* everyItem(td?.list);
  }
}

/** The design of a request: a JSON text or an object, checked as the designer checks an import. Throws a 400 naming the problems. */
export function parseDesign(value: unknown): FormDef {
  let data = value;
  if (typeof value === 'string') {
    try {
      data = JSON.parse(value);
    } catch (e) {
      throw badRequest(`表单设计不是合法的 JSON：${(e as Error).message}`);
    }
  }
  const shaped =
    !!data &&
    typeof data === 'object' &&
    !Array.isArray(data) &&
    Array.isArray((data as FormDef).list) &&
    !!(data as FormDef).config &&
    typeof (data as FormDef).config === 'object';
  if (!shaped) throw badRequest(DESIGN_FORMAT_MESSAGE);
  // Unknown types first: the meta-schema would only say the type is not one of its long list.
  const unknown = [...everyItem((data as FormDef).list)].filter((i) => !KNOWN_TYPES.has(i.type));
  if (unknown.length) throw badRequest(`未知控件类型：${unknown.map((i) => `${String(i.type).slice(0, 40)}（${String(i.key).slice(0, 60)}）`).join('、')}`);
  const verdict = validateForm(data);
  if (!verdict.ok) throw badRequest(`表单设计有误：${verdict.errors.slice(0, 5).join('；')}`);
  const duplicates = duplicateProblems((data as FormDef).list);
  if (duplicates.length) throw badRequest(`表单设计有误：${[...new Set(duplicates)].join('；')}`);
  return data as FormDef;
}

/* ---------------------------------------------------------------- records */

export interface SaveInput {
  desformCode: string;
  desformName: string;
  desformIcon: string | null;
  design: FormDef;
  parentCode: string | null;
  izMobileView: number;
  izOaShow: number;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const flag = (v: unknown) => (v === 1 || v === '1' || v === true ? 1 : 0);

export function codeOf(value: unknown): string {
  const code = text(value);
  if (!code) throw badRequest('请填写表单编码');
  if (!DESFORM_CODE.test(code)) throw badRequest(DESFORM_CODE_MESSAGE);
  return code;
}

/** A save request's fields, each checked; the design is parsed last so a bad code is reported first. */
export function readSaveInput(body: Record<string, unknown>): SaveInput {
  const desformCode = codeOf(body.desformCode);
  const desformName = text(body.desformName);
  if (!desformName) throw badRequest('请填写表单名称');
  if (desformName.length > 100) throw badRequest('表单名称不能超过 100 个字符');
  const desformIcon = text(body.desformIcon) || null;
  if (desformIcon && !/^[A-Za-z][A-Za-z0-9-]{0,99}$/.test(desformIcon)) throw badRequest('图标名称只能包含字母、数字和连字符');
  const parentCode = text(body.parentCode) || null;
  if (parentCode && !DESFORM_CODE.test(parentCode)) throw badRequest('上级表单编码格式不正确');
  return {
    desformCode,
    desformName,
    desformIcon,
    design: parseDesign(body.desformDesignJson),
    parentCode,
    izMobileView: flag(body.izMobileView),
    izOaShow: flag(body.izOaShow),
  };
}

/** 2 (main with sub-tables) when the design has a batch sub-table, else 1. */
const typeOf = (def: FormDef) => ([...everyItem(def.list)].some((i) => i.type === 'batch') ? 2 : 1);

export class OnlineForms {
  readonly db: Kysely<OnlineDB>;
  constructor(db: Kysely<DB>) {
    this.db = db as unknown as Kysely<OnlineDB>;
  }

  async find(code: string, db = this.db): Promise<DesformTable | undefined> {
    return db.selectFrom('onl_desform').selectAll().where('desform_code', '=', code).executeTakeFirst();
  }

  async get(code: string, db = this.db): Promise<DesformTable> {
    const row = await this.find(code, db);
    if (!row) throw notFound(`表单不存在: ${code}`);
    return row;
  }

  async byId(id: string): Promise<DesformTable> {
    const row = await this.db.selectFrom('onl_desform').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('表单不存在');
    return row;
  }

  /** The records of the given types (1 single, 2 main with sub-tables), newest first. */
  async list(types: number[]): Promise<OnlineFormRecord[]> {
    let q = this.db.selectFrom('onl_desform').selectAll();
    if (types.length) q = q.where('desform_type', 'in', types);
    return (await q.orderBy('update_time', 'desc').orderBy('create_time', 'desc').execute()).map(toRecord);
  }

  async versions(code: string) {
    const row = await this.get(code);
    const rows = await this.db
      .selectFrom('onl_desform_version')
      .select(['version', 'create_by', 'create_time'])
      .where('desform_id', '=', row.id)
      .orderBy('version', 'desc')
      .execute();
    return rows.map((r) => ({ version: r.version, createBy: r.create_by, createTime: r.create_time, published: r.version === row.published_version }));
  }

  async version(code: string, version: number): Promise<FormDef> {
    const row = await this.get(code);
    const found = await this.db
      .selectFrom('onl_desform_version')
      .select('desform_design_json')
      .where('desform_id', '=', row.id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (!found) throw notFound(`表单 ${code} 没有第 ${version} 版`);
    return design(found.desform_design_json);
  }

  /** Creates the record (version 1) or stores the design as its next version; both in one transaction. */
  async save(input: SaveInput, user: { username: string; orgCode: string | null; tenantId: number }): Promise<OnlineFormRecord> {
    const now = nowText();
    const json = JSON.stringify(input.design);
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('onl_desform').selectAll().where('desform_code', '=', input.desformCode).forUpdate().executeTakeFirst();
      const parentId = input.parentCode ? (await this.get(input.parentCode, trx)).id : null;
      const fields = {
        desform_name: input.desformName,
        desform_icon: input.desformIcon,
        desform_design_json: json,
        parent_id: parentId,
        parent_code: input.parentCode,
        desform_type: typeOf(input.design),
        iz_mobile_view: input.izMobileView,
        iz_oa_show: input.izOaShow,
      };
      let id: string;
      let version: number;
      if (existing) {
        id = existing.id;
        version = existing.version + 1;
        await trx
          .updateTable('onl_desform')
          .set({ ...fields, version, update_by: user.username, update_time: now })
          .where('id', '=', id)
          .execute();
      } else {
        id = newId();
        version = 1;
        await trx
          .insertInto('onl_desform')
          .values({
            id,
            desform_code: input.desformCode,
            ...fields,
            cgform_code: null,
            version,
            published_version: null,
            publish_time: null,
            create_by: user.username,
            create_time: now,
            update_by: null,
            update_time: null,
            sys_org_code: user.orgCode,
            tenant_id: user.tenantId,
          })
          .execute();
      }
      await trx
        .insertInto('onl_desform_version')
        .values({ id: newId(), desform_id: id, version, desform_design_json: json, create_by: user.username, create_time: now })
        .execute();
      return toRecord((await trx.selectFrom('onl_desform').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as DesformTable);
    });
  }
}
