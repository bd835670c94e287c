import { describe, it } from 'vitest';
import { expectSameKeys, expectSamePlaceholders } from '../../../i18n/catalogueCheck.ts';
import { metricsCatalogues } from '../../metrics/i18n/index.ts';
import { sysinfoCatalogues } from '../../settings/sysinfo/i18n/index.ts';
import { helpCatalogues } from './index.ts';

// The monitoring pages' namespaces (help, System Information, Metrics Dashboard), checked like the app catalogue.
describe.each(Object.entries({ help: helpCatalogues, sysinfo: sysinfoCatalogues, metrics: metricsCatalogues }))('translation catalogue %s', (_name, { en, de }) => {
  it('has the same keys in en and de', () => expectSameKeys(en, de));
  it('uses the same placeholders and no empty texts', () => expectSamePlaceholders(en, de));
});
