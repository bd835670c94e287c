import { z } from 'zod';

/** Feature flags (spec 1 §6, spec 3 §3 "Features"). */
export const FEATURE_NAMES = [
  'accountsSignup',
  'accountsRequireAuthorization',
  'runImportFromServer',
  'scenarioCreateDatasets',
  'i18n',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

export const Features = z.object({
  accountsSignup: z.boolean(),
  accountsRequireAuthorization: z.boolean(),
  runImportFromServer: z.boolean(),
  scenarioCreateDatasets: z.boolean(),
  i18n: z.boolean(),
});
export type Features = z.infer<typeof Features>;

export const FeaturesUpdate = Features.partial();
export type FeaturesUpdate = z.infer<typeof FeaturesUpdate>;

export const DEFAULT_FEATURES: Features = {
  accountsSignup: false,
  accountsRequireAuthorization: false,
  runImportFromServer: false,
  scenarioCreateDatasets: false,
  i18n: true,
};
