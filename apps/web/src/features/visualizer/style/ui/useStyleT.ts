import { useTranslation } from 'react-i18next';
import { VISUALIZER_NS } from '../../i18n/index.ts';

/** The style editors' texts: `style.*` of the `visualizer` namespace (i18n/style.en.json, style.de.json). */
export const useStyleT = () => useTranslation(VISUALIZER_NS, { keyPrefix: 'style' }).t;
