/**
 * What a failed connection to an upstream was, so its message does not mislead: nothing
 * answered (refused, unknown host) is a wrong URL or a server that is down; a connection that was
 * accepted and then closed before the answer was complete is a restart, an overloaded server or a
 * proxy cutting the request. Node's fetch names the reason in its cause's code. workerd says
 * "Network connection lost." for a refused and for a dropped connection alike, so there only a body
 * that broke off is known to be a drop, and a failure before the headers says both.
 */
import { RetrieverError, type ErrorCode } from '../errors';
import { redactSecrets } from './redact';

// Node (undici) cause codes. A connect timeout is "nothing answered" too: no connection was made.
const UNREACHABLE_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']);
const DROPPED_CODES: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** Where the call was when the connection failed: before the response's headers, or reading its body. */
export type CallPhase = 'headers' | 'body';

/**
 * The error for a connection that failed, with `details.network` (a connection failure, worth a
 * retry) and, when known, `details.connection`: `unreachable` (nothing answered) or `dropped`.
 *
 * @example
 * networkFailure(new TypeError('terminated'), 'body', 'Qdrant', 'vector_store_unavailable', []).message;
 * // 'Qdrant closed the connection before it finished answering: terminated'
 */
export function networkFailure(error: unknown, phase: CallPhase, service: string, code: ErrorCode, secrets: readonly string[]): RetrieverError {
  const cause = causeCode(error);
  const connection = phase === 'body' || (cause !== null && DROPPED_CODES.has(cause)) ? 'dropped' : cause !== null && UNREACHABLE_CODES.has(cause) ? 'unreachable' : null;
  const what =
    connection === 'unreachable'
      ? 'could not be reached'
      : connection === 'dropped'
        ? `closed the connection before ${phase === 'body' ? 'it finished answering' : 'answering'}`
        : 'could not be reached, or closed the connection before answering';
  const details = { upstream: service.toLowerCase(), network: true, ...(connection ? { connection } : {}) };
  return new RetrieverError(code, `${service} ${what}: ${describeNetworkError(error, secrets)}`, details, { cause: error });
}

/** Node's fetch says only "fetch failed"; the reason is its cause's code, when it has one. */
function causeCode(error: unknown): string | null {
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]{2,39}$/.test(code) ? code : null;
}

/**
 * The error's first line, with URLs and secrets removed, and its cause's code: never the cause's
 * text, which names the address.
 *
 * @example
 * describeNetworkError(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }), []); // 'fetch failed (ECONNREFUSED)'
 */
export function describeNetworkError(error: unknown, secrets: readonly string[]): string {
  const cause = causeCode(error);
  const message = error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error);
  const reason = cause === null ? '' : ` (${cause})`;
  return (redactSecrets(message.replace(/https?:\/\/\S+/g, '<url>'), secrets).slice(0, 160) || 'network error') + reason;
}
