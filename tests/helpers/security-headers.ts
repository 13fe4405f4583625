/**
 * The headers every answer carries (issue #21 point 3), JSON, files and errors alike: the
 * Content-Security-Policy with no framing, no plugins and scripts from our origin only; nosniff;
 * DENY framing; no referrer. Answers what is missing, or undefined.
 */
export function securityHeadersProblem(res: { headers: Record<string, unknown> }): string | undefined {
  const h = res.headers;
  const csp = String(h['content-security-policy'] ?? '');
  const missing = [
    !/(^|;)\s*frame-ancestors 'none'/.test(csp) && "CSP frame-ancestors 'none'",
    !/(^|;)\s*object-src 'none'/.test(csp) && "CSP object-src 'none'",
    !/(^|;)\s*base-uri 'self'/.test(csp) && "CSP base-uri 'self'",
    !/(^|;)\s*script-src 'self'(;|$)/.test(csp) && "CSP script-src 'self' only",
    h['x-content-type-options'] !== 'nosniff' && 'X-Content-Type-Options: nosniff',
    h['x-frame-options'] !== 'DENY' && 'X-Frame-Options: DENY',
    h['referrer-policy'] !== 'no-referrer' && 'Referrer-Policy: no-referrer',
  ].filter(Boolean);
  return missing.length ? `missing ${missing.join(', ')}` : undefined;
}
