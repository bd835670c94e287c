import { DEFAULT_THEME } from '@corridor/contract';
import { createTheme, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
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
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
