import { REFUSAL_CODES, refusalText, type Refusal } from '@corridor/changesets';
import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { EDITOR_NS } from './index.ts';

const translate = i18n.t as (key: string, options: Record<string, unknown>) => string;
const say = (language: string, code: string, params: Record<string, unknown>) => translate(`map.refusal.reasons.${code}`, { lng: language, ns: EDITOR_NS, ...params });

describe('refusals in the editor', () => {
  it('has a text for every refusal code of @corridor/changesets, and for notNetwork, in English and German', () => {
    for (const code of [...REFUSAL_CODES, 'notNetwork']) {
      for (const language of ['en', 'de']) {
        expect(i18n.exists(`map.refusal.reasons.${code}`, { ns: EDITOR_NS, lng: language, count: 2 }), `${language} ${code}`).toBe(true);
      }
    }
  });

  it('says a node that still has links in German with its id and count, and in English as the package does', () => {
    const reason: Refusal = { code: 'nodeHasLinks', params: { id: '10', count: 8 } };
    expect(say('de', reason.code, reason.params)).toBe('Knoten 10 hat noch 8 Links: zuerst diese löschen');
    expect(say('de', reason.code, { id: '10', count: 1 })).toBe('Knoten 10 hat noch 1 Link: zuerst diesen löschen');
    expect(say('en', reason.code, reason.params)).toContain('Node 10 still has 8 link');
    expect(refusalText(reason)).toBe('Node 10 still has 8 link(s)');
    expect(say('de', 'linkNotFound', { id: 'l7' })).toBe('Link l7 ist nicht geladen oder wurde gelöscht');
  });
});

describe('node position text (issue 25)', () => {
  it('says the position in English and German, not the raw key (i18next takes a "lng" option as the language)', () => {
    for (const language of ['en', 'de']) {
      expect(translate('panels.node.position', { lng: language, ns: EDITOR_NS, lon: '13.400000', lat: '52.500000' })).toBe('Lon 13.400000, Lat 52.500000');
    }
  });
});
