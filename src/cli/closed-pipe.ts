/**
 * `retrieve "…" --json -k 50 | head`: when the reader closes the pipe, the rest of the output has
 * nowhere to go. Node reports that as an unhandled EPIPE error, a stack trace and exit 1, as if the
 * command had failed; like `cat` or `grep`, a command of this CLI then stops quietly instead.
 */
import { EXIT } from './cli-failure';

/**
 * Makes the process exit quietly (status 0) when `stream`'s reader goes away; any other write error
 * is thrown as before.
 *
 * @example
 * stopQuietlyOnClosedPipe(); // at the top of a command's entry point
 */
export function stopQuietlyOnClosedPipe(stream: NodeJS.WritableStream = process.stdout, exit: (code: number) => void = (code) => process.exit(code)): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    exit(EXIT.ok);
  });
}
