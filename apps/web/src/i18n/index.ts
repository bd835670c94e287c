import { LANGUAGES, type Language } from '@corridor/contract';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Each catalogue is its own chunk: the first page loads the active language only, a language chosen later on the
 * profile page loads when it is chosen. Both catalogues have the same keys (catalogues.test.ts), so there is no
 * fallback language to load as well.
 */
const catalogues: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  en: () => import('./en.json'),
  de: () => import('./de.json'),
};

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    if (!isLanguage(language)) return callback(null, {});
    catalogues[language]().then(
      (catalogue) => callback(null, catalogue.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Before sign-in the language comes from the browser. A signed-in user's choice is kept with the account (issue 25):
 * the session check answers it and `applyUserLanguage` switches before the signed-in pages first paint. Local storage
 * may hold just theme, navigation state and editor level (spec 1 §9), so it holds no language. Unit tests run outside
 * a browser: English.
 */
function browserLanguage(): Language {
  if (typeof navigator === 'undefined') return 'en';
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = tag.split('-')[0]?.toLowerCase() ?? '';
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/**
 * Switches to the language the user chose (kept with the account); none chosen leaves the current one. Resolves once
 * its catalogue is loaded, so what renders next is in that language.
 */
export async function applyUserLanguage(language: Language | null): Promise<void> {
  if (language && language !== currentLanguage()) await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : 'en';
}

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

/** Resolves once the active language's catalogue is loaded; main.tsx renders nothing before. */
export const i18nReady = i18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    lng: browserLanguage(),
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    interpolation: { escapeValue: false }, // React escapes already
  });

export default i18n;
