// A synthetic MATSim `output_trips.csv.gz` (issue 14 benchmarks `tables` and `dashboard`): the columns and value
// forms MATSim 2024 writes (`;`, times HH:MM:SS, facility ids "null", pt stops only on pt trips), persons with two to
// four trips a day over five modes, gzipped as MATSim writes it. Seeded, so every run gets the same file.
import { createWriteStream, existsSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';

export const TRIPS_HEADER =
  'person;trip_number;trip_id;dep_time;trav_time;wait_time;traveled_distance;euclidean_distance;main_mode;longest_distance_mode;modes;' +
  'start_activity_type;end_activity_type;start_facility_id;start_link;start_x;start_y;end_facility_id;end_link;end_x;end_y;' +
  'first_pt_boarding_stop;last_pt_egress_stop';

/** Modes with their share, speed (m/s), detour factor and leg chain, roughly a German city's modal split. */
const MODES = [
  { mode: 'car', share: 0.38, speed: 9, detour: 1.35, modes: 'walk-car-walk' },
  { mode: 'pt', share: 0.22, speed: 6, detour: 1.5, modes: 'walk-pt-walk-pt-walk' },
  { mode: 'walk', share: 0.2, speed: 1.3, detour: 1.2, modes: 'walk' },
  { mode: 'bike', share: 0.15, speed: 4, detour: 1.25, modes: 'bike' },
  { mode: 'ride', share: 0.05, speed: 8.5, detour: 1.35, modes: 'walk-ride-walk' },
] as const;
const ACTIVITIES = ['work', 'education', 'shopping', 'leisure', 'other'] as const;

/** mulberry32: small, fast and seeded. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));
const clock = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds));
  return `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`;
};

/** Writes `rows` trips (gzip) to `file`; reuses a file already there when `reuse` (BENCH_KEEP runs). */
export async function writeSyntheticTrips(file: string, rows: number, reuse = false): Promise<number> {
  if (reuse && existsSync(file)) return statSync(file).size;
  const rand = random(14);
  const pickMode = () => {
    let r = rand();
    for (const m of MODES) {
      if ((r -= m.share) < 0) return m;
    }
    return MODES[0];
  };
  const place = () => ({ link: `${Math.floor(rand() * 90_000)}${rand() < 0.5 ? 'f' : 'r'}`, x: 4_580_000 + rand() * 30_000, y: 5_810_000 + rand() * 25_000 });

  function* chunks(): Generator<string> {
    yield `${TRIPS_HEADER}\n`;
    let written = 0;
    let person = 0;
    let lines: string[] = [];
    while (written < rows) {
      const id = `p_${person++}`;
      const home = place();
      const trips = Math.min(rows - written, 2 + Math.floor(rand() * 3));
      let at = home;
      let time = 5 * 3600 + rand() * 4 * 3600;
      for (let n = 1; n <= trips; n++) {
        const last = n === trips;
        const to = last ? home : place();
        const m = pickMode();
        const euclidean = Math.round(Math.hypot(to.x - at.x, to.y - at.y));
        const traveled = Math.round(euclidean * m.detour * (0.9 + rand() * 0.2));
        const wait = m.mode === 'pt' ? 60 + rand() * 600 : 0;
        const travel = traveled / m.speed + wait + 60;
        const from = n === 1 ? 'home' : ACTIVITIES[(person + n) % ACTIVITIES.length]!;
        const toType = last ? 'home' : ACTIVITIES[(person + n + 1) % ACTIVITIES.length]!;
        const stops = m.mode === 'pt' ? `stop_${Math.floor(rand() * 4000)};stop_${Math.floor(rand() * 4000)}` : ';';
        lines.push(
          `${id};${n};${id}_${n};${clock(time)};${clock(travel)};${clock(wait)};${traveled};${euclidean};${m.mode};${m.mode};${m.modes};` +
            `${from};${toType};null;${at.link};${at.x};${at.y};null;${to.link};${to.x};${to.y};${stops}`,
        );
        time += travel + 1800 + rand() * 6 * 3600;
        at = to;
      }
      written += trips;
      if (lines.length >= 20_000) {
        yield `${lines.join('\n')}\n`;
        lines = [];
      }
    }
    if (lines.length) yield `${lines.join('\n')}\n`;
  }

  await pipeline(Readable.from(chunks()), createGzip(), createWriteStream(file));
  return statSync(file).size;
}
