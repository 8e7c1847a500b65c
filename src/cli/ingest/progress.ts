/**
 * A progress bar on stderr (cli-progress) while embedding and upserting; silent when stderr is
 * not a terminal or with --quiet, so logs and CI output stay clean.
 */
import cliProgress from 'cli-progress';

/** Minimal progress reporter. */
export interface Progress {
  start(label: string, total: number): void;
  update(done: number): void;
  stop(): void;
}

/** A terminal progress bar, or a no-op. */
export function createProgress(enabled: boolean): Progress {
  if (!enabled || !process.stderr.isTTY) return { start() {}, update() {}, stop() {} };
  let bar: cliProgress.SingleBar | null = null;
  return {
    start(label, total) {
      bar?.stop();
      bar = new cliProgress.SingleBar(
        { stream: process.stderr, format: `${label.padEnd(10)} [{bar}] {value}/{total} {percentage}% eta {eta_formatted}`, hideCursor: true },
        cliProgress.Presets.shades_classic,
      );
      bar.start(total, 0);
    },
    update(done) {
      bar?.update(done);
    },
    stop() {
      bar?.stop();
      bar = null;
    },
  };
}
