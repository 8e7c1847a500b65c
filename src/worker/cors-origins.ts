/**
 * CORS_ORIGINS as a browser will compare it. hono's cors matches the `Origin` header exactly, and a
 * browser sends the serialised origin: scheme and host in lower case, no default port, a non-ASCII
 * host in punycode. An entry written otherwise (`https://Course.example`, `https://course.example:443`)
 * passes the configuration check yet never matches, and silently blocks every widget of that site.
 */

/**
 * The allowed origins of a CORS_ORIGINS value, each serialised as a browser sends it; `['*']` for any.
 *
 * @example
 * allowedOrigins('https://Course.example:443, http://localhost:3000'); // ['https://course.example', 'http://localhost:3000']
 */
export function allowedOrigins(value: string): string[] {
  const entries = value.split(',').map((origin) => origin.trim()).filter(Boolean);
  if (entries.includes('*')) return ['*'];
  return [...new Set(entries.map(serialised))];
}

function serialised(entry: string): string {
  try {
    const origin = new URL(entry).origin;
    // An opaque origin ("null") would admit sandboxed pages: keep the entry as written instead.
    return origin === 'null' ? entry : origin;
  } catch {
    return entry;
  }
}
