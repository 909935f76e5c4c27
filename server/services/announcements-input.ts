import sanitizeHtml from 'sanitize-html';
import { badRequest } from '../http/envelope.ts';

/*
 * What an announcement form may contain, checked before anything is stored. The HTML is cleaned here,
 * on the server, once: every reader gets the stored, already safe text.
 */

export const PRIORITIES = ['L', 'M', 'H'] as const;
export const CATEGORIES = ['1', '2'] as const;
export const MSG_TYPES = ['ALL', 'USER'] as const;
export const OPEN_TYPES = ['url', 'component'] as const;

const MAX_CONTENT = 100_000;
const MAX_RECIPIENTS = 1000;
const USER_ID = /^[A-Za-z0-9_-]{1,32}$/;
// '去处理' navigates inside the app, so an 'url' open page is a route path, never another site.
const ROUTE_PATH = /^\/(?!\/)[A-Za-z0-9_\-/.]{0,254}$/;
// A notice component is named by its page path under src/pages (registry name), not a URL.
const COMPONENT_PATH = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'font'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    font: ['color'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    '*': ['style'],
  },
  // Rich-text editors embed pasted images as data URLs; nothing else may be inline.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d{1,3}(px|em|rem|%)$/],
      'font-weight': [/^(bold|normal|\d{3})$/],
      'text-decoration': [/^(underline|line-through|none)$/],
    },
  },
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export function sanitizeAnnouncementHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** The fields of an announcement as the add and edit calls accept them. */
export interface AnnouncementInput {
  titile: string;
  msgContent: string;
  msgAbstract: string | null;
  priority: (typeof PRIORITIES)[number];
  msgCategory: (typeof CATEGORIES)[number];
  msgType: (typeof MSG_TYPES)[number];
  /** Distinct user ids; empty unless msgType is 'USER'. */
  userIds: string[];
  openType: (typeof OPEN_TYPES)[number] | null;
  openPage: string | null;
  busType: string | null;
  busId: string | null;
}

type Body = Record<string, unknown>;

function optionalText(body: Body, field: string, max: number, label: string): string | null {
  const value = body[field];
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw badRequest(`${label}格式不正确`);
  if (value.length > max) throw badRequest(`${label}长度不能超过${max}`);
  return value.trim() || null;
}

function oneOf<T extends string>(body: Body, field: string, allowed: readonly T[], fallback: T, message: string): T {
  const value = body[field];
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value !== 'string' || !allowed.includes(value as T)) throw badRequest(message);
  return value as T;
}

/** JeecgBoot sends chosen users as 'id1,id2,' (trailing comma); arrays are accepted too. */
function userIdList(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const ids = items.map((v) => (typeof v === 'string' ? v.trim() : '')).filter(Boolean);
  if (ids.some((id) => !USER_ID.test(id))) throw badRequest('指定用户的ID格式不正确');
  const distinct = [...new Set(ids)];
  if (distinct.length > MAX_RECIPIENTS) throw badRequest(`指定用户不能超过${MAX_RECIPIENTS}人`);
  return distinct;
}

export function parseAnnouncementInput(raw: unknown): AnnouncementInput {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest('请求内容不能为空');
  const body = raw as Body;
  const titile = optionalText(body, 'titile', 100, '标题');
  if (!titile) throw badRequest('请输入标题');
  const content = optionalText(body, 'msgContent', MAX_CONTENT, '内容') ?? '';
  const msgType = oneOf(body, 'msgType', MSG_TYPES, 'ALL', '通告对象类型只能是 ALL 或 USER');
  const userIds = msgType === 'USER' ? userIdList(body.userIds) : [];
  if (msgType === 'USER' && userIds.length === 0) throw badRequest('请选择指定用户');
  const openType = body.openType ? oneOf(body, 'openType', OPEN_TYPES, 'url', '打开方式只能是 url 或 component') : null;
  const openPage = optionalText(body, 'openPage', 255, '打开页面');
  if (openType && !openPage) throw badRequest('请填写打开页面');
  if (openType === 'url' && !ROUTE_PATH.test(openPage!)) throw badRequest('打开页面必须是以 / 开头的系统内路径');
  if (openType === 'component' && !COMPONENT_PATH.test(openPage!)) throw badRequest('组件路径格式不正确');
  return {
    titile,
    msgContent: sanitizeAnnouncementHtml(content),
    msgAbstract: optionalText(body, 'msgAbstract', 500, '摘要'),
    priority: oneOf(body, 'priority', PRIORITIES, 'L', '优先级只能是 L、M 或 H'),
    msgCategory: oneOf(body, 'msgCategory', CATEGORIES, '1', '消息类型只能是 1（通知公告）或 2（系统消息）'),
    msgType,
    userIds,
    openType,
    openPage: openType ? openPage : null,
    busType: optionalText(body, 'busType', 20, '业务类型'),
    busId: optionalText(body, 'busId', 50, '业务ID'),
  };
}
