/**
 * Answers with a build-time asset (generated/web-assets.ts): its precomputed ETag, the caching
 * policy the caller chooses, and `304 Not Modified` when the browser already has these bytes.
 */
import type { Context } from 'hono';

/** One asset and how to serve it. */
export interface StaticAsset {
  body: string;
  etag: string;
  contentType: string;
  cacheControl: string;
  headers?: Record<string, string>;
}

/** True when an `If-None-Match` header lists `etag` (or `*`); weak validators compare equal. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === etag;
  });
}

/**
 * Serves `asset`, or a bodiless 304 when the request's validator matches.
 *
 * @example
 * return serveAsset(c, { body: WIDGET_SCRIPT, etag: WIDGET_SCRIPT_ETAG, contentType: 'text/javascript; charset=utf-8', cacheControl: 'public, max-age=3600' });
 */
export function serveAsset(c: Context, asset: StaticAsset): Response {
  const headers = { ETag: asset.etag, 'Cache-Control': asset.cacheControl, 'X-Content-Type-Options': 'nosniff', ...asset.headers };
  if (matchesEtag(c.req.header('if-none-match'), asset.etag)) return c.body(null, 304, headers);
  return c.body(asset.body, 200, { ...headers, 'Content-Type': asset.contentType });
}
