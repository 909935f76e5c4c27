import { batch } from './batch/index.ts';
import { checkbox } from './checkbox/index.ts';
import { date, datetime } from './date/index.ts';
import { hidden } from './hidden/index.ts';
import { input } from './input/index.ts';
import { alert, card, divider, grid, steps, table, text } from './layout/index.ts';
import { integer, number } from './number/index.ts';
import { password } from './password/index.ts';
import { radio } from './radio/index.ts';
import { rate } from './rate/index.ts';
import { select } from './select/index.ts';
import { slider } from './slider/index.ts';
import { switchWidget } from './switch/index.ts';
import { textarea } from './textarea/index.ts';
import { time } from './time/index.ts';
import type { WidgetKit, WidgetRegistration, WidgetType } from '../runtime/widgets/contract.ts';
import { formComponentsOf } from './components.ts';
import { cascader } from './cascader/index.ts';
import { download } from './download/index.ts';
import { pca } from './pca/index.ts';
import { permissionTree } from './permission-tree/index.ts';
import { selectSearch } from './select-search/index.ts';
import { treeSelect } from './tree-select/index.ts';
import { editor } from './editor/index.ts';
import { markdown } from './markdown/index.ts';
import { uploadFile } from './upload-file/index.ts';
import { uploadImg } from './upload-img/index.ts';
import { dept } from './dept/index.ts';
import { user } from './user/index.ts';
import { categoryTree } from './category-tree/index.ts';
import { html } from './html/index.ts';
import { button } from './button/index.ts';
import { popup } from './popup/index.ts';
import { linkDown } from './link-down/index.ts';

/** The one widget registry: the designer reads it here, the runtime through the kit below. */
const ALL: WidgetRegistration[] = [
  input,
  textarea,
  password,
  number,
  integer,
  select,
  radio,
  checkbox,
  date,
  datetime,
  time,
  switchWidget,
  rate,
  slider,
  hidden,
  grid,
  card,
  steps,
  table,
  divider,
  alert,
  text,
  batch,
  uploadFile,
  uploadImg,
  download,
  editor,
  markdown,
  selectSearch,
  treeSelect,
  cascader,
  pca,
  popup,
  linkDown,
  permissionTree,
  dept,
  user,
  categoryTree,
  html,
  button,
];

export const widgetRegistry: ReadonlyMap<WidgetType, WidgetRegistration> = new Map(ALL.map((w) => [w.type, w]));

export function widgetOf(type: WidgetType): WidgetRegistration | undefined {
  return widgetRegistry.get(type);
}

/** What the application hands to the runtime (provideWidgetKit in main.tsx and Storybook's preview). */
export const widgetKit: WidgetKit = { widgets: widgetRegistry, components: formComponentsOf(ALL) };
