import type { PGlite } from "@electric-sql/pglite";
import type { SqlDriverAdapter } from "@prisma/driver-adapter-utils";
import { PrismaPGlite } from "pglite-prisma-adapter";

type Transaction = PGlite["transaction"];

/**
 * PGlite's connection as the adapter's transactions see it, with one difference: a transaction
 * that fails after it started (its COMMIT refused: a deferred constraint, a write that could not
 * be kept) rejects. pglite-prisma-adapter 0.7 turns that failure into a resolved promise (its
 * `.catch` only meant to report a failure to start), so Prisma's `$transaction` answered as if
 * the commit had passed while PGlite had rolled everything back; on a PostgreSQL server the same
 * commit throws. A failure before the transaction started still goes to the adapter's handler.
 */
function reportingCommitFailures(pglite: PGlite): PGlite {
  const transaction = (<T>(callback: Parameters<Transaction>[0]) => {
    let started = false;
    const result = pglite.transaction((tx) => {
      started = true;
      return callback(tx);
    });
    const reporting = {
      then: result.then.bind(result),
      finally: result.finally.bind(result),
      catch: (handler: (error: unknown) => unknown) =>
        result.catch((error: unknown) => {
          if (!started) return handler(error);
          throw error;
        }),
    };
    return reporting as unknown as Promise<T>;
  }) as Transaction;
  // The adapter's start of a transaction asks its connection for `transaction` alone.
  return { transaction } as PGlite;
}

/** pglite-prisma-adapter's factory whose transactions report a failed commit (see above). */
export class ReportingPGlite extends PrismaPGlite {
  override async connect(): Promise<SqlDriverAdapter> {
    const adapter = (await super.connect()) as SqlDriverAdapter & {
      startTransactionInner: (conn: PGlite, options: unknown) => Promise<unknown>;
    };
    const start = adapter.startTransactionInner.bind(adapter);
    adapter.startTransactionInner = (conn, options) => start(reportingCommitFailures(conn), options);
    return adapter;
  }
}
