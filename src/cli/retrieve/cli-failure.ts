/**
 * How `retrieve` turns any failure into an exit code and a stderr message with a hint. Errors
 * from core keep their taxonomy (see exit-codes.ts); the CLI's own failures (bad flags, a missing
 * index file, a Worker that does not answer) carry their exit code directly.
 */
import { isRetrieverError } from '../../core/common/errors';
import { EXIT, exitFor } from '../exit-codes';

/** A failure the CLI itself detected, with the exit code and the hint to print. */
export class CliFailure extends Error {
  readonly exitCode: number;
  readonly hint: string;

  constructor(exitCode: number, message: string, hint: string) {
    super(message);
    this.name = 'CliFailure';
    this.exitCode = exitCode;
    this.hint = hint;
  }
}

/** A usage error: bad flags or values. Exit 2, like a configuration error: the invocation must change. */
export function usageError(message: string): CliFailure {
  return new CliFailure(EXIT.config, message, 'run `retrieve --help` for usage');
}

/**
 * Exit code, message and hint for any thrown value. `invalid_request` (a search parameter the
 * user typed, or a malformed query set) is a usage error, so exit 2; a `details.hint` on a
 * RetrieverError replaces the generic hint.
 *
 * @example
 * describeFailure(new RetrieverError('config_error', 'bad', { variables: ['QDRANT_URL'] })).code; // 2
 */
export function describeFailure(error: unknown): { code: number; message: string; hint: string } {
  if (error instanceof CliFailure) return { code: error.exitCode, message: error.message, hint: error.hint };
  if (isRetrieverError(error) && error.code === 'invalid_request') {
    return { ...exitFor(error), hint: 'run `retrieve --help` for usage' };
  }
  const mapped = exitFor(error);
  const hint = isRetrieverError(error) && typeof error.details.hint === 'string' ? error.details.hint : mapped.hint;
  return { ...mapped, hint };
}
