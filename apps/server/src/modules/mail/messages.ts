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
