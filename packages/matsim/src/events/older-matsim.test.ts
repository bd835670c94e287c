// Events files of older MATSim versions lack attributes today's MATSim writes (legMode on departure/arrival, actType
// on actstart/actend, …). MATSim's own reader (`EventsReaderXMLv1`) accepts them; so must this one.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { sharedData } from '../../test/data.ts';
import { MatsimFormatError } from '../errors.ts';
import { EVENT_FIELDS, KNOWN_EVENT_TYPES, type MatsimEvent } from './model.ts';
import { readEventBatches } from './reader.ts';
import { formatEvent, writeEvents } from './writer.ts';

const EQUIL_2024 = sharedData('output-equil-2024/output_events.xml.gz');

/** The fields that are optional because MATSim's reader reads the event without them (null in Java). */
const OPTIONAL_FOR_MATSIM = {
  actend: ['facility', 'x', 'y', 'actType'],
  actstart: ['facility', 'x', 'y', 'actType'],
  departure: ['legMode', 'computationalRoutingMode'],
  arrival: ['legMode'],
  'vehicle enters traffic': ['networkMode', 'relativePosition'],
  'vehicle leaves traffic': ['vehicle', 'networkMode', 'relativePosition'],
  stuckAndAbort: ['link', 'legMode', 'reason'],
  'vehicle aborts': ['link'],
  travelled: ['mode'],
  personMoney: ['purpose', 'transactionPartner', 'reference'],
  VehicleArrivesAtFacility: ['delay'],
  VehicleDepartsAtFacility: ['delay'],
  waitingForPt: ['person', 'agent'],
} as const;

async function all(input: Uint8Array): Promise<MatsimEvent[]> {
  const events: MatsimEvent[] = [];
  for await (const batch of readEventBatches(input)) events.push(...batch);
  return events;
}

const bytes = (text: string) => new TextEncoder().encode(text);

/** A real events file as an older MATSim wrote it: no legMode, actType or computationalRoutingMode. */
function olderMatsimText(): string {
  return gunzipSync(readFileSync(EQUIL_2024))
    .toString('utf8')
    .replace(/ (legMode|actType|computationalRoutingMode)="[^"]*"/g, '');
}

describe('events files of older MATSim versions', () => {
  test('equil without legMode and actType reads whole; those fields are undefined, all else as in the real file', async () => {
    const older = olderMatsimText();
    expect(older).not.toMatch(/legMode=|actType=/);
    const current = await all(readFileSync(EQUIL_2024));
    const read = await all(bytes(older));
    expect(read.length).toBe(3008);
    expect(read.length).toBe(current.length);
    for (let i = 0; i < read.length; i++) {
      const { attributes: _a, ...was } = current[i] as MatsimEvent & Record<string, unknown>;
      const { attributes: _b, ...now } = read[i] as MatsimEvent & Record<string, unknown>;
      for (const name of ['legMode', 'actType', 'computationalRoutingMode']) {
        if (name in was) {
          expect(now[name], `${was.type} ${name}`).toBeUndefined();
          delete was[name];
          delete now[name];
        }
      }
      expect(now).toEqual(was);
    }
    const departures = read.filter((e) => e.type === 'departure');
    expect(departures.length).toBeGreaterThan(0);
  });

  test('written back, the older file keeps its form: the missing attributes stay missing', async () => {
    const older = olderMatsimText();
    const events = await all(bytes(older));
    expect([...writeEvents(events)].join('')).toBe(older);
  });

  test('every known type reads with only the fields MATSim requires; the rest are undefined', async () => {
    for (const type of KNOWN_EVENT_TYPES) {
      const optional: readonly string[] = OPTIONAL_FOR_MATSIM[type as keyof typeof OPTIONAL_FOR_MATSIM] ?? [];
      const required = EVENT_FIELDS[type].filter(([name]) => !optional.includes(name));
      const line = `<event time="1.0" type="${type}" ${required.map(([name, kind]) => `${name}="${kind === 'number' ? '2' : 'v'}" `).join('')}/>`;
      const [event] = await all(bytes(`<events>${line}</events>`));
      const typed = event as unknown as Record<string, unknown>;
      for (const name of optional) expect(typed[name], `${type}.${name}`).toBeUndefined();
      expect(formatEvent(event!)).toBe(`\t${line.replace('/>', ' />')}\n`);
    }
  });

  test('a field MATSim requires (an id, a number it parses) is still refused when missing', async () => {
    for (const type of KNOWN_EVENT_TYPES) {
      const optional: readonly string[] = OPTIONAL_FOR_MATSIM[type as keyof typeof OPTIONAL_FOR_MATSIM] ?? [];
      const required = EVENT_FIELDS[type].filter(([name]) => !optional.includes(name));
      expect(EVENT_FIELDS[type].filter(([, , isRequired]) => isRequired)).toEqual(required);
      for (const [missing] of required) {
        const rest = required.filter(([name]) => name !== missing).map(([name]) => `${name}="2" `);
        const xml = `<events><event time="1.0" type="${type}" ${rest.join('')}/></events>`;
        const error = await all(bytes(xml)).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error, `${type} without ${missing}`).toBeInstanceOf(MatsimFormatError);
        expect((error as MatsimFormatError).message).toContain(`lacks the required attribute ${missing}`);
      }
    }
  });
});
