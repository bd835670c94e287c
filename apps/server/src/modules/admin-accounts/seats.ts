/** The licence's user limit applied: adding or activating users beyond it is refused (setup is exempt). */
import { conflict } from '../../shared/errors.ts';
import type { LicensesRepository } from '../licenses/repository.ts';
import { userLimit, userLimitRefusal } from '../licenses/user-limit.ts';
import type { AdminAccountsRepository } from './repository.ts';

export class UserSeats {
  constructor(
    private readonly licenses: LicensesRepository,
    private readonly accounts: AdminAccountsRepository,
  ) {}

  /** Throws 409 when `adding` more active users would go beyond the stored licences' limit. */
  async assertRoom(adding = 1): Promise<void> {
    const refusal = await this.refusal(adding);
    if (refusal) throw conflict(refusal);
  }

  async hasRoom(adding = 1): Promise<boolean> {
    return (await this.refusal(adding)) === null;
  }

  private async refusal(adding: number): Promise<string | null> {
    const limit = userLimit((await this.licenses.list()).map((row) => row.payload));
    return limit === null ? null : userLimitRefusal(limit, await this.accounts.countActive(), adding);
  }
}
