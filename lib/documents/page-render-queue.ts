/**
 * The one line page images are rendered in, per server process (issue 37, item 9): at most
 * PAGE_RENDER_CONCURRENCY renders run at once (pdftoppm takes a core and, for a large page, its
 * memory), at most PAGE_RENDER_QUEUE wait behind them, and a page asked for again while it is
 * queued or rendering joins that render instead of starting a second one.
 */

/** Renders running at once; 2 by default (the machines here have 2 cores). */
export const PAGE_RENDER_CONCURRENCY = Math.max(1, Number(process.env.PAGE_RENDER_CONCURRENCY) || 2);
/** Renders that may wait; past it a request is told to come back (`enqueuePageRender` returns null). */
export const PAGE_RENDER_QUEUE = Math.max(1, Number(process.env.PAGE_RENDER_QUEUE) || 50);

type Task = { key: string; run: () => Promise<Uint8Array>; resolve: (png: Uint8Array) => void; reject: (error: unknown) => void };

const waiting: Task[] = [];
const pending = new Map<string, Promise<Uint8Array>>();
let running = 0;

/** What the queue did, for tests: renders started, the most at once, and now. */
export const pageRenderStats = { started: 0, peak: 0, running: () => running, waiting: () => waiting.length };

function next() {
  while (running < PAGE_RENDER_CONCURRENCY && waiting.length) {
    const task = waiting.shift()!;
    running++;
    pageRenderStats.started++;
    pageRenderStats.peak = Math.max(pageRenderStats.peak, running);
    task
      .run()
      .then(task.resolve, task.reject)
      .finally(() => {
        running--;
        pending.delete(task.key);
        next();
      });
  }
}

/**
 * The render of `key` (one page of one version): the one already queued or running, else `run`
 * queued now. Null when the queue is full. The promise settles when the render ends, however
 * long the caller waits for it: a caller who stops waiting leaves it to finish (and be stored).
 */
export function enqueuePageRender(key: string, run: () => Promise<Uint8Array>): Promise<Uint8Array> | null {
  const joined = pending.get(key);
  if (joined) return joined;
  if (waiting.length >= PAGE_RENDER_QUEUE) return null;
  const promise = new Promise<Uint8Array>((resolve, reject) => waiting.push({ key, run, resolve, reject }));
  // Nobody may be waiting on it any more (the request answered first): never an unhandled rejection.
  promise.catch(() => undefined);
  pending.set(key, promise);
  next();
  return promise;
}
