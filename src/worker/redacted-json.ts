/**
 * JSON responses that cannot carry a configured secret: the last line of defence after the
 * upstream layer's own redaction, for bodies built from error messages and probe results.
 */
import type { Context } from 'hono';
import { configuredSecrets } from '../core/common/config/parse-config';
import { redactSecrets } from '../core/common/http/redact';

/**
 * Serialises `body`, redacts every secret in the Worker's environment, and answers with it.
 *
 * @example
 * return redactedJson(c, { status: 'ok' }, 200, { 'Cache-Control': 'no-store' });
 */
export function redactedJson(c: Context, body: unknown, status: number, headers: Record<string, string> = {}): Response {
  const text = redactSecrets(JSON.stringify(body), configuredSecrets(c.env as object));
  return c.body(text, status as 200, { ...headers, 'Content-Type': 'application/json' });
}

/**
 * `value` with every secret of the Worker's environment redacted: for parts of a body that is not
 * written by {@link redactedJson} (a batch's per-query error objects).
 *
 * @example
 * const error = redactedValue(c, errorObject(failure, c));
 */
export function redactedValue<T>(c: Context, value: T): T {
  return JSON.parse(redactSecrets(JSON.stringify(value), configuredSecrets(c.env as object))) as T;
}
