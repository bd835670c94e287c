/** /api/v1/sysinfo: system information (administrators) and the help page's config info. HTTP only. */
import { ConfigInfo, SysInfo } from '@corridor/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswers } from '../../plugins/schemas.ts';
import type { SysInfoService } from './service.ts';

const tags = ['system'];

export function sysInfoRoutes(service: SysInfoService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/sysinfo/sysinfo',
      {
        schema: {
          tags,
          summary: 'Version, uptime, database, DATA_DIR disk use, files, runs, runners, host CPU and memory (administrators)',
          response: { 200: SysInfo, ...errorAnswers(401, 403) },
        },
      },
      (request) => service.sysInfo(request.actor),
    );

    app.get(
      '/sysinfo/config',
      { schema: { tags, summary: "The help page's version, build date and file access (none enabled)", response: { 200: ConfigInfo, ...errorAnswers(401) } } },
      (request) => service.config(request.actor),
    );
  };
}
