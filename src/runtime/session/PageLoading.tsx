/** Shown while the session is being established; plain markup so it costs nothing on the login route. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading-dot" />
      <span>加载中…</span>
    </div>
  );
}
