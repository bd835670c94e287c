// DRT operation facilities (drt-extensions contrib) share the root <facilities> with MATSim's activity facilities,
// without a DTD. They must be told apart by sniffing and refused by the activity facilities reader, never read as
// activity facilities without activities.
import { describe, expect, test } from 'vitest';
import { formatError, utf8 } from '../../test/variants.ts';
import { sniff } from '../sniff/index.ts';
import { readFacilities } from './reader.ts';

/**
 * As the contrib's `OperationFacilitiesWriter` writes it (MatsimXmlWriter: no XML declaration, no DOCTYPE, every
 * start tag on a new line, tabs): a hub with chargers and an in-field break place without.
 */
const OPERATION_FACILITIES = [
  '',
  '<facilities>',
  '\t<facility id="hub" linkId="274110" x="4478595.0" y="5304631.0" capacity="20" type="hub">',
  '\t\t<chargers>',
  '\t\t\t<charger id="1"/>',
  '\t\t\t<charger id="2"/>',
  '\t\t</chargers>',
  '\t</facility>',
  '\t<facility id="break" linkId="274112" x="4478700.0" y="5304800.0" capacity="5" type="inField">',
  '\t</facility>',
  '</facilities>',
].join('\n');

/** The same without chargers: only the facility's attributes tell it apart. */
const WITHOUT_CHARGERS = OPERATION_FACILITIES.replace(/\t\t<chargers>[^]*<\/chargers>\n/, '');

const ACTIVITY_FACILITIES_NO_DTD = `<facilities>
\t<facility id="home" linkId="274110" x="1.0" y="2.0">
\t\t<activity type="home" />
\t</facility>
</facilities>`;

describe('DRT operation facilities', () => {
  test('are sniffed as drt_operation_facilities, with and without chargers; activity facilities stay facilities_v1', async () => {
    expect(WITHOUT_CHARGERS).not.toContain('charger');
    expect(await sniff(utf8(OPERATION_FACILITIES))).toBe('drt_operation_facilities');
    expect(await sniff(utf8(WITHOUT_CHARGERS))).toBe('drt_operation_facilities');
    expect(await sniff(utf8(ACTIVITY_FACILITIES_NO_DTD))).toBe('facilities_v1');
  });

  test('are refused by the activity facilities reader with a clear message, with and without chargers', async () => {
    for (const text of [OPERATION_FACILITIES, WITHOUT_CHARGERS]) {
      const error = await formatError(readFacilities(utf8(text)), 'invalid-value');
      expect(error.message).toContain('DRT operation facilities');
      expect(error.line).toBe(3);
    }
    const chargersOnly = OPERATION_FACILITIES.replace(/ capacity="\d+" type="\w+"/g, '');
    const error = await formatError(readFacilities(utf8(chargersOnly)), 'invalid-value');
    expect(error.message).toMatch(/<chargers>.*DRT operation facilities/);
    expect(error.line).toBe(4);
  });
});

describe('markup facilities v1/v2 do not define is refused, not skipped', () => {
  test('an unknown element, anywhere, names itself and its line', async () => {
    const inFacility = ACTIVITY_FACILITIES_NO_DTD.replace('\t\t<activity', '\t\t<parking spaces="3" />\n\t\t<activity');
    const error = await formatError(readFacilities(utf8(inFacility)), 'invalid-value');
    expect(error.message).toContain('Unexpected element <parking>');
    expect(error.line).toBe(3);
    const inActivity = ACTIVITY_FACILITIES_NO_DTD.replace('<activity type="home" />', '<activity type="home"><rooms/></activity>');
    expect((await formatError(readFacilities(utf8(inActivity)), 'invalid-value')).message).toContain('<rooms>');
  });

  test('an attribute no DTD defines on facility, activity, capacity or opentime', async () => {
    const cases = [
      ['<facility id="home"', '<facility id="home" owner="x"', '<facility> has the attribute owner'],
      ['<activity type="home" />', '<activity type="home" hours="8" />', '<activity> has the attribute hours'],
      ['<activity type="home" />', '<activity type="home"><capacity value="2" unit="p" /></activity>', '<capacity> has the attribute unit'],
      [
        '<activity type="home" />',
        '<activity type="home"><opentime start_time="08:00" end_time="09:00" week="1" /></activity>',
        '<opentime> has the attribute week',
      ],
    ] as const;
    for (const [from, to, message] of cases) {
      const error = await formatError(readFacilities(utf8(ACTIVITY_FACILITIES_NO_DTD.replace(from, to))), 'invalid-value');
      expect(error.message).toContain(message);
    }
    expect((await readFacilities(utf8(ACTIVITY_FACILITIES_NO_DTD))).facilities.size).toBe(1);
  });
});
