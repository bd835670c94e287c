// The map editor in headless Chromium on berlin-medium (issue 13): time from navigation to the first drawn
// network (the map container's data-links-drawn > 0), frames per second while panning (requestAnimationFrame
// count during scripted drags), and (issue 27) the time from a capacity edit (Enter in the link panel) to the end of
// the frame that draws it: the store's edit, React's render, the layers rebuilt and deck.gl's draw. WebGL here is SwiftShader (software): the figures say what this machine gives, a
// real GPU does far better. Builds the web app when there is no build.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { API, json } from '../e2e/support/api.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';
import { setupAdmin, signIn } from '../e2e/support/session.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const BERLIN = join(root, '../shared/data/berlin-medium/network.xml.gz');
const PAN_SECONDS = 5;

if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
  const build = spawnSync('npm', ['run', 'build:web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const server = await startServer();
const browser = await launchBrowser();
try {
  await setupAdmin(server.url, 'bench', 'bench-editor-1');
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await signIn(page, 'bench', 'bench-editor-1');
  const { id: groupId } = await json<{ id: number }>(await page.request.get(`${API}/accounts/groups/find`, { params: { name: 'bench' } }));
  const { id: scenarioId } = await json<{ id: number }>(
    await page.request.post(`${API}/datasets/datasets`, {
      data: { groupId, key: 'berlin', name: 'Berlin', description: '', type: 'scenario', attributes: { __crs: 'EPSG:31468' } },
    }),
  );
  const { files } = await json<{ files: { id: number }[] }>(
    await page.request.post(`${API}/datasets/files`, {
      multipart: { 'files[]': { name: 'network.xml.gz', mimeType: 'application/gzip', buffer: readFileSync(BERLIN) } },
    }),
  );
  const fileId = files[0]!.id;
  await json(await page.request.post(`${API}/datasets/datasets/${scenarioId}/files/${fileId}`));
  const processStart = performance.now();
  for (;;) {
    const status = (await page.request.get(`${API}/datasets/files/${fileId}/d/network-info/info.json`)).status();
    if (status === 200) break;
    if (performance.now() - processStart > 180_000) throw new Error('the network was not processed within 3 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const processed = performance.now() - processStart;

  const rows: [string, string][] = [['network post-processing (previews + binary + index), s', (processed / 1000).toFixed(1)]];
  const map = page.getByTestId('editor-map');
  for (const visit of ['first (cold chunk cache)', 'second (warm)']) {
    const start = performance.now();
    await page.goto('/bench/berlin/editor');
    await map.waitFor();
    for (;;) {
      if (Number(await map.getAttribute('data-links-drawn')) > 0) break;
      if (performance.now() - start > 120_000) throw new Error('no links drawn within 2 minutes');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    rows.push([`navigation → first drawn network, ${visit}, ms`, (performance.now() - start).toFixed(0)]);
  }
  rows.push(['links drawn at the start view', (await map.getAttribute('data-links-drawn')) ?? '?']);

  // Pan: drag the map back and forth while counting animation frames in the page.
  const box = (await map.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  // Strings, not functions: tsx adds a helper (__name) to compiled functions that the page does not have.
  await page.evaluate(`
    window.__frames = 0;
    window.__counting = true;
    const tick = () => {
      if (!window.__counting) return;
      window.__frames++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  `);
  const panStart = performance.now();
  let direction = 1;
  while (performance.now() - panStart < PAN_SECONDS * 1000) {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let step = 1; step <= 20; step++) await page.mouse.move(cx + direction * step * 15, cy + direction * step * 8);
    await page.mouse.up();
    direction = -direction;
  }
  const frames = Number(await page.evaluate('window.__counting = false; window.__frames'));
  const seconds = (performance.now() - panStart) / 1000;
  rows.push(['frames per second while panning (SwiftShader)', (frames / seconds).toFixed(1)]);

  // A capacity edit: select a link by clicking near the map's centre (spiralling out until a link panel opens),
  // then commit a new capacity with Enter, ten times. The page times from the Enter keydown (captured before the
  // form sees it) to a task queued by the next animation frame, which runs after that frame's callbacks (deck.gl
  // draws in its own) and paint.
  await page.goto('/bench/berlin/editor'); // back at the stored centre (the pan moved the network aside)
  for (const started = performance.now(); !(Number(await map.getAttribute('data-links-drawn')) > 0); ) {
    if (performance.now() - started > 120_000) throw new Error('no links drawn within 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // Zoom in on the centre (links are picked from the drawn lines), then let the view's query load.
  await page.mouse.move(cx, cy);
  for (let i = 0; i < 6; i++) {
    await page.mouse.wheel(0, -400);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const linkHeading = page.getByRole('heading', { name: /^Link / });
  for (let ring = 0; ring < 40 && !(await linkHeading.isVisible()); ring++) {
    const angle = ring * 2.4;
    await page.mouse.click(cx + Math.cos(angle) * ring * 6, cy + Math.sin(angle) * ring * 6);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await linkHeading.waitFor({ timeout: 5000 });
  await page.evaluate(`
    window.__edits = [];
    document.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' || !window.__timeEdit) return;
      window.__timeEdit = false;
      const start = performance.now();
      let handled = 0;
      setTimeout(() => (handled = performance.now() - start));
      requestAnimationFrame(() => setTimeout(() => window.__edits.push([performance.now() - start, handled])));
    }, true);
  `);
  const capacity = page.getByLabel('Capacity (veh/hour)', { exact: true });
  const list = page.getByTestId('modification-list').locator('li');
  for (let i = 0; i < 10; i++) {
    await capacity.fill(String(1000 + i));
    await page.evaluate('window.__timeEdit = true');
    await capacity.press('Enter');
    for (const started = performance.now(); (await list.count()) < i + 1; ) {
      if (performance.now() - started > 10_000) throw new Error('the capacity edit did not reach the modification list');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  const timed = (await page.evaluate('window.__edits')) as [number, number][];
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  rows.push(['capacity edit → redrawn map, median ms (10 edits)', median(timed.map(([total]) => total)).toFixed(1)]);
  rows.push(['capacity edit → redrawn map, worst ms', Math.max(...timed.map(([total]) => total)).toFixed(1)]);
  rows.push(['  of which the edit handled (store, React, layers; before the frame), median ms', median(timed.map(([, handled]) => handled)).toFixed(1)]);

  console.log('| measure | value |\n|---|---:|');
  for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
} finally {
  await browser.close();
  await server.stop();
}
