/** The benches' small HTTP client: JSON calls that keep the session cookie, downloads and streamed file uploads. */
import { openAsBlob } from 'node:fs';

export class BenchClient {
  private cookie = '';
  constructor(readonly base: string) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.base}/api/v1${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), cookie: this.cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? '';
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** The demo scenario (template demo-grid) in the signed-in user's personal group, with its files. */
  async demoScenario<F extends { id: number; name: string } = { id: number; name: string; tag: string | null }>(): Promise<{ id: number; groupId: number; files: F[] }> {
    const me = await this.call<{ groupId: number }>('GET', '/accounts/validate');
    const created = await this.call<{ id: number }>('POST', '/datasets/datasets', {
      groupId: me.groupId,
      key: 'demo',
      name: 'Demo',
      description: '',
      type: 'scenario',
      template: 'demo-grid',
      attributes: {},
    });
    return this.call('GET', `/datasets/datasets/${created.id}`);
  }

  async download(path: string): Promise<Buffer> {
    const res = await fetch(`${this.base}/api/v1${path}`, { headers: { cookie: this.cookie } });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }

  /** Files from disk, streamed (Blobs backed by the files). */
  async upload(files: { name: string; path: string }[]): Promise<{ id: number }[]> {
    const form = new FormData();
    for (const file of files) form.append('files[]', await openAsBlob(file.path), file.name);
    const res = await fetch(`${this.base}/api/v1/datasets/files`, { method: 'POST', headers: { cookie: this.cookie }, body: form });
    if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { files: { id: number }[] }).files;
  }
}
