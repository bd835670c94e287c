/**
 * Texts of the mail flows: namespace `mail`, loaded with the chunks that use it (the public account-link pages, the
 * profile's Emails section, the SMTP settings page); catalogues.test.ts checks en/de parity.
 */
import i18n from '../../../i18n/index.ts';
import de from './de.json';
import en from './en.json';

export const MAIL_NS = 'mail';
export const mailCatalogues = { en, de };

for (const [language, catalogue] of Object.entries(mailCatalogues)) {
  i18n.addResourceBundle(language, MAIL_NS, catalogue, true, true);
}
