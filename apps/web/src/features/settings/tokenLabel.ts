import type { RunnerToken } from '@corridor/contract';

/** How a token is named where its secret may not be shown: its description, else its number. */
export function tokenLabel(token: Pick<RunnerToken, 'id' | 'description'>): string {
  return token.description.trim() || `#${token.id}`;
}
