/**
 * workerd logs every outbound connection that fails at *info* level ("exception = kj/async-io…
 * disconnected", kj/compat/http's for a body cut short, "uncaught exception; … Network connection
 * lost" and their `stack:` lines) even when the Worker catches the error — a bare
 * `try { await fetch(deadPort) } catch {}` logs them too. The fault tests drop and refuse
 * connections on purpose, and the pool prints workerd's info lines to stdout, so a passing run
 * showed six such traces. Errors and warnings go to stderr and are left alone; only these info
 * lines on stdout are dropped.
 */
const DISCONNECT_INFO = /^(exception = kj\/(async-io|compat\/http)[^\n]*disconnected|uncaught exception; [^\n]*(Network connection lost|disconnected))/;

/** Filters process.stdout for the rest of the run; returns the function that restores it. */
export function quietWorkerdDisconnects(): () => void {
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (DISCONNECT_INFO.test(text)) return true;
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  return () => {
    process.stdout.write = write;
  };
}
