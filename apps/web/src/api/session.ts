import { type LoginRequest, SessionUser, type SetupRequest, OkAnswer } from '@corridor/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applyUserLanguage } from '../i18n/index.ts';
import { api, errorStatus } from './client.ts';
import { queryKeys } from './queryKeys.ts';

/** What the session check (GET /accounts/validate) said. */
export type Session =
  | { status: 'setup' } // 400: no administrator yet, first-time setup
  | { status: 'signedOut' } // 401 or any other failure
  | { status: 'signedIn'; user: SessionUser };

export const SIGNED_OUT: Session = { status: 'signedOut' };

async function validateSession(): Promise<Session> {
  try {
    const user = await api.get('/accounts/validate', SessionUser);
    // The signed-in pages wait for the session: they paint in the user's language from the start (issue 25).
    await applyUserLanguage(user.language);
    return { status: 'signedIn', user };
  } catch (error) {
    return errorStatus(error) === 400 ? { status: 'setup' } : SIGNED_OUT;
  }
}

export const sessionQuery = queryOptions({
  queryKey: queryKeys.session,
  queryFn: validateSession,
  // The session only changes through sign-in, sign-out and setup, which update it themselves.
  staleTime: Infinity,
  retry: false,
});

export function useSession() {
  return useQuery(sessionQuery);
}

/** The signed-in user; only for components below the signed-in guard. */
export function useSessionUser(): SessionUser {
  const { data } = useSession();
  if (data?.status !== 'signedIn') throw new Error('useSessionUser outside the signed-in area');
  return data.user;
}

/** Stores a freshly signed-in user (answer of login or setup) as the session. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return (user: SessionUser) => {
    const session: Session = { status: 'signedIn', user };
    void applyUserLanguage(user.language);
    queryClient.setQueryData(sessionQuery.queryKey, session);
  };
}

export function useLogin() {
  const signIn = useSignIn();
  return useMutation({
    mutationFn: (request: LoginRequest) => api.post('/accounts/login', SessionUser, { json: request }),
    onSuccess: signIn,
  });
}

/** Creates the first administrator and signs them in (setup wizard; it sequences the call itself). */
export function setupAccount(request: SetupRequest): Promise<SessionUser> {
  return api.post('/accounts/setup', SessionUser, { json: request });
}

/** Signs out; whether the call succeeds or not, the session and all cached user data are dropped. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.get('/accounts/logout', OkAnswer),
    onSettled: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });
      queryClient.setQueryData(sessionQuery.queryKey, SIGNED_OUT);
    },
  });
}
