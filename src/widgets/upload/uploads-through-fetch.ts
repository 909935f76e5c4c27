import { vi } from 'vitest';

/*
 * For the upload widgets' tests: antd's Upload posts with XMLHttpRequest, which fakeServer (a fetch stub)
 * never sees. This XMLHttpRequest hands each request to fetch, so fakeServer answers the upload route and
 * records it, the multipart form as an object of its fields (a file by its name: fakeServer reads a body
 * as JSON). fakeServer keeps no headers, so the headers each upload carried are kept here. The component
 * project restores XMLHttpRequest after each test (unstubGlobals).
 */
export function uploadsThroughFetch() {
  const headers: Record<string, string>[] = [];

  class FetchingRequest {
    upload = {};
    status = 0;
    responseText = '';
    onload: (() => void) | null = null;
    onerror: ((error: unknown) => void) | null = null;
    private method = 'POST';
    private url = '';
    private sent: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = new URL(url, location.href).href;
    }

    setRequestHeader(name: string, value: string) {
      this.sent[name] = value;
    }

    send(form: FormData) {
      headers.push(this.sent);
      const fields = Object.fromEntries([...form].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]));
      fetch(new Request(this.url, { method: this.method, headers: this.sent, body: JSON.stringify(fields) })).then(
        async (response) => {
          this.status = response.status;
          this.responseText = await response.text();
          this.onload?.();
        },
        (error: unknown) => this.onerror?.(error),
      );
    }

    abort() {}
  }

  vi.stubGlobal('XMLHttpRequest', FetchingRequest);
  return { headers };
}
