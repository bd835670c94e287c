import type { TFunction } from 'i18next';
import { errorStatus } from '../../../api/client.ts';

/**
 * The Groups page's words for a refused name (issue 25): the server's messages speak of teams (the profile's word),
 * this page of groups, so a name that is taken (409) or breaks the rule (400) is said here; anything else keeps the
 * server's reason after the page's own sentence.
 */
export function groupNameError(t: TFunction<'administration'>, failed: string, error: Error, name: string): string {
  const status = errorStatus(error);
  if (status === 409) return `${failed} ${t('groups.nameTaken', { name })}`;
  if (status === 400) return `${failed} ${t('groups.nameRule')}`;
  if (status === 0) return `${failed} ${t('groups.unreachable')}`;
  return `${failed} ${error.message}`;
}
