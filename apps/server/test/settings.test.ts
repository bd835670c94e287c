/** Installation settings (spec 3 §3): administrators only, the SMTP password never answered in clear. */
import { DEFAULT_SETTINGS, SECRET_MASK } from '@corridor/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { API, createTestApp, setupAdmin, type TestApp } from './harness.ts';
import { addUser } from './workspace-helpers.ts';

let t: TestApp;
afterEach(() => t?.close());

const settings = (cookie: string | undefined, payload?: object) =>
  t.app.inject({ method: payload ? 'PUT' : 'GET', url: `${API}/corridor/settings`, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

describe('settings', () => {
  it('answers the defaults to administrators only; changes keep the stored password behind the mask', async () => {
    t = await createTestApp();
    expect((await settings(undefined)).statusCode).toBe(401);
    const cookie = await setupAdmin(t.app);
    const user = await addUser(t.app, cookie, 'mike');
    expect((await settings(user.cookie)).statusCode).toBe(403);
    expect((await settings(user.cookie, { emailSmtpServer: 'evil' })).statusCode).toBe(403);
    expect((await settings(cookie)).json()).toEqual(DEFAULT_SETTINGS);

    const saved = await settings(cookie, { emailSmtpServer: 'mail.example.org', emailSmtpAuthPW: 'pw-1', emailSmtpPort: 587 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...DEFAULT_SETTINGS, emailSmtpServer: 'mail.example.org', emailSmtpAuthPW: SECRET_MASK, emailSmtpPort: 587 });
    expect(saved.body).not.toContain('pw-1');

    // The form sends back what it was shown: the mask keeps the password.
    await settings(cookie, { emailSmtpAuthPW: SECRET_MASK, emailSenderAddress: 'corridor@example.org' });
    const stored = await t.database.db.query.settings.findFirst({ where: (s, { eq }) => eq(s.key, 'emailSmtpAuthPW') });
    expect(stored?.value).toBe('pw-1');
    expect((await settings(cookie)).json()).toMatchObject({ emailSenderAddress: 'corridor@example.org', emailSmtpAuthPW: SECRET_MASK });

    // An empty password clears it; the answer then shows no mask.
    expect((await settings(cookie, { emailSmtpAuthPW: '' })).json().emailSmtpAuthPW).toBe('');
    expect((await settings(cookie, { emailSmtpPort: 0 })).statusCode).toBe(400);
  });
});
