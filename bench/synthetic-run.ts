// A synthetic MATSim run output for server benchmarks: `output_events.xml.gz` from the trajectories package's
// generator (`testing/synthetic.ts`: time-ordered car trips, 50,000 vehicles on 10,000 links) and the matching
// `output_network.xml.gz` (its 100 × 100 grid of 100 m links, no CRS). Written in bounded memory: the events go
// out as gzip members of ~4 MB of text each (a multi-member gzip file, which every gunzip reads as one stream).
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { syntheticEvents, syntheticLinkIds, type SyntheticOptions } from '../packages/trajectories/src/testing/synthetic.ts';

const LINKS = 10_000;
const CHUNK = 4 << 20;

/** Writes the two files into `folder`; answers how many events were written. `vehicles` as in the generator. */
export function writeSyntheticRun(folder: string, events: number, options: Pick<SyntheticOptions, 'vehicles'> = {}): number {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'output_network.xml.gz'), gzipSync(networkXml()));
  const fd = openSync(join(folder, 'output_events.xml.gz'), 'w');
  try {
    let text = '<?xml version="1.0" encoding="utf-8"?>\n<events version="1.0">\n';
    const flush = () => {
      writeSync(fd, gzipSync(text));
      text = '';
    };
    const written = syntheticEvents(events, (event) => {
      let line = `\t<event time="${event.time}"`;
      for (const [key, value] of Object.entries(event)) if (key !== 'time') line += ` ${key}="${String(value)}"`;
      text += `${line} />\n`;
      if (text.length > CHUNK) flush();
    }, { ...options, links: LINKS });
    text += '</events>\n';
    flush();
    return written;
  } finally {
    closeSync(fd);
  }
}

function networkXml(): string {
  const rows = LINKS / 100;
  const nodes: string[] = [];
  for (let y = 0; y < rows; y++) for (let x = 0; x <= 100; x++) nodes.push(`<node id="n${x}_${y}" x="${x * 100}" y="${y * 100}" />`);
  const links = syntheticLinkIds(LINKS).map((id, i) => {
    const x = i % 100;
    const y = Math.floor(i / 100);
    return `<link id="${id}" from="n${x}_${y}" to="n${x + 1}_${y}" length="100.0" freespeed="13.9" capacity="1000.0" permlanes="1.0" oneway="1" modes="car" />`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE network SYSTEM "http://www.matsim.org/files/dtd/network_v2.dtd">',
    '<network>',
    '<nodes>',
    ...nodes,
    '</nodes>',
    '<links capperiod="01:00:00" effectivecellsize="7.5" effectivelanewidth="3.75">',
    ...links,
    '</links>',
    '</network>',
    '',
  ].join('\n');
}

/** How many events the generator emits before its first event after `time` (s), to write a run up to that time. */
export function eventsUntil(time: number, options: Pick<SyntheticOptions, 'vehicles'> = {}): number {
  let count = 0;
  const done = new Error('done');
  try {
    syntheticEvents(Number.POSITIVE_INFINITY, (event) => {
      if (event.time > time) throw done;
      count++;
    }, { ...options, links: LINKS });
  } catch (error) {
    if (error !== done) throw error;
  }
  return count;
}
