/**
 * The chart messages of spec 3 §5 and §8, as keys of the `dashboards` namespace (area `chart`, `messages.*`): the
 * model stays free of i18n, the view translates. The English texts are the spec's, to the letter.
 */
import { ApiError } from '../../../../api/client.ts';

export type ChartMessageKey =
  | 'pieNeedsValues'
  | 'pieTooManyClasses'
  | 'scatterNeedsAxes'
  | 'scatterTooManyClasses'
  | 'oneMeasure'
  | 'needsMeasure'
  | 'needsColumns'
  | 'numbersOnly'
  | 'notLarger'
  | 'invalidConfig'
  | 'noOption'
  | 'serverFailed';

export interface ChartMessage {
  key: ChartMessageKey;
  params?: Record<string, string | number>;
}

/** A failed request's message, or null for an aborted one (a newer request replaced it: nothing to show). */
export function requestErrorMessage(error: unknown): ChartMessage | string | null {
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  if (error instanceof Error && error.name === 'AbortError') return null;
  if (error instanceof ApiError) return error.status === 500 ? { key: 'serverFailed' } : error.message;
  return error instanceof Error ? error.message : String(error);
}
