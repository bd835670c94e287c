import { describe, expect, it } from 'vitest';
import de from '../i18n/de.json';
import en from '../i18n/en.json';
import i18n, { i18nReady } from '../i18n/index.ts';
import { answerError } from './client.ts';

describe('error answers', () => {
  it("show the server's text as it is", async () => {
    await i18nReady;
    expect(answerError(400, { message: 'Name taken' }).message).toBe('Name taken');
    expect(answerError(413, 'File too large').message).toBe('File too large');
  });

  it('without a server text, name the status in the user language instead of the HTTP status text', async () => {
    await i18nReady;
    const error = answerError(502, undefined);
    expect(error.status).toBe(502);
    expect(error.message).toBe(en.common.serverStatus.replace('{{status}}', '502'));
    await i18n.changeLanguage('de');
    try {
      expect(answerError(404, '  ').message).toBe(de.common.serverStatus.replace('{{status}}', '404'));
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
