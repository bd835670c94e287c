import { describe, expect, it } from 'vitest';
import { canChangePassword } from './passwordForm.ts';

describe('canChangePassword (spec 1 §5)', () => {
  it.each([
    [{ oldPassword: 'old', newPassword: 'abc', repeat: 'abc' }, true],
    [{ oldPassword: '', newPassword: 'abc', repeat: 'abc' }, false],
    [{ oldPassword: 'old', newPassword: 'ab', repeat: 'ab' }, false],
    [{ oldPassword: 'old', newPassword: 'abcd', repeat: 'abce' }, false],
    [{ oldPassword: 'old', newPassword: '', repeat: '' }, false],
  ])('%o → %s', (form, expected) => expect(canChangePassword(form)).toBe(expected));
});
