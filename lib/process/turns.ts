import { Prisma } from "@/lib/generated/prisma/client";

/**
 * The one turn rule (issue 38): whose turn it is in a process of participants (approvers,
 * signers, later workflow steps), whether one of them may act, and who is due next after one
 * acts. Every service that asks "whose turn is it?" asks here, and the reminders job reads the
 * same rule as SQL (`inTurnSql`, below), so the screens, the requests and the reminders never
 * disagree. docs/approvals-and-signatures.md, "One turn rule".
 *
 * The word is the spec's: every participant has an `order` (Approval.order, Signature.order,
 * Party.order), so a process is `ordered` (by that order) or `parallel` (everyone at once). The
 * approvals' stored and served value `sequential` means `ordered` and is mapped at its edge
 * (lib/approvals/schemas.ts, `approvalTurnOrder`).
 */
export const TURN_ORDERS = ["ordered", "parallel"] as const;
export type TurnOrder = (typeof TURN_ORDERS)[number];

/** Where a participant stands: not asked yet, asked, done (approved, signed), or declined (rejected, declined). */
export type ParticipantState = "waiting" | "requested" | "done" | "declined";

/** What the rule reads of a participant: its position (the spec's `order`; equal positions act together) and its state. */
export type Participant = { id: string; position: number; state: ParticipantState };

/**
 * How a process reads its participants. `onDecline`: a refusal `stops` the process (nobody's
 * turn after it, as an approver's rejection) or `skips` only the one who refused (the others
 * keep their turns, as a declined signer: sending again asks the rest).
 */
export type TurnRules<T> = {
  participant: (row: T) => Participant;
  onDecline: "stops" | "skips";
};

const isOpen = (p: Participant) => p.state === "waiting" || p.state === "requested";

/** Whose turn it is, as participants: none once stopped; parallel, every open one; ordered, the open ones of the lowest open position. */
function inTurn(participants: Participant[], order: TurnOrder, onDecline: TurnRules<unknown>["onDecline"]): Set<string> {
  if (onDecline === "stops" && participants.some((p) => p.state === "declined")) return new Set();
  const open = participants.filter(isOpen);
  if (order === "parallel" || open.length === 0) return new Set(open.map((p) => p.id));
  const lowest = Math.min(...open.map((p) => p.position));
  return new Set(open.filter((p) => p.position === lowest).map((p) => p.id));
}

/**
 * The turn rule bound to one kind of row (an Approval, a Signature): each answer takes the
 * process's rows and its order, and answers rows. `rows` are all the participants of one process.
 */
export function turnsOf<T>({ participant, onDecline }: TurnRules<T>) {
  /** The rows whose participants (as `participant` reads them, `id` marked done when given) are in turn. */
  const inTurnOf = <R extends T>(rows: readonly R[], order: TurnOrder, actedId?: string) => {
    const read = rows.map((row) => {
      const p = participant(row);
      return { row, p: p.id === actedId ? { ...p, state: "done" as const } : p };
    });
    const ids = inTurn(
      read.map((r) => r.p),
      order,
      onDecline,
    );
    return read.filter((r) => ids.has(r.p.id));
  };
  return {
    /** Whether a refusal has ended the process (never, when a refusal only skips the one who refused). */
    stopped: (rows: readonly T[]) => onDecline === "stops" && rows.some((row) => participant(row).state === "declined"),
    /** Whether everyone is done: the process has ended well. */
    complete: (rows: readonly T[]) => rows.length > 0 && rows.every((row) => participant(row).state === "done"),
    /** The participants who may act now (the set whose turn it is). */
    whoseTurn: <R extends T>(rows: readonly R[], order: TurnOrder): R[] => inTurnOf(rows, order).map((r) => r.row),
    /** Whether the participant `id` may act now. */
    mayAct: (rows: readonly T[], id: string, order: TurnOrder) => inTurnOf(rows, order).some((r) => r.p.id === id),
    /** Whose turn it is and who has not been asked yet: whom to request now. */
    due: <R extends T>(rows: readonly R[], order: TurnOrder): R[] =>
      inTurnOf(rows, order)
        .filter((r) => r.p.state === "waiting")
        .map((r) => r.row),
    /**
     * After `id` has acted (done): who is due then, not yet asked (the next position's
     * participants in an ordered process once `id`'s position is all done; nobody new in a parallel one).
     */
    nextAfter: <R extends T>(rows: readonly R[], id: string, order: TurnOrder): R[] =>
      inTurnOf(rows, order, id)
        .filter((r) => r.p.state === "waiting")
        .map((r) => r.row),
  };
}

/**
 * The same rule in SQL, for readers that work on sets (the signature reminders job): true when
 * the row `alias` of `table` is in turn. Its participants are the rows of `table` with the same
 * `group` column (the document); `position`, `doneAt` and `declinedAt` name its columns (a
 * participant is open when both timestamps are null); `parallel` is a boolean expression, true
 * when the process is parallel (null reads as ordered). Agrees with `turnsOf` case for case
 * (tests/integration/process/turns-sql.test.ts). Column names are the caller's constants, never input.
 */
export function inTurnSql(spec: {
  table: string;
  alias: string;
  group: string;
  position: string;
  doneAt: string;
  declinedAt: string;
  parallel: Prisma.Sql;
  onDecline: "stops" | "skips";
}): Prisma.Sql {
  const quoted = (name: string) => Prisma.raw(`"${name}"`);
  const [table, a, group, position, doneAt, declinedAt] = [
    quoted(spec.table),
    Prisma.raw(spec.alias),
    quoted(spec.group),
    quoted(spec.position),
    quoted(spec.doneAt),
    quoted(spec.declinedAt),
  ];
  const open = (alias: Prisma.Sql) => Prisma.sql`${alias}.${doneAt} IS NULL AND ${alias}.${declinedAt} IS NULL`;
  const o = Prisma.raw("turn_o");
  const notStopped =
    spec.onDecline === "stops"
      ? Prisma.sql` AND NOT EXISTS (SELECT 1 FROM ${table} ${o} WHERE ${o}.${group} = ${a}.${group} AND ${o}.${declinedAt} IS NOT NULL)`
      : Prisma.empty;
  return Prisma.sql`(${open(a)}${notStopped}
    AND (coalesce(${spec.parallel}, false) OR NOT EXISTS (
      SELECT 1 FROM ${table} ${o} WHERE ${o}.${group} = ${a}.${group} AND ${o}.${position} < ${a}.${position} AND ${open(o)})))`;
}
