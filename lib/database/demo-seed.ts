/**
 * The demo workspace a fresh database is being given, while the server already answers
 * (prepareDatabase seeds it after the migrations, in the background). Kept on globalThis: the
 * instrumentation hook that starts it and the routes that wait for it are separate bundles.
 */
const state = globalThis as unknown as { __covenantDemoSeed?: Promise<void> };

/** Resolves once the demo workspace being seeded exists (at once when none is). Password sign-in waits for it. */
export const demoSeeded = (): Promise<void> => state.__covenantDemoSeed ?? Promise.resolve();

export function seedingDemo(seed: Promise<void>): void {
  state.__covenantDemoSeed = seed;
}
