import { PROFILE_PASSWORD_MIN } from '@corridor/contract';

export interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  repeat: string;
}

export const EMPTY_PASSWORD_FORM: PasswordForm = { oldPassword: '', newPassword: '', repeat: '' };

/** Spec 1 §5: old non-empty, new equal to repeat, new at least 3 characters. The server has its own minimum. */
export function canChangePassword(form: PasswordForm): boolean {
  return form.oldPassword !== '' && form.newPassword === form.repeat && [...form.newPassword].length >= PROFILE_PASSWORD_MIN;
}
