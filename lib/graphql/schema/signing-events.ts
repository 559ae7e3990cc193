import { Repeater } from "graphql-yoga";
import { z } from "zod";
import type { ServiceContext } from "@/lib/auth/context";
import { activityOperation } from "@/lib/documents/activity-operations";
import { requireDocumentRole } from "@/lib/documents/access";
import { clientGone, pubsub, type DocumentSigningEvent } from "@/lib/events/pubsub";
import { parseInput } from "@/lib/http/parse-input";
import { maskError } from "@/lib/graphql/errors";
import type { Operation } from "@/lib/operations/operation";
import { signingResultOperation } from "@/lib/signatures/signature-operations";
import { builder } from "../builder";
import { declaredField, type Naming } from "../from-declarations";
import { idString } from "@/lib/validation/ids";

const DocumentSigningEventRef = builder.objectRef<DocumentSigningEvent>("DocumentSigningEvent").implement({
  description: "A document's approval, signature or seal changed: read what you show again.",
  fields: (t) => ({
    documentId: t.exposeID("documentId"),
    kind: t.exposeString("kind", { description: "approval, signature or seal." }),
    id: t.exposeID("id", { description: "The Approval, Signature or Seal." }),
    state: t.exposeString("state", {
      description: "requested, viewed, approved, rejected, message, signed, declined, reminded, sealed, sealFailed.",
    }),
  }),
});

/** Whether the caller still reads the document (a removed policy ends the subscription). */
const stillReads = (ctx: ServiceContext, documentId: string) =>
  requireDocumentRole(ctx, documentId, "reader").then(
    () => true,
    () => false,
  );

/**
 * The events of one document while the caller may read it: checked when subscribing (NOT_FOUND
 * for a document of another workspace or one the caller cannot see) and again before each event.
 * It ends when `signal` aborts (the client went away) or its consumer returns (the SSE stream was
 * cancelled), at once: a Repeater's return() settles a pending read, where an async generator's
 * waits for the next event, and would hand that event to a closed stream.
 */
export async function documentSigningEvents(
  ctx: ServiceContext,
  documentId: string,
  signal?: AbortSignal,
): Promise<AsyncIterableIterator<DocumentSigningEvent>> {
  await requireDocumentRole(ctx, documentId, "reader");
  const events = pubsub.subscribe("document:signing", documentId, signal);
  return new Repeater<DocumentSigningEvent>(async (push, stop) => {
    void stop.then(() => events.return?.());
    for await (const event of events) {
      if (!(await stillReads(ctx, documentId))) break;
      await push(event);
    }
    stop();
  });
}

builder.subscriptionField("documentSigningChanged", (t) =>
  t.field({
    type: DocumentSigningEventRef,
    description: "Fires when an approval, a signature or the seal of the document changes, in any app process (reader role).",
    args: { documentId: t.arg.id({ required: true }) },
    subscribe: (_root, { documentId }, context) => {
      const { ctx } = context;
      const input = parseInput(z.object({ documentId: idString() }), { documentId: String(documentId) }, "documentSigningChanged");
      // A refusal answers as any GraphQL error does (code, message in the caller's language).
      return documentSigningEvents(ctx, input.documentId, clientGone(context)).catch((error: unknown) => {
        throw maskError(error, ctx.locale);
      });
    },
    resolve: (event) => event,
  }),
);

/** The GraphQL names of activity's shapes (lib/graphql/from-declarations.ts), as they were. */
const activityNaming: Naming = {
  names: new Map<z.ZodType, string>([
    [activityOperation.output, "ActivityPage"],
    [activityOperation.output.shape.items.element, "ActivityEvent"],
  ]),
  enums: {},
};

/** activity: built from its declaration (lib/documents/activity-operations.ts): arguments, result type and description. */
builder.queryField("activity", (t) => declaredField(t as never, activityOperation as unknown as Operation, activityNaming) as never);

/** signingResult (the signer's /thanks, by the `signed` header): built from its declaration (lib/signatures/signature-operations.ts). */
builder.queryField(
  "signingResult",
  (t) =>
    declaredField(
      t as never,
      signingResultOperation as unknown as Operation,
      { names: new Map(), enums: {} },
      { type: "SigningResult" },
    ) as never,
);
