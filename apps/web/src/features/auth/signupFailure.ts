import { SignupAnswer } from '@corridor/contract';
import { ApiError } from '../../api/client.ts';

/** Which fields the server rejected, read from a failed signup (400 carries SignupAnswer flags). */
export function signupFailureFlags(error: unknown): { invalidUsername: boolean; invalidEmail: boolean } {
  const answer = error instanceof ApiError ? SignupAnswer.safeParse(error.body) : undefined;
  return {
    invalidUsername: answer?.success === true && answer.data.invalidUsername,
    invalidEmail: answer?.success === true && answer.data.invalidEmail,
  };
}
