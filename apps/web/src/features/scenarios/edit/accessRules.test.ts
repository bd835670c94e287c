import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client.ts';
import { addErrorText, mayGrantAccess, removeErrorText } from './accessRules.ts';

const entries = [
  { userId: 1, accessType: 'OWNER' as const },
  { userId: 2, accessType: 'USER' as const },
];

describe('mayGrantAccess', () => {
  it('is the owner and administrators only, as the server decides', () => {
    expect(mayGrantAccess({ userId: 1, roles: [] }, entries)).toBe(true);
    expect(mayGrantAccess({ userId: 2, roles: [] }, entries)).toBe(false);
    expect(mayGrantAccess({ userId: 3, roles: [] }, entries)).toBe(false);
    expect(mayGrantAccess({ userId: 3, roles: ['admin'] }, entries)).toBe(true);
  });
});

describe('access error texts', () => {
  const spec = 'The user could not be added, make sure you typed the username correct.';
  it("keeps the spec's text for an unknown username and a lost connection, else the server's reason", () => {
    expect(addErrorText(new ApiError(404, 'The user could not be found.', null), spec)).toBe(spec);
    expect(addErrorText(new ApiError(0, 'offline', null), spec)).toBe(spec);
    expect(addErrorText(new Error('x'), spec)).toBe(spec);
    expect(addErrorText(new ApiError(403, "Only the scenario's owner can change who has access.", null), spec)).toBe(
      "Only the scenario's owner can change who has access.",
    );
  });
  it("adds the server's reason to a failed remove", () => {
    expect(removeErrorText(new ApiError(400, "The owner's access cannot be removed.", null), 'The user could not be removed.')).toBe(
      "The user could not be removed. The owner's access cannot be removed.",
    );
  });
});
