/**
 * What the route error boundary (RouteError.tsx) says about an error that reached it: which of the spec's texts
 * (spec 1 §2.7: "Sorry, nope...", "Oops...", "We're sorry...") and whether a part of the app failed to load.
 */
import { isRouteErrorResponse } from 'react-router';
import { errorStatus } from '../api/client.ts';

export type RouteErrorKind = 'unauthorized' | 'notFound' | 'error';

/**
 * A lazily loaded part of the app (a page's chunk or one it needs) could not be fetched: after a deploy the old
 * chunk names are gone, or the connection dropped. Browsers word it differently; Vite adds its own for styles.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : typeof error === 'string' ? error : '';
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading (CSS )?chunk \S+ failed/i.test(message);
}

/** The spec text for the error: 401/403 answers are "not authorized", 404 "does not exist", anything else the generic one. */
export function routeErrorKind(error: unknown): RouteErrorKind {
  const status = isRouteErrorResponse(error) ? error.status : errorStatus(error);
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'notFound';
  return 'error';
}

/** A line for the details: the error's own message, never a stack. */
export function errorDetails(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}
