/**
 * Security headers via @fastify/helmet. The policy allows inline styles because Mantine and Swagger UI set
 * style attributes and <style> tags at run time; scripts stay 'self' only (Vite and Swagger UI load none inline).
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * `mapOrigins`: the origins of the configured map styles (MAP_STYLE_URL_*): MapLibre fetches the style, its tiles,
 * glyphs and sprites from there.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: URL | null, mapOrigins: string[] = []): Promise<void> {
  const https = publicUrl?.protocol === 'https:';
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'", ...mapOrigins],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...mapOrigins],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        workerSrc: ["'self'", 'blob:'],
        // Only behind https: on plain http (a LAN address) it would break every asset request.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS on a plain-http installation would lock browsers out of it; only send it when served over https.
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  });
}
