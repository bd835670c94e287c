/**
 * Notices to a user's verified addresses when their account changes in a way a thief would change it (issue 23
 * finding 1): an address added, the password changed. The recipients are read before the change, so a notice never
 * goes to an address the change itself adds or verifies. Sent in the background like the other account mails; without
 * mail settings nothing is sent.
 */
import { addressAddedMessage, passwordChangedMessage, type MailMessage } from '../mail/messages.ts';
import type { MailService } from '../mail/service.ts';
import type { AccountMailRepository } from './repository.ts';

/** The notices of one change, to the addresses verified when it started. */
export interface PendingNotices {
  addressAdded(address: string, byAdministrator: boolean): void;
  passwordChanged(how: 'own' | 'administrator' | 'link'): void;
}

export class AccountNotices {
  constructor(
    private readonly repository: AccountMailRepository,
    private readonly mail: MailService,
  ) {}

  /** Call before the change: the user's verified addresses now are the notices' recipients. */
  async before(userId: number): Promise<PendingNotices> {
    const username = (await this.repository.findUser(userId))?.username;
    const recipients = username === undefined ? [] : await this.repository.verifiedAddresses(userId);
    const send = (what: string, message: (to: string, username: string) => MailMessage) => {
      for (const to of recipients) this.mail.noticeLater(message(to, username!), what);
    };
    return {
      addressAdded: (address, byAdministrator) => send('address added', (to, username) => addressAddedMessage(to, username, address, byAdministrator)),
      passwordChanged: (how) => send('password changed', (to, username) => passwordChangedMessage(to, username, how)),
    };
  }
}
