import { DEFAULT_SETTINGS, SECRET_MASK } from '@corridor/contract';
import { describe, expect, it } from 'vitest';
import { smtpForm, smtpUpdate } from './smtpForm.ts';

describe('SMTP settings form', () => {
  it('starts from the defaults of spec 3 §9 (port 465, SSL and authentication on) and never shows the password', () => {
    const form = smtpForm({ ...DEFAULT_SETTINGS, emailSmtpAuthPW: SECRET_MASK });
    expect(form).toMatchObject({ port: 465, useSsl: true, useAuth: true, password: '' });
  });

  it('sends the mask for an untouched stored password, a typed one as it is, and nothing to keep when none is stored', () => {
    const form = { ...smtpForm(DEFAULT_SETTINGS), sender: ' corridor@example.org ', server: 'mail.example.org' };
    expect(smtpUpdate(form, true)).toMatchObject({ emailSenderAddress: 'corridor@example.org', emailSmtpAuthPW: SECRET_MASK });
    expect(smtpUpdate({ ...form, password: 'new secret' }, true).emailSmtpAuthPW).toBe('new secret');
    expect(smtpUpdate(form, false).emailSmtpAuthPW).toBe('');
  });
});
