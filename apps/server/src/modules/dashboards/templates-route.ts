/**
 * GET /static/dashboard/templates/{key}.json (spec 3 §7): the layouts of "Load from Template", kept as data files
 * beside this module. Outside /api/v1 and without sign-in: a template holds no data, only panels over the table
 * names run post-processing creates (docs/decisions.md). Registered before the web app so it wins over its
 * fallback; hidden from the OpenAPI document, which describes /api/v1.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DASHBOARD_TEMPLATES, type DashboardTemplateKey } from '@corridor/contract';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../plugins/errors.ts';

export const TEMPLATES_DIR = path.join(import.meta.dirname, 'templates');
export const TEMPLATE_NOT_FOUND = 'The dashboard template could not be found.';

export function templatePath(key: DashboardTemplateKey): string {
  return path.join(TEMPLATES_DIR, `${key}.json`);
}

export async function dashboardTemplateRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>('/static/dashboard/templates/:file', { schema: { hide: true } }, async (request, reply) => {
    const key = DASHBOARD_TEMPLATES.find((k) => `${k}.json` === request.params.file);
    if (!key) return sendError(reply, 404, TEMPLATE_NOT_FOUND);
    // Read per request (two small files): a changed template is served without a restart.
    const json = await readFile(templatePath(key));
    return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(json);
  });
}
