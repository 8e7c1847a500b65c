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
 * `api-key: …` pair) with `[redacted]`. A secret is found in any letter case, percent-encoded, in
 * base64 (as a Basic `Authorization` value carries it) and cut short by its last four characters (a
 * masked echo, `sk-live-abcd…`): upstreams and proxies echo credentials in all of these forms.
 * Secrets shorter than 4 characters are ignored: replacing them would mangle ordinary text without
 * protecting anything.
 *
 * @example
 * redactSecrets('bad key SK-123456', ['sk-123456']); // 'bad key [redacted]'
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  const forms = secretForms(secrets);
  let out = forms ? text.replace(forms, REDACTED) : text;
  // One cheap scan first: the request log line (written on every request) rarely holds any of the
  // words the credential patterns start with, and their capturing replaces cost more.
  if (!MAYBE_CREDENTIAL.test(out)) return out;
  for (const [pattern, replacement] of CREDENTIAL_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

const formsOf = new WeakMap<readonly string[], RegExp | null>();

/**
 * One case-insensitive pattern for every form of every secret, longest first (a secret that contains
 * another is removed whole); built once per list (a Worker's list lives as long as its isolate).
 */
function secretForms(secrets: readonly string[]): RegExp | null {
  if (formsOf.has(secrets)) return formsOf.get(secrets)!;
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    // With and without its padding (the longer form is tried first).
    const encoded = base64(secret);
    forms.add(encoded);
    forms.add(encoded.replace(/=+$/, ''));
    // A prefix of 12 or more characters is still most of a key; shorter ones could be ordinary text.
    if (secret.length >= 16) forms.add(secret.slice(0, -4));
  }
  const sorted = [...forms].filter((form) => form.length >= 4).sort((a, b) => b.length - a.length);
  const pattern = sorted.length ? new RegExp(sorted.map(escapeRegExp).join('|'), 'gi') : null;
  formsOf.set(secrets, pattern);
  return pattern;
}

function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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
