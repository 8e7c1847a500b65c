/**
 * CORS headers for browser chat widgets: on answers, on errors and on preflights, for the default
 * `*` and for a list of origins (an origin not listed gets no Access-Control-Allow-Origin).
 */
import { describe, expect, it } from 'vitest';
import { tenant } from './support/harness';

const ORIGIN = 'https://widget.example';

describe('CORS', () => {
  it('allows any origin by default, on answers and on errors', async () => {
    const t = tenant('cors-any');
    for (const path of ['/health', '/search?q=', '/nowhere']) {
      const res = await t.call(path, { headers: { Origin: ORIGIN } });
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(res.headers.get('access-control-expose-headers'), path).toContain('X-Request-Id');
      expect(res.headers.get('x-request-id'), path).toBeTruthy();
    }
  });

  it('answers a preflight with the methods and headers a widget may use', async () => {
    const t = tenant('cors-preflight');
    const res = await t.call('/search', {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET,POST,OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toContain('Content-Type');
    expect(res.headers.get('access-control-max-age')).toBe('86400');
  });

  it('with CORS_ORIGINS, names only a listed origin and varies on Origin', async () => {
    const t = tenant('cors-list', { CORS_ORIGINS: `${ORIGIN}, https://other.example` });
    const allowed = await t.call('/openapi.json', { headers: { Origin: ORIGIN } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(allowed.headers.get('vary')).toContain('Origin');
    const refused = await t.call('/openapi.json', { headers: { Origin: 'https://evil.example' } });
    expect(refused.status).toBe(200);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const error = await t.call('/search?q=', { headers: { Origin: ORIGIN } });
    expect(error.status).toBe(400);
    expect(error.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it('matches origins written with capitals or a default port, as the browser sends them', async () => {
    // A browser sends "https://course.example": the entries below once passed the config check and matched nothing.
    const t = tenant('cors-case', { CORS_ORIGINS: 'https://Course.EXAMPLE:443,http://LOCALHOST:80,http://localhost:3000' });
    for (const origin of ['https://course.example', 'http://localhost', 'http://localhost:3000']) {
      const res = await t.call('/search?q=', { headers: { Origin: origin } });
      expect(res.headers.get('access-control-allow-origin'), origin).toBe(origin);
    }
    const refused = await t.call('/search?q=', { headers: { Origin: 'https://course.example:8443' } });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('also on a refusal by access control, before any route ran (a widget must read the 401)', async () => {
    const t = tenant('cors-keys', { API_KEYS: 'key-a-0123456789abcdef' });
    const res = await t.call('/search?q=topics', { headers: { Origin: ORIGIN } });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});
