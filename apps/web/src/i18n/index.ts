import { LANGUAGES, type Language } from '@corridor/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from './de.json';
import en from './en.json';

export const resources = {
  en: { translation: en },
  de: { translation: de },
} as const;

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language comes from the browser and lives in memory only: local storage may hold just
 * theme, navigation state and editor level (spec 1 §9).
 */
function browserLanguage(): Language {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = tag.split('-')[0]?.toLowerCase() ?? '';
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : 'en';
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

void i18n.use(initReactI18next).init({
  resources,
  lng: browserLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false }, // React escapes already
  initAsync: false,
});

export default i18n;
