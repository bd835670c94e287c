/**
 * The SAX handler behind the population readers: builds one person at a time and hands it over when
 * `</person>` closes, so memory is one person's worth whatever the file size. Understands v4 (`<plans>`,
 * `<act dur>`, node routes) and v5/v6 (`<population>`, `<activity max_dur>`, typed routes).
 */
import { AttributesCollector, type Attributes } from '../common/attributes.ts';
import { writeTime } from '../common/time-text.ts';
import { parseTime } from '../common/time.ts';
import { optionalNumber, requiredText, toInteger } from '../common/values.ts';
import { MatsimFormatError } from '../errors.ts';
import { expectRoot, type XmlAttributes, type XmlHandler } from '../xml/sax.ts';
import type { Activity, Leg, Person, Plan, PopulationHeader, PopulationVersion, Route } from './model.ts';

export interface PopulationCallbacks {
  /** Once, before the first person (or at the end of a file without persons). */
  onHeader?(header: PopulationHeader): void;
  onPerson(person: Person): void;
}

/** v4 person children MATSim has dropped (knowledge, desires, travel cards): skipped with everything inside. */
const V4_IGNORED = new Set(['travelcard', 'desires', 'actDur', 'knowledge', 'activityspace']);

const KNOWN = {
  rootV4: new Set(['name']),
  root: new Set(['desc']),
  person: new Set(['id', 'sex', 'age', 'license', 'car_avail', 'employed']),
  plan: new Set(['score', 'selected', 'type']),
  activity: new Set(['type', 'link', 'facility', 'x', 'y', 'z', 'start_time', 'max_dur', 'end_time']),
  act: new Set(['type', 'link', 'facility', 'x', 'y', 'z', 'start_time', 'dur', 'end_time']),
  leg: new Set(['mode', 'dep_time', 'trav_time']),
  route: new Set(['type', 'start_link', 'end_link', 'trav_time', 'distance', 'vehicleRefId']),
  routeV4: new Set(['dist', 'trav_time']),
};

export function populationHandler(callbacks: PopulationCallbacks): XmlHandler {
  const attributes = new AttributesCollector();
  let doctype = '';
  let header: PopulationHeader | undefined;
  let headerSent = false;
  let person: Person | undefined;
  let plan: Plan | undefined;
  let element: Activity | Leg | undefined;
  let route: Route | undefined;
  let routeText = '';
  let skipDepth = 0;

  const sendHeader = () => {
    if (header && !headerSent) {
      headerSent = true;
      callbacks.onHeader?.(header);
    }
  };

  const open = (name: string, attrs: XmlAttributes) => {
    if (skipDepth > 0) {
      skipDepth++;
      return;
    }
    if (!header) {
      expectRoot(name, ['population', 'plans'], 'population');
      header = readHeader(name, attrs, doctype);
      return;
    }
    if (attributes.open(name, attrs)) return;
    const v4 = header.version === 'v4';
    switch (name) {
      case 'person':
        sendHeader();
        person = readPerson(attrs);
        return;
      case 'plan':
        plan = readPlan(attrs);
        inside(person, name).plans.push(plan);
        return;
      case 'act':
      case 'activity':
        element = readActivity(name, attrs, v4);
        inside(plan, name).elements.push(element);
        return;
      case 'leg':
        element = readLeg(attrs);
        inside(plan, name).elements.push(element);
        return;
      case 'route': {
        const leg = inside(element?.kind === 'leg' ? element : undefined, name);
        route = readRoute(attrs, v4, leg.mode);
        leg.route = route;
        routeText = '';
        return;
      }
    }
    if (v4 && V4_IGNORED.has(name)) {
      skipDepth = 1;
      return;
    }
    throw new MatsimFormatError('invalid-value', `Unexpected element <${name}> in a population file.`);
  };

  const close = (name: string) => {
    if (skipDepth > 0) {
      skipDepth--;
      return;
    }
    if (attributes.active) {
      const done = attributes.close(name);
      if (done && done.size > 0) attach(done);
      return;
    }
    switch (name) {
      case 'route':
        if (route) route.description = routeText.trim();
        route = undefined;
        break;
      case 'act':
      case 'activity':
      case 'leg':
        element = undefined;
        break;
      case 'plan':
        plan = undefined;
        break;
      case 'person':
        if (person) callbacks.onPerson(person);
        person = undefined;
        break;
      case 'population':
      case 'plans':
        sendHeader();
        break;
    }
  };

  const attach = (done: Attributes) => {
    const owner = element ?? plan ?? person ?? header;
    if (owner) owner.attributes = done;
  };

  return {
    doctype: (text) => {
      doctype = text;
    },
    open,
    close,
    text: (text) => {
      if (attributes.active) attributes.onText(text);
      else if (route) routeText += text;
    },
  };
}

function inside<T>(parent: T | undefined, name: string): T {
  if (parent === undefined) throw new MatsimFormatError('invalid-value', `<${name}> is not where the format allows it.`);
  return parent;
}

function readHeader(root: string, attrs: XmlAttributes, doctype: string): PopulationHeader {
  const version: PopulationVersion = root === 'plans' ? 'v4' : doctype.includes('population_v5') ? 'v5' : 'v6';
  const header: PopulationHeader = { version };
  const desc = version === 'v4' ? attrs.name : attrs.desc;
  if (desc !== undefined) header.desc = desc;
  const extra = extras(attrs, version === 'v4' ? KNOWN.rootV4 : KNOWN.root);
  if (extra) header.extra = extra;
  return header;
}

function readPerson(attrs: XmlAttributes): Person {
  const person: Person = { id: requiredText(attrs, 'id', 'person'), plans: [] };
  if (attrs.sex !== undefined) person.sex = attrs.sex;
  if (attrs.age !== undefined) person.age = toInteger(attrs.age, 'age', 'person');
  if (attrs.license !== undefined) person.license = attrs.license;
  if (attrs.car_avail !== undefined) person.carAvail = attrs.car_avail;
  if (attrs.employed !== undefined) person.employed = attrs.employed;
  const extra = extras(attrs, KNOWN.person);
  if (extra) person.extra = extra;
  return person;
}

function readPlan(attrs: XmlAttributes): Plan {
  const selected = attrs.selected ?? 'no';
  if (selected !== 'yes' && selected !== 'no') {
    throw new MatsimFormatError('invalid-value', `<plan> selected="${selected}" is neither yes nor no.`);
  }
  const plan: Plan = { selected: selected === 'yes', elements: [] };
  const score = optionalNumber(attrs, 'score', 'plan');
  if (score !== undefined) plan.score = score;
  if (attrs.type !== undefined) plan.type = attrs.type;
  const extra = extras(attrs, KNOWN.plan);
  if (extra) plan.extra = extra;
  return plan;
}

function readActivity(name: string, attrs: XmlAttributes, v4: boolean): Activity {
  const activity: Activity = { kind: 'activity', type: requiredText(attrs, 'type', name) };
  if (attrs.link !== undefined) activity.link = attrs.link;
  if (attrs.facility !== undefined) activity.facility = attrs.facility;
  const x = optionalNumber(attrs, 'x', name);
  const y = optionalNumber(attrs, 'y', name);
  if (x !== undefined && y !== undefined) {
    activity.x = x;
    activity.y = y;
    const z = optionalNumber(attrs, 'z', name);
    if (z !== undefined) activity.z = z;
  } else if (activity.link === undefined) {
    throw new MatsimFormatError('invalid-value', `<${name} type="${activity.type}"> has neither a link nor x and y.`);
  }
  time(activity, 'startTime', attrs, 'start_time', name);
  time(activity, 'maxDur', attrs, v4 ? 'dur' : 'max_dur', name);
  time(activity, 'endTime', attrs, 'end_time', name);
  const extra = extras(attrs, v4 ? KNOWN.act : KNOWN.activity);
  if (extra) activity.extra = extra;
  return activity;
}

function readLeg(attrs: XmlAttributes): Leg {
  const leg: Leg = { kind: 'leg', mode: requiredText(attrs, 'mode', 'leg') };
  time(leg, 'depTime', attrs, 'dep_time', 'leg');
  time(leg, 'travTime', attrs, 'trav_time', 'leg');
  const extra = extras(attrs, KNOWN.leg);
  if (extra) leg.extra = extra;
  return leg;
}

function readRoute(attrs: XmlAttributes, v4: boolean, mode: string): Route {
  const route: Route = { description: '' };
  if (v4) {
    // plans_v4: `type` means something else (dist|trav-time|…) and stays in `extra`; car routes list nodes.
    if (mode === 'car') route.nodeRoute = true;
    const distance = optionalNumber(attrs, 'dist', 'route');
    if (distance !== undefined) route.distance = distance;
  } else {
    if (attrs.type !== undefined) route.type = attrs.type;
    if (attrs.start_link !== undefined) route.startLink = attrs.start_link;
    if (attrs.end_link !== undefined) route.endLink = attrs.end_link;
    const distance = optionalNumber(attrs, 'distance', 'route');
    if (distance !== undefined) route.distance = distance;
    if (attrs.vehicleRefId !== undefined) route.vehicleRefId = attrs.vehicleRefId;
  }
  time(route, 'travTime', attrs, 'trav_time', 'route');
  const extra = extras(attrs, v4 ? KNOWN.routeV4 : KNOWN.route);
  if (extra) route.extra = extra;
  return route;
}

/**
 * Sets `target[field]` from a time attribute. The file's text is remembered only when writing the value would
 * give different text (`06:00`, `21600`, `undefined`), so canonical files cost no extra memory.
 */
function time(target: Timed, field: string, attrs: XmlAttributes, attribute: string, element: string): void {
  const text = attrs[attribute];
  if (text === undefined) return;
  const value = parseTime(text);
  if (value !== undefined && Number.isNaN(value)) {
    throw new MatsimFormatError('invalid-value', `<${element}> ${attribute}="${text}" is not a time.`);
  }
  if (value !== undefined) (target as unknown as Record<string, number>)[field] = value;
  if (value === undefined || writeTime(value) !== text) (target.timeText ??= {})[field] = text;
}

type Timed = { timeText?: Partial<Record<string, string>> };

function extras(attrs: XmlAttributes, known: ReadonlySet<string>): Record<string, string> | undefined {
  let out: Record<string, string> | undefined;
  for (const key in attrs) {
    if (!known.has(key)) (out ??= {})[key] = attrs[key]!;
  }
  return out;
}
