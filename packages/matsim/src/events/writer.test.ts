import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, test } from 'vitest';
import { sharedData } from '../../test/data.ts';
import { openText } from '../io/input.ts';
import { collectText, writeOutput } from '../xml/writer.ts';
import { EventsWriter } from './events-writer.ts';
import type { KnownEvent, MatsimEvent } from './model.ts';
import { readEventBatches } from './reader.ts';
import { EVENTS_FOOTER, EVENTS_HEADER, formatEvent, writeEvents } from './writer.ts';

const REAL_FILES = [
  'output-equil-2024/output_events.xml.gz',
  'output-equil-2024/ITERS/it.0/0.events.xml.gz',
  'output-equil-2022-txt/output_events.xml.gz',
  'output-equil-2026-zst/output_events.xml.zst',
  'output-equil-2026-zst/ITERS/it.10/10.events.xml.zst',
  'output-newwest-2024/output_events.xml.gz',
];

const scratch = mkdtempSync(join(tmpdir(), 'corridor-events-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function textOf(input: Parameters<typeof openText>[0]): Promise<string> {
  let text = '';
  for await (const chunk of openText(input)) text += chunk;
  return text;
}

async function all(input: Parameters<typeof readEventBatches>[0]): Promise<MatsimEvent[]> {
  const events: MatsimEvent[] = [];
  for await (const batch of readEventBatches(input)) events.push(...batch);
  return events;
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe('writing real files back', () => {
  test.each(REAL_FILES)('%s: read → write gives MATSim\'s bytes, and read again the same events', async (path) => {
    const original = await textOf(sharedData(path));
    const written = await collectText(writeEvents(readEventBatches(sharedData(path))));
    expect(written.length).toBe(original.length);
    expect(written === original).toBe(true);
    if (original.length < 1e6) expect(await all(bytes(written))).toEqual(await all(sharedData(path)));
  });
});

describe('events built by the engine (no attribute text)', () => {
  const first = '\t<event time="21510.0" type="actend" person="3" link="1" x="-25000.0" y="0.0" actType="h"  />\n';

  test('print like MATSim: Java doubles, fixed leading order, a space after each attribute', () => {
    const actend: KnownEvent = { type: 'actend', time: 21510, actType: 'h', y: 0, x: -25000, link: '1', person: '3' };
    expect(formatEvent(actend)).toBe(first);
    expect(
      formatEvent({ type: 'vehicle enters traffic', time: 21648, networkMode: 'car', vehicle: 'p_358', link: 'l', person: 'p_358', relativePosition: 1 }),
    ).toBe(
      '\t<event time="21648.0" type="vehicle enters traffic" person="p_358" link="l" vehicle="p_358" networkMode="car" relativePosition="1.0"  />\n',
    );
    expect(formatEvent({ type: 'travelled', time: 0.5, person: 'p', distance: 1e-4, mode: 'walk' })).toBe(
      '\t<event time="0.5" type="travelled" person="p" distance="1.0E-4" mode="walk"  />\n',
    );
    expect(formatEvent({ type: 'personMoney', time: 3, person: 'p', amount: -1.5, reference: 'r' })).toBe(
      '\t<event time="3.0" type="personMoney" person="p" amount="-1.5" reference="r"  />\n',
    );
  });

  test('escape < > " & (and keep tabs/newlines through a round trip)', async () => {
    const event: MatsimEvent = { type: 'custom', time: 1, attributes: { note: 'a<b & "c">\td\ne' } };
    const line = formatEvent(event);
    expect(line).toBe('\t<event time="1.0" type="custom" note="a&lt;b &amp; &quot;c&quot;&gt;&#9;d&#10;e"  />\n');
    const [back] = await all(bytes(EVENTS_HEADER + line + EVENTS_FOOTER));
    expect(back!.attributes).toEqual({ time: '1.0', type: 'custom', note: 'a<b & "c">\td\ne' });
  });

  test('a file is header, lines and footer without a trailing newline', async () => {
    const text = await collectText(writeEvents([{ type: 'left link', time: 7, link: 'l', vehicle: 'v' }]));
    expect(text).toBe(
      '<?xml version="1.0" encoding="utf-8"?>\n<events version="1.0">\n\t<event time="7.0" type="left link" link="l" vehicle="v"  />\n</events>',
    );
    expect(await collectText(writeEvents([]))).toBe(EVENTS_HEADER + EVENTS_FOOTER);
  });
});

describe('edited events', () => {
  test('typed fields win over the text as read; unchanged numbers keep their text', async () => {
    const [event] = await all(bytes('<events><event time="5" type="actend" person="p" link="l" x="1.50" y="2" actType="h" extra="e" /></events>'));
    expect(formatEvent(event!)).toBe('\t<event time="5" type="actend" person="p" link="l" x="1.50" y="2" actType="h" extra="e"  />\n');
    const moved = { ...event!, time: 6, x: 3.25, person: 'q' } as MatsimEvent;
    expect(formatEvent(moved)).toBe('\t<event time="6.0" type="actend" person="q" link="l" x="3.25" y="2" actType="h" extra="e"  />\n');
  });

  test('transit stop events put vehicle before facility, as MATSim does for them', () => {
    expect(formatEvent({ type: 'VehicleArrivesAtFacility', time: 100, facility: 'stop1', vehicle: 'bus1', delay: 0 })).toBe(
      '\t<event time="100.0" type="VehicleArrivesAtFacility" vehicle="bus1" facility="stop1" delay="0.0"  />\n',
    );
  });

  test('generic events keep their attribute order', async () => {
    const line = '\t<event time="7.0" type="passenger picked up" mode="drt" request="r1" person="p" vehicle="v"  />\n';
    const [event] = await all(bytes(EVENTS_HEADER + line + EVENTS_FOOTER));
    expect(formatEvent(event!)).toBe(line);
  });

  test('old files with vehicle before link are rewritten in MATSim\'s current order', async () => {
    const [event] = await all(bytes('<events><event time="1.0" type="entered link" vehicle="v" link="l" /></events>'));
    expect(formatEvent(event!)).toBe('\t<event time="1.0" type="entered link" link="l" vehicle="v"  />\n');
  });
});

describe('EventsWriter', () => {
  test('streams to a gzip file, leaving no temporary file, that reads back equal', async () => {
    const events = await all(sharedData('output-equil-2024/output_events.xml.gz'));
    const path = join(scratch, 'out_events.xml.gz');
    const writer = new EventsWriter(path, { gzip: true });
    for (const event of events) if (!writer.add(event)) await writer.drained();
    await writer.close();
    expect(readdirSync(scratch)).toEqual(['out_events.xml.gz']);
    expect(gunzipSync(readFileSync(path)).toString('utf8')).toBe(await textOf(sharedData('output-equil-2024/output_events.xml.gz')));
    expect(await all(path)).toEqual(events);
    expect(() => writer.add(events[0]!)).toThrow(/closed/);
  });

  test('streams to a writable sink', async () => {
    const sink = new PassThrough();
    const received: Buffer[] = [];
    sink.on('data', (chunk: Buffer) => received.push(chunk));
    const writer = new EventsWriter(sink);
    writer.add({ type: 'arrival', time: 10, person: 'p', link: 'l', legMode: 'car' });
    await writer.close();
    expect(Buffer.concat(received).toString('utf8')).toBe(
      `${EVENTS_HEADER}\t<event time="10.0" type="arrival" person="p" link="l" legMode="car"  />\n${EVENTS_FOOTER}`,
    );
  });

  test('abort leaves no file behind', async () => {
    const path = join(scratch, 'aborted.xml');
    const writer = new EventsWriter(path);
    writer.add({ type: 'arrival', time: 10, person: 'p', link: 'l', legMode: 'car' });
    await writer.abort();
    expect(readdirSync(scratch).filter((name) => name.startsWith('aborted'))).toEqual([]);
  });

  test('an unwritable target fails on close', async () => {
    const writer = new EventsWriter(join(scratch, 'missing-dir', 'events.xml'));
    await expect(writer.close()).rejects.toThrow(/ENOENT/);
  });

  test('writeEvents output also goes through writeOutput', async () => {
    const path = join(scratch, 'plain_events.xml');
    await writeOutput(path, writeEvents(readEventBatches(sharedData('output-equil-2022-txt/output_events.xml.gz'))));
    expect(readFileSync(path, 'utf8')).toBe(await textOf(sharedData('output-equil-2022-txt/output_events.xml.gz')));
  });
});
