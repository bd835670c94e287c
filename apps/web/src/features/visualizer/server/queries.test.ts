import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../api/client.ts';
import { retryWhileNotReady } from './queries.ts';

describe('network calls of a run not processed yet', () => {
  test('are asked again on 409 only', () => {
    expect(retryWhileNotReady(0, new ApiError(409, 'not processed yet', null))).toBe(true);
    expect(retryWhileNotReady(0, new ApiError(404, 'gone', null))).toBe(false);
    expect(retryWhileNotReady(0, new Error('network down'))).toBe(false);
    expect(retryWhileNotReady(1000, new ApiError(409, 'still not', null))).toBe(false);
  });
});
