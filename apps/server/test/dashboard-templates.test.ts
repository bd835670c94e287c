/**
 * GET /static/dashboard/templates/{key}.json (spec 3 §2.2 "Load from Template", §7): each template is a valid
 * DashboardTemplate, served without sign-in even when the web app is built (its fallback must not answer), and
 * every panel draws "Dataset 1" from a table run post-processing creates, with columns that table really has
 * (headers of newwest's MATSim 2024 outputs).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DASHBOARD_TEMPLATES, DashboardTemplate, dashboardVariableName } from '@corridor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templatePath, TEMPLATE_NOT_FOUND } from '../src/modules/dashboards/templates-route.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { SHARED_DATA } from './workspace-helpers.ts';

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'corridor-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t?.close();
  await rm(webDist, { recursive: true, force: true });
});

const NEWWEST = path.join(SHARED_DATA, 'output-newwest-2024');
async function header(file: string): Promise<string[]> {
  const bytes = await readFile(path.join(NEWWEST, file));
  const text = (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
  return text.slice(0, text.indexOf('\n')).trim().split(';');
}

describe('dashboard templates', () => {
  it.each(DASHBOARD_TEMPLATES)('%s is served without sign-in as a valid template over the post-processing tables', async (key) => {
    const response = await t.app.inject({ url: `/static/dashboard/templates/${key}.json` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const template = DashboardTemplate.parse(response.json());
    expect(response.json()).toEqual(JSON.parse(await readFile(templatePath(key), 'utf8')));

    const columns: Record<string, string[]> = {
      output_trips: await header('output_trips.csv.gz'),
      scorestats: await header('scorestats.csv'),
      modestats: await header('modestats.csv'),
    };
    const charts = template.items.filter((item) => item.type === 'chart');
    expect(charts.length).toBeGreaterThanOrEqual(5);
    for (const item of charts) {
      expect(item.variables).toEqual([dashboardVariableName(1)]);
      const known = columns[item.data.table];
      expect(known, `table ${item.data.table}`).toBeDefined();
      for (const used of [...item.data.config.measures, ...item.data.config.dimensions]) expect(known, `${item.data.name}`).toContain(used.name);
    }
  });

  it('the overview and trips templates have the panels the issue names', async () => {
    const kinds = async (key: string) => {
      const template = DashboardTemplate.parse((await t.app.inject({ url: `/static/dashboard/templates/${key}.json` })).json());
      return template.items.map((item) => (item.type === 'text' ? `text` : `${item.data.type}:${item.data.table}`));
    };
    expect(await kinds('overview')).toEqual(['text', 'pie:output_trips', 'bar:output_trips', 'line:scorestats', 'area:modestats', 'boxplot:output_trips']);
    expect(await kinds('trips')).toEqual(['text', 'bar:output_trips', 'bar:output_trips', 'bar:output_trips', 'boxplot:output_trips', 'table:output_trips']);
  });

  it('share axes stay on 0..1 (issue 25: two compared runs stacked their shares up to 2)', async () => {
    for (const key of DASHBOARD_TEMPLATES) {
      const template = DashboardTemplate.parse((await t.app.inject({ url: `/static/dashboard/templates/${key}.json` })).json());
      for (const item of template.items) {
        if (item.type !== 'chart') continue;
        for (const measure of item.data.config.measures) {
          if (measure.axisStyle?.label !== 'Share') continue;
          expect(measure.axisStyle, `${key}: ${item.data.name}`).toMatchObject({ min: 0, max: 1 });
        }
      }
    }
  });

  it('an unknown template is a JSON 404, not the web app', async () => {
    for (const url of ['/static/dashboard/templates/nope.json', '/static/dashboard/templates/overview', '/static/dashboard/templates/..%2Foverview.json']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe(TEMPLATE_NOT_FOUND);
    }
    // The fallback still serves the app elsewhere, so the route above is what answered.
    expect((await t.app.inject({ url: '/alice/dashboards' })).body).toContain('<title>app</title>');
  });
});
