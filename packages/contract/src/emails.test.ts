import { describe, expect, it } from 'vitest';
import { isEmailAddress } from './emails.ts';

describe('isEmailAddress: exactly one plain mailbox (issue 23 finding 9)', () => {
  it.each(['mike@example.org', 'o.brien+tag@lab.example.org', "o'brien@example.org", 'root@localhost', 'jürgen@jõgeva.ee', 'a_b-c=d@x-y.example'])(
    'accepts %s',
    (address) => expect(isEmailAddress(address)).toBe(true),
  );

  it.each([
    'bcc,victim@x.example',
    'me@x.example,victim@x.example',
    'me@x.example;victim@x.example',
    '<victim@x.example>',
    'Victim <victim@x.example>',
    '"victim"@x.example',
    'victim@x.example (comment)',
    'victim(comment)@x.example',
    'group:victim@x.example',
    'victim@[127.0.0.1]',
    'vic\\tim@x.example',
    'victim@x.example@evil.example',
    'vic tim@x.example',
    'victim@x.example\n',
    'victim\u202e@x.example',
    'victim@x..example',
    'victim@.example',
    'victim@x.example.',
    '@x.example',
    'victim@',
    'victim',
    `${'a'.repeat(250)}@x.org`,
  ])('refuses %j', (address) => expect(isEmailAddress(address)).toBe(false));
});
