import { describe, it } from 'vitest';
import { expectSameKeys, expectSamePlaceholders } from '../../../i18n/catalogueCheck.ts';
import { configChecksCatalogues } from './index.ts';

describe('the config editor checks catalogue', () => {
  it('has the same keys in en and de', () => expectSameKeys(configChecksCatalogues.en, configChecksCatalogues.de));
  it('uses the same placeholders and no empty texts', () => expectSamePlaceholders(configChecksCatalogues.en, configChecksCatalogues.de));
});
