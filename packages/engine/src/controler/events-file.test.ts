import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEvents, type MatsimEvent } from '@corridor/matsim';
import { SyncEventsFile } from './events-file.ts';

describe('SyncEventsFile', () => {
  it('writes a multi-member gzip events file that the matsim reader reads back in full', async () => {
    const events: MatsimEvent[] = [];
    // Enough events for several 4 MB chunks, i.e. several gzip members.
    for (let i = 0; i < 120_000; i++) {
      events.push({ time: i, type: 'entered link', link: `link-${i % 97}`, vehicle: `vehicle-number-${i}` } as MatsimEvent);
    }
    const path = join(mkdtempSync(join(tmpdir(), 'engine-events-')), 'events.xml.gz');
    const file = new SyncEventsFile(path);
    for (const event of events) file.add(event);
    await file.close();
    const read: MatsimEvent[] = [];
    for await (const event of readEvents(path)) read.push(event);
    expect(read).toHaveLength(events.length);
    expect(read[119_999]).toMatchObject({ time: 119_999, type: 'entered link', link: `link-${119_999 % 97}` });
  });

  it("writes the mobsim's link events (with their indices) exactly as formatEvent writes them", async () => {
    const events: [MatsimEvent, number, number][] = [];
    for (let i = 0; i < 2_000; i++) {
      const time = 21_600 + Math.floor(i / 7) + (i % 500 === 0 ? 0.5 : 0);
      const vehicle = i % 13;
      // Ids that need escaping, and a vehicle id that changes for the same index (several network modes).
      const id = vehicle === 3 ? `v<3>&"${i % 2 ? 'car' : 'bike'}"` : `vehicle ${vehicle}`;
      events.push([{ time, type: i % 2 ? 'entered link' : 'left link', link: `l&${i % 5}`, vehicle: id } as MatsimEvent, vehicle, i % 5]);
    }
    const dir = mkdtempSync(join(tmpdir(), 'engine-events-'));
    const fast = new SyncEventsFile(join(dir, 'fast.xml'));
    const plain = new SyncEventsFile(join(dir, 'plain.xml'));
    for (const [event, vehicle, link] of events) {
      fast.add(event, vehicle, link);
      plain.add(event);
    }
    await fast.close();
    await plain.close();
    const text = readFileSync(join(dir, 'fast.xml'), 'utf8');
    expect(text).toBe(readFileSync(join(dir, 'plain.xml'), 'utf8'));
    expect(text).toContain('\t<event time="21600.5" type="left link" link="l&amp;0" vehicle="vehicle 0"  />\n');
  });
});

