import { describe, expect, it } from 'vitest';
import { smtpFailureHint, smtpFailureMessage, splitSmtpFailure } from './smtp-failure.ts';

const plain = { host: 'mail.example.org', port: 25, useSSL: false };
const ssl = { host: 'mail.example.org', port: 587, useSSL: true };

describe('SMTP test failures as hints (issue 26)', () => {
  it('names the setting to change for the common failures', () => {
    const cases: [string | undefined, string, typeof plain, RegExp][] = [
      ['ESOCKET', 'C0EC1F3C:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../deps/openssl/ssl/record/ssl3_record.c:354:', ssl, /does not speak SSL on port 587; turn off Use SSL .*port 465/],
      ['ESOCKET', 'connect ECONNREFUSED 127.0.0.1:25', plain, /^Nothing listens on mail\.example\.org:25/],
      ['EDNS', 'getaddrinfo ENOTFOUND mail.example.org', plain, /server name mail\.example\.org is unknown/],
      ['ETIMEDOUT', 'Connection timeout', plain, /did not answer in time/],
      ['EAUTH', 'Invalid login: 535 5.7.8 Authentication failed', plain, /refused the user name or password/],
      ['ESOCKET', 'self-signed certificate', ssl, /certificate is not trusted/],
      ['ESOCKET', 'self signed certificate in certificate chain', ssl, /certificate is not trusted/],
      ['EENVELOPE', '530 5.7.0 Must issue a STARTTLS command first', plain, /requires an encrypted connection/],
      ['ETIMEDOUT', 'Greeting never received', { ...plain, port: 465 }, /port 465 expects SSL .*turn on Use SSL/],
      ["ERR_TLS_CERT_ALTNAME_INVALID", "Hostname/IP does not match certificate's altnames", ssl, /not for mail\.example\.org/],
    ];
    for (const [code, message, attempt, hint] of cases) expect([message, smtpFailureHint({ code, message }, attempt)]).toEqual([message, expect.stringMatching(hint)]);
  });

  it('keeps the raw words after the hint, and alone when there is no hint', () => {
    const raw = 'ssl3_get_record:wrong version number';
    const message = smtpFailureMessage({ code: 'ESOCKET', message: raw }, ssl);
    expect(splitSmtpFailure(message)).toEqual({ hint: smtpFailureHint({ message: raw }, ssl), detail: raw });
    const other = smtpFailureMessage({ message: '552 Mailbox full' }, plain);
    expect(other).toBe('552 Mailbox full');
    expect(splitSmtpFailure(other)).toEqual({ hint: '552 Mailbox full', detail: null });
    expect(smtpFailureMessage({ message: ' ' }, plain)).toBe('The mail server did not accept the message.');
  });
});
