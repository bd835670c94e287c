import { DEFAULT_THEME } from '@corridor/contract';
import { Combobox, createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import i18n from '../i18n/index.ts';
import { themeStorageManager, themeToColorScheme } from './colorScheme.ts';

const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  components: {
    // A closed dropdown stays out of the DOM, so its listbox does not share the field's label.
    Combobox: Combobox.extend({ defaultProps: { keepMounted: false } }),
  },
});

const colorSchemeManager = themeStorageManager();

const queryClient = new QueryClient({
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
          <Notifications />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
