/*
 * The button widget's 'dynamic' handle names a function (dynamicFun). Names are looked up in this
 * registry, filled by code (never from a document): a name nobody registered does nothing but warn.
 * Nothing the designer stores is ever evaluated as code.
 */

export type ButtonHandler = (values: Record<string, unknown>) => void | Promise<void>;

const handlers = new Map<string, ButtonHandler>();

export function registerButtonHandler(name: string, handler: ButtonHandler): () => void {
  handlers.set(name, handler);
  return () => handlers.delete(name);
}

export const buttonHandler = (name: string | undefined): ButtonHandler | undefined => (name ? handlers.get(name) : undefined);

export const unknownHandlerMessage = (name: string | undefined) => (name ? `未找到按钮处理函数: ${name}` : '按钮未设置处理函数');

/** antd's Button props for the designer's button type (danger is a flag on a primary button in antd 5). */
export function antButtonType(type: string | undefined): { type: 'primary' | 'default' | 'dashed'; danger: boolean } {
  if (type === 'danger') return { type: 'primary', danger: true };
  if (type === 'primary' || type === 'dashed') return { type, danger: false };
  return { type: 'default', danger: false };
}
