/**
 * `npm run dev` rebuilds the demo page and the widget when their sources change. The Worker imports
 * them from generated/web-assets.ts, which wrangler's dev server watches as part of the bundle, so a
 * rebuilt file reloads the server. Before this, `npm run dev` built them once at start, and an edit
 * under src/web showed only after a restart.
 */
import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';

/** What the watcher does: rebuild, and say what happened. */
export interface WebWatchOptions {
  /** Rebuilds the assets; a rejection (a syntax error being typed) keeps the last good build. */
  rebuild: () => Promise<unknown>;
  /** Told after each rebuild that succeeded. */
  onRebuilt?: () => void;
  /** Told why a rebuild failed; the watcher keeps watching. */
  onError?: (error: unknown) => void;
  /** Quiet time after the last change before rebuilding: an editor's save is several events. */
  debounceMs?: number;
}

/**
 * Watches `dirs` and every folder under them, and runs `rebuild` once per burst of changes, never two at a time:
 * a change during a rebuild queues one more. Returns the function that stops watching.
 *
 * @example
 * const stop = watchWebSources(['src/web', 'src/client'], { rebuild: () => buildWebAssets() });
 * stop();
 */
export function watchWebSources(dirs: string[], options: WebWatchOptions): () => void {
  const { rebuild, onRebuilt, onError, debounceMs = 150 } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;
  let stopped = false;

  const run = async (): Promise<void> => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      await rebuild();
      onRebuilt?.();
    } catch (error) {
      onError?.(error);
    } finally {
      running = false;
    }
    if (again) {
      again = false;
      await run();
    }
  };
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void run(), debounceMs);
  };
  // Each folder of the tree is watched on its own, not with `recursive: true`: Node 20's recursive
  // watcher on Linux follows files, and lost one an editor saved by renaming a new file over it
  // (`sed -i`, vim), so the next save rebuilt nothing. A folder's watch sees its files replaced.
  // A folder its parent reports (made, or removed and made again: a branch switched) is watched
  // anew with what lies under it: an old watch of a removed folder hears nothing of the new one.
  const watchers = new Map<string, FSWatcher>();
  const watchTree = (dir: string, anew = false) => {
    if (stopped || (watchers.has(dir) && !anew)) return;
    try {
      watchers.get(dir)?.close();
      watchers.set(dir, watch(dir, (_event, name) => {
        if (name) watchIfFolder(join(dir, String(name))); // a folder created since is watched from now on
        changed();
      }));
      for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) watchTree(join(dir, entry.name), anew);
    } catch {
      // A folder removed while being read: nothing under it left to watch.
    }
  };
  const watchIfFolder = (path: string) => {
    try {
      if (statSync(path).isDirectory()) watchTree(path, true);
    } catch {
      // Gone again (an editor's temporary file): nothing to watch.
    }
  };
  for (const dir of dirs) watchTree(dir);
  return () => {
    stopped = true;
    clearTimeout(timer);
    for (const watcher of watchers.values()) watcher.close();
  };
}
