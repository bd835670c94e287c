import { REFUSAL_CODES, refusalText, type Refusal } from '@corridor/changesets';
import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { applyErrorLines } from '../sidebar/applyErrors.ts';
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

describe('apply errors (issue 27)', () => {
  it('says each refused modification with the refusal texts, at most the listed number and a count of the rest', () => {
    const errors: Refusal[] = [
      { code: 'linkNotFound', params: { id: '123' } },
      { code: 'nodeHasLinks', params: { id: 'n1', count: 2 } },
      { code: 'nodeNotFound', params: { id: 'n2' } },
    ];
    const say = (language: string) => (key: string, params: Record<string, unknown>) => translate(key, { lng: language, ns: EDITOR_NS, ...params });
    expect(applyErrorLines(errors, say('en'))).toEqual({
      lines: ['Link 123 is not loaded or was deleted', 'Node n1 still has 2 links: delete them first', 'Node n2 is not loaded or was deleted'],
      more: 0,
    });
    expect(applyErrorLines(errors, say('de'), 1)).toEqual({ lines: ['Link 123 ist nicht geladen oder wurde gelöscht'], more: 2 });
    expect(translate('page.applyErrors', { lng: 'en', ns: EDITOR_NS, count: 1 })).toBe('1 modification could not be applied to the loaded network');
    expect(translate('page.applyErrors', { lng: 'de', ns: EDITOR_NS, count: 3 })).toBe('3 Änderungen ließen sich nicht auf das geladene Netz anwenden');
  });
});
