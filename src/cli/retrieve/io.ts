/**
 * What `runRetrieve` writes to and runs in, injected so tests drive the CLI in-process.
 */

/** Output streams, working directory and (optionally) the fetch used for upstreams and --url. */
export interface RetrieveIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  fetch?: typeof fetch;
}

/** The real process: stdout/stderr with a trailing newline per write, `process.cwd()`. */
export function processIo(): RetrieveIo {
  return {
    stdout: (text) => void process.stdout.write(`${text}\n`),
    stderr: (text) => void process.stderr.write(`${text}\n`),
    cwd: process.cwd(),
  };
}
