/** The mails Corridor sends, in plain English text (pure). */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

const SIGNATURE = '\n\n-- \nCorridor\n';

export function testMessage(to: string): MailMessage {
  return {
    to,
    subject: 'Corridor: test message',
    text: `This is a test message from Corridor. The mail settings work.${SIGNATURE}`,
  };
}

export function verifyEmailMessage(to: string, username: string, link: string, validDays: number): MailMessage {
  return {
    to,
    subject: 'Corridor: please verify your email address',
    text:
      `Hello ${username},\n\nplease confirm that this address belongs to your Corridor account by opening this link:\n\n${link}\n\n` +
      `The link works once and expires in ${validDays} days. If you did not add this address, you can ignore this message.${SIGNATURE}`,
  };
}

export function resetPasswordMessage(to: string, username: string, link: string, validHours: number): MailMessage {
  return {
    to,
    subject: 'Corridor: set a new password',
    text:
      `Hello ${username},\n\nsomeone (hopefully you) asked to reset the password of your Corridor account "${username}". ` +
      `To choose a new password, open this link:\n\n${link}\n\n` +
      `The link works once and expires in ${validHours === 1 ? '1 hour' : `${validHours} hours`}. ` +
      `If you did not ask for this, ignore this message: your password stays as it is.${SIGNATURE}`,
  };
}

export function welcomeMessage(to: string, username: string, link: string, validDays: number, awaitingAuthorization: boolean): MailMessage {
  const activation = awaitingAuthorization
    ? '\n\nAn administrator still has to activate your account. You can set your password now; signing in works once the account is activated.'
    : '';
  return {
    to,
    subject: 'Corridor: set your password',
    text:
      `Hello ${username},\n\nwelcome to Corridor. To finish signing up, choose your password by opening this link:\n\n${link}\n\n` +
      `The link works once and expires in ${validDays} days.${activation}\n\nIf you did not sign up, you can ignore this message.${SIGNATURE}`,
  };
}

/** To the addresses verified before: someone added an address to the account (issue 23: an unnoticed takeover starts so). */
export function addressAddedMessage(to: string, username: string, added: string, byAdministrator: boolean): MailMessage {
  const who = byAdministrator ? 'An administrator added' : 'Someone signed in as you added';
  return {
    to,
    subject: 'Corridor: an email address was added to your account',
    text:
      `Hello ${username},\n\n${who} the email address ${added} to your Corridor account "${username}". ` +
      `Once verified, that address can receive links to set a new password.\n\n` +
      `If you did not expect this, sign in, delete the address under My Profile > Emails and change your password.${SIGNATURE}`,
  };
}

/** To the addresses verified before: the account's password changed; its other devices are signed out, its API keys deleted. */
export function passwordChangedMessage(to: string, username: string, how: 'own' | 'administrator' | 'link'): MailMessage {
  const what = {
    own: 'was changed from a signed-in device',
    administrator: 'was set by an administrator',
    link: 'was set through a link mailed to one of your addresses',
  }[how];
  return {
    to,
    subject: 'Corridor: your password was changed',
    text:
      `Hello ${username},\n\nthe password of your Corridor account "${username}" ${what}. ` +
      `Your other devices were signed out and your API keys were deleted; create new keys for your scripts under My Profile.\n\n` +
      `If you did not do this, use "Forgot password" on the sign-in page to set a new password, or ask an administrator.${SIGNATURE}`,
  };
}
