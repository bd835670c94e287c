/** My Profile's security calls (spec 1 §7.1): devices, password change, API keys of the signed-in user. */
import { ApiKey, CreatedApiKey, Device, OkAnswer, type ChangePasswordRequest, type Language } from '@corridor/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, arrayOf } from './client.ts';
import { sessionQuery, type Session } from './session.ts';

const keys = {
  devices: (userId: number) => ['profile', userId, 'devices'] as const,
  apiKeys: (userId: number) => ['profile', userId, 'apikeys'] as const,
};
const userPath = (userId: number) => `/accounts/users/${userId}`;

export function useDevices(userId: number) {
  return useQuery({ queryKey: keys.devices(userId), queryFn: () => api.get(`${userPath(userId)}/logintokens`, arrayOf(Device)) });
}

export function useDeauthorizeDevice(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.delete(`${userPath(userId)}/logintokens/${encodeURIComponent(token)}`, OkAnswer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.devices(userId) }),
  });
}

/** Own password (with oldPW); the server signs the user's other devices out, so the list is read again. */
export function useChangePassword(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ChangePasswordRequest) => api.post(`${userPath(userId)}/password`, OkAnswer, { json: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.devices(userId) }),
  });
}

export function useApiKeys(userId: number) {
  return useQuery({ queryKey: keys.apiKeys(userId), queryFn: () => api.get(`${userPath(userId)}/apikeys`, arrayOf(ApiKey)) });
}

/** Answers the new key with its full text in `data` (shown once). */
export function useCreateApiKey(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (description: string) => (await api.post(`${userPath(userId)}/apikeys`, CreatedApiKey, { json: { description } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.apiKeys(userId) }),
  });
}

export function useDeleteApiKey(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apikey: string) => api.delete(`${userPath(userId)}/apikeys/${encodeURIComponent(apikey)}`, OkAnswer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.apiKeys(userId) }),
  });
}

/** The user's language, kept with the account (issue 25); the session in the cache answers it from then on. */
export function useSaveLanguage(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (language: Language) => api.put(`${userPath(userId)}/appearance`, OkAnswer, { json: { language } }),
    onSuccess: (_answer, language) =>
      queryClient.setQueryData<Session>(sessionQuery.queryKey, (session) =>
        session?.status === 'signedIn' ? { ...session, user: { ...session.user, language } } : session,
      ),
  });
}
