/** Runner tokens' address ranges see the client's address: X-Forwarded-For only from a proxy TRUST_PROXY names. */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { createRunnerToken, TestRunner } from './runner-client.ts';

let t: TestApp;
afterEach(() => t?.close());

/** An app, a token for loopback only (the default) and one for 10.0.0.0/8. */
async function tokens(env: Record<string, string>) {
  t = await createTestApp({ env });
  const admin = await setupAdmin(t.app);
  const loopback = await createRunnerToken(t.app, admin);
  const lan = await createRunnerToken(t.app, admin, { ipv4range: '10.0.0.0/8', ipv6range: '' });
  /** The status of a connect with `token` from `remoteAddress`, claiming to be `forwardedFor`. */
  const connect = async (token: string, remoteAddress: string, forwardedFor?: string) => {
    const headers = forwardedFor ? { 'x-forwarded-for': forwardedFor } : undefined;
    const runner = new TestRunner(t.app, { token, remoteAddress, headers });
    const response = await runner.call('POST', '/connect', {
      json: { name: 'r', capabilities: [], totalResources: runner.resources, availableResources: runner.resources, jobs: [] },
    });
    return response.statusCode;
  };
  return { loopback: loopback.token, lan: lan.token, connect };
}

describe('runner token addresses behind a reverse proxy', () => {
  it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
    const { loopback, lan, connect } = await tokens({});
    expect(await connect(loopback, '127.0.0.1', '203.0.113.5')).toBe(200);
    expect(await connect(lan, '203.0.113.5', '10.1.2.3')).toBe(403);
  });

  it('uses the forwarded client address when the request comes from the proxy TRUST_PROXY names', async () => {
    const { loopback, lan, connect } = await tokens({ TRUST_PROXY: '127.0.0.1' });
    // A remote client behind a proxy on the same host is not loopback…
    expect(await connect(loopback, '127.0.0.1', '203.0.113.5')).toBe(403);
    expect(await connect(lan, '127.0.0.1', '10.1.2.3')).toBe(200);
    // …while the embedded runner, which talks to the server directly, still is.
    expect(await connect(loopback, '127.0.0.1')).toBe(200);
    // Anyone else's X-Forwarded-For is still ignored.
    expect(await connect(lan, '203.0.113.5', '10.1.2.3')).toBe(403);
  });
});
