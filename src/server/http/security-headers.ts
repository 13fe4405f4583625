import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { ECOMMPAY_ORIGIN } from '../../shared/ecommpay';

/**
 * The Content-Security-Policy of every answer (issue #21 point 3): the web app, /api/docs, JSON and
 * files alike. Scripts only from our own origin (no inline script, no eval), nothing may frame the
 * office, no plugins, no <base> elsewhere. `card` adds ECOMMPAY's payment page (its script, style
 * sheet, iframe and form post) when card payments are configured.
 * - style-src allows inline styles: Mantine sets style attributes and injects its CSS variables as
 *   <style> elements; a style cannot run code.
 * - img-src allows any https image: the accommodation gallery shows image links from anywhere
 *   (spec 3: images are links), plus data: (placeholders) and blob: (previews).
 */
export function contentSecurityPolicy(card: boolean): Record<string, string[]> {
  const gateway = card ? [ECOMMPAY_ORIGIN] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...gateway],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...gateway],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...gateway],
    'frame-src': ["'self'", 'blob:', ...gateway],
    'form-action': ["'self'", ...gateway],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
  };
}

/**
 * Registers @fastify/helmet for every route (API, web app, OpenAPI pages, 404s): the policy above,
 * `X-Frame-Options: DENY`, `X-Content-Type-Options: nosniff` (downloads included),
 * `Referrer-Policy: no-referrer` (a reset link's token never leaves in a Referer), and helmet's
 * other defaults (HSTS, COOP/CORP same-origin).
 */
export async function installSecurityHeaders(app: FastifyInstance, { card }: { card: boolean }) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(card) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}
