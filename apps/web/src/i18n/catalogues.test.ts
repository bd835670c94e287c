import { describe, it } from 'vitest';
import { dashboardsCatalogues } from '../features/dashboards/i18n/index.ts';
import { editorCatalogues } from '../features/map-editor/i18n/index.ts';
import { profileCatalogues } from '../features/profile/i18n/index.ts';
import { exportCatalogues } from '../features/scenario-export/i18n/index.ts';
import { mailCatalogues } from '../features/auth/i18n/index.ts';
import { administrationCatalogues } from '../features/settings/i18n/administration.ts';
import { jobTemplateFilesCatalogues } from '../features/settings/job-templates/i18n/index.ts';
import { visualizerCatalogues } from '../features/visualizer/i18n/index.ts';
import { runImportCatalogues } from '../features/runs/import/i18n/index.ts';
import { expectSameKeys, expectSamePlaceholders } from './catalogueCheck.ts';
import de from './de.json';
import en from './en.json';

// The app catalogue and the feature catalogues loaded with their pages' chunks.
const catalogues = { app: { en, de }, editor: editorCatalogues, scenarioExport: exportCatalogues, dashboards: dashboardsCatalogues, visualizer: visualizerCatalogues, mail: mailCatalogues, profile: profileCatalogues, jobTemplateFiles: jobTemplateFilesCatalogues, administration: administrationCatalogues, runImport: runImportCatalogues };

describe.each(Object.entries(catalogues))('translation catalogue %s', (_name, { en: english, de: german }) => {
  it('has the same keys in en and de', () => expectSameKeys(english, german));
  it('uses the same placeholders and no empty texts', () => expectSamePlaceholders(english, german));
});
