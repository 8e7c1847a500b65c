/**
 * Qdrant Cloud serves its REST API on port 6333; a cluster URL copied without it
 * (`https://xyz.cloud.qdrant.io`) goes to 443, where ingest then fails to connect or hangs,
 * with nothing pointing at the missing port. Only a warning: a proxy may serve 443. Checked by
 * the ingest CLI, never on the Worker's request path.
 */

/** Qdrant Cloud's REST port. */
export const QDRANT_CLOUD_REST_PORT = 6333;

/**
 * The one-line warning for a Qdrant Cloud URL that gives no port, else null (another host, a port
 * given, 443 included, or not a URL: the config schema reports that).
 *
 * @example
 * qdrantCloudPortWarning('https://xyz.eu-central-1-0.aws.cloud.qdrant.io');
 * // 'QDRANT_URL https://xyz.eu-central-1-0.aws.cloud.qdrant.io gives no port: Qdrant Cloud's REST API listens on 6333 (https://xyz.eu-central-1-0.aws.cloud.qdrant.io:6333), unless a proxy of yours serves 443'
 * qdrantCloudPortWarning('https://xyz.cloud.qdrant.io:6333'); // null
 */
export function qdrantCloudPortWarning(qdrantUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(qdrantUrl);
  } catch {
    return null;
  }
  if (!url.hostname.toLowerCase().endsWith('.cloud.qdrant.io')) return null;
  // URL drops a port equal to the scheme's default (":443"), so look at what was written.
  const authority = qdrantUrl.replace(/^[a-z]+:\/\//i, '').split(/[/?#]/)[0]!;
  if (/:\d+$/.test(authority)) return null;
  const withPort = `${url.protocol}//${url.hostname}:${QDRANT_CLOUD_REST_PORT}${url.pathname === '/' ? '' : url.pathname}`;
  return `QDRANT_URL ${qdrantUrl} gives no port: Qdrant Cloud's REST API listens on ${QDRANT_CLOUD_REST_PORT} (${withPort}), unless a proxy of yours serves 443`;
}
