/**
 * `GET /widget.js`: the embeddable search panel, loaded by `<script src>` from any origin.
 * Cached for an hour (then revalidated by ETag); `Cross-Origin-Resource-Policy: cross-origin`
 * so pages that isolate themselves (COEP) may still load it.
 */
import type { Context } from 'hono';
import { WIDGET_SCRIPT, WIDGET_SCRIPT_ETAG } from '../../../generated/web-assets';
import type { AppEnv } from '../bindings';
import { serveAsset } from '../static-asset';

/** Handler of `GET /widget.js`. */
export function widgetRoute(c: Context<AppEnv>): Response {
  return serveAsset(c, {
    body: WIDGET_SCRIPT,
    etag: WIDGET_SCRIPT_ETAG,
    contentType: 'text/javascript; charset=utf-8',
    cacheControl: 'public, max-age=3600, stale-while-revalidate=86400',
    headers: { 'Cross-Origin-Resource-Policy': 'cross-origin' },
  });
}
