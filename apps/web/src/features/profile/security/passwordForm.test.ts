import { describe, expect, it } from 'vitest';
import { canChangePassword } from './passwordForm.ts';

// Spec 1 §5's button rule with the one password minimum of issue 25 (6, what the server asks for).
describe('canChangePassword (spec 1 §5, issue 25)', () => {
  it.each([
    [{ oldPassword: 'old', newPassword: 'abcdef', repeat: 'abcdef' }, true],
    [{ oldPassword: '', newPassword: 'abcdef', repeat: 'abcdef' }, false],
    [{ oldPassword: 'old', newPassword: 'abcde', repeat: 'abcde' }, false],
    [{ oldPassword: 'old', newPassword: 'abcdef', repeat: 'abcdeg' }, false],
    [{ oldPassword: 'old', newPassword: '', repeat: '' }, false],
  ])('%o → %s', (form, expected) => expect(canChangePassword(form)).toBe(expected));
});
