/**
 * Mail calls (spec 1 §7.1, spec 3 §7): a user's e-mail addresses, the public one-time link flows (forgot password,
 * verify an address, set a password) and the administrators' SMTP test.
 */
import {
  OkAnswer,
  PRODUCT,
  SetPasswordAnswer,
  type SettingsUpdate,
  UserEmail,
  VerifyEmailAnswer,
} from '@corridor/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, arrayOf } from './client.ts';
import { queryKeys } from './queryKeys.ts';

const emailsKey = (userId: number) => ['emails', userId] as const;
const emailsPath = (userId: number) => `/accounts/users/${userId}/emails`;

export function useEmails(userId: number) {
  return useQuery({ queryKey: emailsKey(userId), queryFn: () => api.get(emailsPath(userId), arrayOf(UserEmail)) });
}

/** Add, delete and "Verify now!" for one user's addresses; the list is read again after each. */
export function useEmailActions(userId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: emailsKey(userId) });
  return {
    add: useMutation({ mutationFn: (email: string) => api.post(emailsPath(userId), UserEmail, { json: { email } }), onSuccess }),
    remove: useMutation({ mutationFn: (id: number) => api.delete(`${emailsPath(userId)}/${id}`, OkAnswer), onSuccess }),
    verify: useMutation({ mutationFn: (id: number) => api.post(`${emailsPath(userId)}/${id}/verify`, OkAnswer) }),
  };
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => api.post('/accounts/forgot-password', OkAnswer, { json: { email } }) });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: (token: string) => api.post('/accounts/verify-email', VerifyEmailAnswer, { json: { token } }) });
}

/** Setting a password signs out every device, this one too: the session is checked again afterwards. */
export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => api.post('/accounts/set-password', SetPasswordAnswer, { json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}

export function useTestSmtp() {
  return useMutation({
    mutationFn: (body: { email: string; settings: SettingsUpdate }) => api.post(`/${PRODUCT}/testsmtp`, OkAnswer, { json: body }),
  });
}
