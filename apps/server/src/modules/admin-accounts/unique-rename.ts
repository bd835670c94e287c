/** A rename within the one namespace of usernames, team names and top-level pages (`/{group}` addresses). */
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict } from '../../shared/errors.ts';
import type { AccountsRepository } from '../accounts/repository.ts';

/** Runs `rename` unless another user, team or page has `name` (409 `takenMessage`); a change of case only is allowed. */
export async function renameUnique(accounts: AccountsRepository, current: string, name: string, takenMessage: string, rename: () => Promise<void>): Promise<void> {
  const sameName = current.toLowerCase() === name.toLowerCase();
  if (!sameName && (await accounts.isNameTaken(name))) throw conflict(takenMessage);
  try {
    await rename();
  } catch (err) {
    // Someone took the name between the check and the update.
    if (isUniqueViolation(err)) throw conflict(takenMessage);
    throw err;
  }
}
