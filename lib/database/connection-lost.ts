/**
 * What the driver, Prisma or PostgreSQL say when the database cannot be reached or a connection is
 * gone: the server ended it (57P0x), the socket closed or was refused, Prisma could not reach it.
 */
const CONNECTION_LOST =
  /\b(57P01|57P02|57P03|08000|08001|08003|08006|ECONNRESET|ECONNREFUSED|EPIPE|P1001|P1017)\b|Connection terminated|not queryable|terminating connection|connection error/i;

/** Whether an error (or what caused it) says the connection to PostgreSQL was lost. */
export function isConnectionLost(error: unknown): boolean {
  let current = error as { message?: unknown; code?: unknown; meta?: { code?: unknown }; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth++, current = current.cause as typeof current) {
    if (CONNECTION_LOST.test(`${String(current.code ?? "")} ${String(current.meta?.code ?? "")} ${String(current.message ?? "")}`))
      return true;
  }
  return false;
}
