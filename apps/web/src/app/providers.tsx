import { DEFAULT_THEME } from '@corridor/contract';
import { createTheme, MantineProvider } from '@mantine/core';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { errorStatus } from '../api/client.ts';
import { queryKeys } from '../api/queryKeys.ts';
import i18n from '../i18n/index.ts';
import { themeStorageManager, themeToColorScheme } from './colorScheme.ts';

const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  components: {
    // A closed dropdown stays out of the DOM, so its listbox does not share the field's label. A plain object,
    // not Combobox.extend(): that would put Combobox (and Popover, Input) into the shell's chunk.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

const colorSchemeManager = themeStorageManager();

/**
 * Any 401 may mean the session ended elsewhere (an administrator blocked the user, a device was deauthorized): the
 * session is checked again, and the signed-in guard sends a signed-out user to the login page. A 401 that only
 * means "not a member" (a group page) leaves the session as it is.
 */
const recheckSessionOn401 = (error: unknown) => {
  if (errorStatus(error) === 401) void queryClient.invalidateQueries({ queryKey: queryKeys.session });
};

const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: recheckSessionOn401 }),
  mutationCache: new MutationCache({ onError: recheckSessionOn401 }),
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: 1 },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider
          theme={theme}
          colorSchemeManager={colorSchemeManager}
          defaultColorScheme={themeToColorScheme(DEFAULT_THEME)}
        >
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
