/** What a menu entry shows when its component name matches no page (a configuration mistake, not a crash). */
export function MissingComponent({ name }: { name: string }) {
  return (
    <div className="empty-hint">
      页面组件不存在：<code>{name || '(未配置)'}</code>，请在菜单管理中检查“前端组件”。
    </div>
  );
}
