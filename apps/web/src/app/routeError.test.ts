import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { errorDetails, isChunkLoadError, routeErrorKind } from './routeError.ts';

describe('route errors', () => {
  it('recognises a chunk that failed to load, as each browser words it', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/pages-1a2b.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it('picks the spec text by the answer status', () => {
    expect(routeErrorKind(new ApiError(401, 'signed out', null))).toBe('unauthorized');
    expect(routeErrorKind(new ApiError(403, 'no', null))).toBe('unauthorized');
    expect(routeErrorKind(new ApiError(404, 'gone', null))).toBe('notFound');
    expect(routeErrorKind(new ApiError(500, 'boom', null))).toBe('error');
    expect(routeErrorKind(new RangeError('Invalid LngLat latitude value'))).toBe('error');
  });

  it('shows the message, not the stack', () => {
    expect(errorDetails(new Error('Invalid LngLat latitude value: must be between -90 and 90'))).toBe('Invalid LngLat latitude value: must be between -90 and 90');
    expect(errorDetails('plain')).toBe('plain');
    expect(errorDetails(42)).toBe('');
  });
});
