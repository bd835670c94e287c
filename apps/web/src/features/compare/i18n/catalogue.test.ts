import { describe, it } from 'vitest';
import { expectSameKeys, expectSamePlaceholders } from '../../../i18n/catalogueCheck.ts';
import { compareResultsCatalogues } from './index.ts';

describe('translation catalogue compareResults', () => {
  it('has the same keys in en and de', () => expectSameKeys(compareResultsCatalogues.en, compareResultsCatalogues.de));
  it('uses the same placeholders and no empty texts', () => expectSamePlaceholders(compareResultsCatalogues.en, compareResultsCatalogues.de));
});
