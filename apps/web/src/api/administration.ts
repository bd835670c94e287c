/**
 * The administration area's calls (spec 3 §2.10, §2.11, §2.15, §2.16, §7): accounts, groups, licences, and the
 * installation's settings and feature flags as administrators read and change them.
 */
import {
  AccountUser,
  BatchAnswer,
  type BatchRequest,
  Features,
  type FeaturesUpdate,
  Group,
  License,
  PRODUCT,
  Settings,
  type SettingsUpdate,
  UserGroup,
  UsersAnswer,
} from '@corridor/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, arrayOf } from './client.ts';
import { licensesApi } from './licenses.ts';
import { queryKeys } from './queryKeys.ts';

const admin = {
  users: ['admin', 'users'] as const,
  userGroups: (id: number) => ['admin', 'users', id, 'groups'] as const,
  userEmails: (id: number) => ['admin', 'users', id, 'emails'] as const,
  groups: ['admin', 'groups'] as const,
  licenses: ['admin', 'licenses'] as const,
  settings: ['admin', 'settings'] as const,
  features: ['admin', 'features'] as const,
};

/** Drops every cached answer of the area and the team pages (their members and names change with it). */
function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: ['admin'] });
    await queryClient.invalidateQueries({ queryKey: ['groups'] });
    await queryClient.invalidateQueries({ queryKey: queryKeys.session });
  };
}

// ---- accounts --------------------------------------------------------------------------------------------

export function useUsers() {
  return useQuery({ queryKey: admin.users, queryFn: () => api.get('/accounts/users', UsersAnswer) });
}

export function useAddUser() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (request: { username: string; password: string }) => api.post('/accounts/users', undefined, { json: request }),
    onSuccess: refresh,
  });
}

export function useSetUserState() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ users, state }: { users: number[]; state: BatchRequest['payload']['state'] }) =>
      api.post('/accounts/users/batch', BatchAnswer, { json: { users, action: 'setUserState', payload: { state } } satisfies BatchRequest }),
    onSuccess: refresh,
  });
}

export function useRenameUser(userId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (newUsername: string) => api.post(`/accounts/users/${userId}/username`, AccountUser, { json: { newUsername } }),
    onSuccess: refresh,
  });
}

/** An administrator overwrites the password: no old password (the profile's route, spec 3 §7). */
export function useOverwritePassword(userId: number) {
  return useMutation({
    mutationFn: (newPW: string) => api.post(`/accounts/users/${userId}/password`, undefined, { json: { newPW } }),
  });
}

export function useUserGroups(userId: number) {
  return useQuery({ queryKey: admin.userGroups(userId), queryFn: () => api.get(`/accounts/users/${userId}/groups`, arrayOf(UserGroup)) });
}

/** Spec 3 §3 "User email" (the emails routes are the profile's; administrators may call them for anyone). */
const UserEmailEntry = z.object({ id: z.number().int(), email: z.string(), verified: z.boolean() });
export type UserEmailEntry = z.infer<typeof UserEmailEntry>;

export function useUserEmails(userId: number) {
  return useQuery({ queryKey: admin.userEmails(userId), queryFn: () => api.get(`/accounts/users/${userId}/emails`, arrayOf(UserEmailEntry)) });
}

export function useAddUserEmail(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.post(`/accounts/users/${userId}/emails`, undefined, { json: { email } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: admin.userEmails(userId) }),
  });
}

export function useDeleteUserEmail(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailId: number) => api.delete(`/accounts/users/${userId}/emails/${emailId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: admin.userEmails(userId) }),
  });
}

// ---- groups ----------------------------------------------------------------------------------------------

export function useGroups() {
  return useQuery({ queryKey: admin.groups, queryFn: () => api.get('/accounts/groups', arrayOf(Group)) });
}

export function useCreateTeam() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (name: string) => api.post('/accounts/groups', Group, { json: { name } }), onSuccess: refresh });
}

/** Rename, add, remove, role: each answers the group as it is now. */
export function useGroupChange(groupId: number) {
  const refresh = useRefresh();
  const change = (path: string, json?: unknown, method: 'post' | 'delete' = 'post') =>
    method === 'post' ? api.post(`/accounts/groups/${groupId}${path}`, Group, { json }) : api.delete(`/accounts/groups/${groupId}${path}`, Group);
  return {
    rename: useMutation({ mutationFn: (newGroupname: string) => change('/name', { newGroupname }), onSuccess: refresh }),
    add: useMutation({ mutationFn: (username: string) => change('/users/', { username }), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (userId: number) => change(`/users/${userId}`, undefined, 'delete'), onSuccess: refresh }),
    setRole: useMutation({
      mutationFn: ({ userId, role }: { userId: number; role: 'owner' | 'member' }) => change(`/users/${userId}/role`, { role }),
      onSuccess: refresh,
    }),
  };
}

// ---- licences --------------------------------------------------------------------------------------------

const licensesPath = `/${PRODUCT}/licenses`;

export function useLicenses() {
  return useQuery({ queryKey: admin.licenses, queryFn: () => api.get(licensesPath, arrayOf(License)) });
}

export function useLicenseChanges() {
  const refresh = useRefresh();
  return {
    /** A key (checked first by the page) or a licence file. */
    add: useMutation({
      mutationFn: (source: string | File) => (typeof source === 'string' ? licensesApi.addKey(source) : licensesApi.addFile(source)),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (key: string) => api.delete(licensesPath, undefined, { query: { key } }), onSuccess: refresh }),
    refresh: useMutation({ mutationFn: (key: string) => api.post(`${licensesPath}/refresh`, License, { query: { key } }), onSuccess: refresh }),
  };
}

// ---- settings and feature flags --------------------------------------------------------------------------

export function useAdminSettings() {
  return useQuery({ queryKey: admin.settings, queryFn: () => api.get(`/${PRODUCT}/settings`, Settings) });
}

export function useAdminFeatures() {
  return useQuery({ queryKey: admin.features, queryFn: () => api.get(`/${PRODUCT}/features`, Features) });
}

export const saveSettings = (update: SettingsUpdate) => api.put(`/${PRODUCT}/settings`, Settings, { json: update });
export const saveFeatures = (update: FeaturesUpdate) => api.put(`/${PRODUCT}/features`, Features, { json: update });

/** After a save: the admin copies and the app's enabled flags are read again. */
export function useRefreshSettings() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: admin.settings });
    await queryClient.invalidateQueries({ queryKey: admin.features });
    await queryClient.invalidateQueries({ queryKey: queryKeys.featuresEnabled });
  };
}
