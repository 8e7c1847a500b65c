/**
 * Keeps secrets and raw upstream text out of what callers see. An upstream (or a proxy in front
 * of it) may echo the request's credentials in an error body; those bodies reach callers only as a
 * short, redacted reason, and reach the logs only redacted.
 */

/** What replaces a secret. */
export const REDACTED = '[redacted]';

/** Longest reason quoted to a caller. */
export const MAX_REASON_LENGTH = 120;

/** Longest upstream text kept for the server-side log. */
export const MAX_LOGGED_TEXT = 2000;

// Credentials that look like credentials even when we do not know their value. Values stop at a
// backslash too, so redacting text already escaped inside a JSON string keeps it valid JSON.
const CREDENTIAL_PATTERNS: [RegExp, string][] = [
  [/\b(bearer)\s+[^\s"'\\,;]+/gi, `$1 ${REDACTED}`],
  [/\b(api[-_]?key|x-api-key|authorization|token|secret|password)(\\?["']?\s*[:=]\s*\\?["']?)(?!bearer\s)[^\s"'\\,;}]+/gi, `$1$2${REDACTED}`],
];

/** Every word a {@link CREDENTIAL_PATTERNS} match starts with. */
const MAYBE_CREDENTIAL = /bearer|api[-_]?key|authorization|token|secret|password/i;

/**
 * Replaces every occurrence of each secret (and anything shaped like a bearer token or an
 * `api-key: …` pair) with `[redacted]`. Secrets shorter than 4 characters are ignored: replacing
 * them would mangle ordinary text without protecting anything.
 *
 * @example
 * redactSecrets('bad key sk-123456', ['sk-123456']); // 'bad key [redacted]'
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of longestFirst(secrets)) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  // One cheap scan first: the request log line (written on every request) rarely holds any of the
  // words the credential patterns start with, and their capturing replaces cost more.
  if (!MAYBE_CREDENTIAL.test(out)) return out;
  for (const [pattern, replacement] of CREDENTIAL_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

const sortedSecrets = new WeakMap<readonly string[], string[]>();

/** The secrets worth replacing, longest first (a secret that contains another is removed whole). */
function longestFirst(secrets: readonly string[]): string[] {
  let sorted = sortedSecrets.get(secrets);
  if (!sorted) sortedSecrets.set(secrets, (sorted = secrets.filter((s) => s.length >= 4).sort((a, b) => b.length - a.length)));
  return sorted;
}

/**
 * A short reason safe to show a caller: the upstream's own message when its body is a known error
 * envelope (Qdrant `status.error`, Cohere `message`), secrets redacted, URLs and control
 * characters removed, at most {@link MAX_REASON_LENGTH} characters.
 *
 * @example
 * sanitizeReason('{"message":"invalid api token sk-1"}', ['sk-1']); // 'invalid api token [redacted]'
 */
export function sanitizeReason(body: string, secrets: readonly string[]): string {
  const cleaned = redactSecrets(envelopeMessage(body), secrets)
    .replace(/https?:\/\/\S+/g, '<url>')
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.length > MAX_REASON_LENGTH ? `${cleaned.slice(0, MAX_REASON_LENGTH - 1)}…` : cleaned;
}

/** Upstream text for the server-side log: redacted and capped. */
export function loggableText(body: string, secrets: readonly string[]): string {
  // Redact first: cutting first could leave half a secret that no longer matches.
  return redactSecrets(body, secrets).slice(0, MAX_LOGGED_TEXT);
}

function envelopeMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { status?: { error?: unknown }; message?: unknown; error?: unknown };
    const message = parsed?.status?.error ?? parsed?.message ?? parsed?.error;
    return typeof message === 'string' ? message : body;
  } catch {
    return body;
  }
}
