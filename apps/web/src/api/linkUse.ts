/** POST /datasets/files/{id}/link-use: which of some links a population/plans file uses (issue 24, map editor). */
import { LinkUseAnswer, type LinkUseLink } from '@corridor/contract';
import { api } from './client.ts';

/** The first call on a file waits while its index is built; an empty list only builds it. */
export function fetchLinkUse(fileId: number, links: readonly LinkUseLink[], signal?: AbortSignal): Promise<LinkUseAnswer> {
  return api.post(`/datasets/files/${fileId}/link-use`, LinkUseAnswer, { json: { links }, signal });
}
