/**
 * GET /editor/map-style: the map editor's style URLs from MAP_STYLE_URL_LIGHT / MAP_STYLE_URL_DARK for signed-in
 * users; unset, both are null (a plain background, offline). Set, their origins join the security policy's
 * connect-src and img-src so MapLibre may fetch the style, tiles, glyphs and sprites.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';

const LIGHT = 'https://tiles.example.org/styles/positron/style.json';
const DARK = 'https://dark.example.net:8443/styles/dark.json?key=abc';

let plain: TestApp;
let styled: TestApp;
let plainCookie: string;
let styledCookie: string;

beforeAll(async () => {
  plain = await createTestApp();
  styled = await createTestApp({ env: { MAP_STYLE_URL_LIGHT: LIGHT, MAP_STYLE_URL_DARK: DARK } });
  plainCookie = await setupAdmin(plain.app);
  styledCookie = await setupAdmin(styled.app);
});
afterAll(async () => {
  await plain?.close();
  await styled?.close();
});

const mapStyle = (t: TestApp, cookie?: string) => t.app.inject({ url: `${API}/editor/map-style`, headers: cookie ? { cookie } : {} });

describe('GET /editor/map-style', () => {
  it('answers null for both themes when nothing is configured, and keeps the policy to self', async () => {
    const response = await mapStyle(plain, plainCookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ light: null, dark: null });
    expect(response.headers['content-security-policy']).toContain("connect-src 'self';");
  });

  it('answers the configured URLs and allows their origins in connect-src and img-src', async () => {
    const response = await mapStyle(styled, styledCookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ light: LIGHT, dark: DARK });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("connect-src 'self' https://tiles.example.org https://dark.example.net:8443;");
    expect(policy).toContain("img-src 'self' data: blob: https://tiles.example.org https://dark.example.net:8443;");
  });

  it('is 401 signed out', async () => {
    expect((await mapStyle(styled)).statusCode).toBe(401);
  });

  it('refuses a style address that is not http(s) at start', () => {
    expect(() => loadConfig({ MAP_STYLE_URL_DARK: 'javascript:alert(1)' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAP_STYLE_URL_LIGHT: 'not a url' })).toThrow(/MAP_STYLE_URL_LIGHT/);
  });
});
