import { runtimeConfig } from '../../config.ts';
import { KEYS, local } from '../../storage.ts';

/** Fetches a file with the session's headers and saves it under the server's file name. */
export async function downloadFile(path: string, params: Record<string, string>, fallbackName: string): Promise<void> {
  const url = new URL(`${runtimeConfig().apiBase}/${path.replace(/^\/+/, '')}`, location.origin);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const res = await fetch(url, {
    headers: { 'X-Access-Token': local.get<string>(KEYS.ACCESS_TOKEN) ?? '', tenant_id: String(local.get(KEYS.TENANT_ID) ?? 0) },
  });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw new Error(body?.message ?? `下载失败 (${res.status})`);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const match = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(disposition);
  const name = match ? decodeURIComponent(match[1] ?? match[2]) : fallbackName;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
