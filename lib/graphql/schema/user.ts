import type { z } from "zod";
import { clientGone, pubsub } from "@/lib/events/pubsub";
import { findMyPolicies, getCurrentUser } from "@/lib/users/get-me";
import type { Operation } from "@/lib/operations/operation";
import { emailPreferencesSchema } from "@/lib/sign-in/schemas";
import {
  acceptTosOperation,
  deleteUserOperation,
  me,
  recordWelcomeTourOperation,
  sendVerifyEmailOperation,
  setPasswordOperation,
  updateEmailOperation,
  updatePasswordOperation,
  updateUserMetadataOperation,
  updateUserOperation,
} from "@/lib/users/user-operations";
import { builder } from "../builder";
import { declaredField, type DeclaredFieldOptions, type Naming } from "../from-declarations";

/**
 * A user. Anyone who may see a user sees id, name, email and avatar; the rest is the user's own
 * and is null for everyone else (docs/security.md), whatever their role.
 */
export const User = builder.prismaObject("User", {
  fields: (t) => {
    const own = <T>(user: { id: string }, ctx: { userId: string | null }, value: T): T | null => (user.id === ctx.userId ? value : null);
    return {
      id: t.exposeID("id"),
      email: t.exposeString("email"),
      firstName: t.exposeString("firstName"),
      lastName: t.exposeString("lastName"),
      name: t.string({ resolve: (user) => [user.firstName, user.lastName].filter(Boolean).join(" ") }),
      avatar: t.exposeString("avatar", { nullable: true }),
      phone: t.string({ nullable: true, resolve: (user, _args, { ctx }) => own(user, ctx, user.phone) }),
      language: t.string({ nullable: true, resolve: (user, _args, { ctx }) => own(user, ctx, user.language) }),
      timezone: t.string({ nullable: true, resolve: (user, _args, { ctx }) => own(user, ctx, user.timezone) }),
      emailVerified: t.field({ type: "DateTime", nullable: true, resolve: (user, _args, { ctx }) => own(user, ctx, user.emailVerified) }),
      emailPreferences: t.field({ type: "JSON", nullable: true, resolve: (user, _args, { ctx }) => own(user, ctx, user.emailPreferences) }),
      metadata: t.field({ type: "JSON", nullable: true, resolve: (user, _args, { ctx }) => own(user, ctx, user.metadata) }),
      tos: t.boolean({ nullable: true, resolve: (user, _args, { ctx }) => own(user, ctx, user.tos) }),
      hasPassword: t.boolean({
        nullable: true,
        select: { passwordHash: true },
        resolve: (user, _args, { ctx }) => own(user, ctx, Boolean(user.passwordHash)),
      }),
      signatureEmail: t.string({ nullable: true, resolve: (user, _args, { ctx }) => own(user, ctx, user.signatureEmail) }),
      internal: t.boolean({ nullable: true, resolve: (user, _args, { ctx }) => own(user, ctx, user.internal) }),
      createdAt: t.field({ type: "DateTime", nullable: true, resolve: (user, _args, { ctx }) => own(user, ctx, user.createdAt) }),
      tosAcceptedAt: t.field({ type: "DateTime", nullable: true, resolve: (user, _args, { ctx }) => own(user, ctx, user.tosAcceptedAt) }),
      feedbackId: t.string({ nullable: true, resolve: (user, _args, { ctx }) => own(user, ctx, user.feedbackId) }),
      deleted: t.boolean({ nullable: true, resolve: (user, _args, { ctx }) => own(user, ctx, user.deleted) }),
      deletedAt: t.field({ type: "DateTime", nullable: true, resolve: (user, _args, { ctx }) => own(user, ctx, user.deletedAt) }),
      updatedAt: t.field({ type: "DateTime", nullable: true, resolve: (user, _args, { ctx }) => own(user, ctx, user.updatedAt) }),
      /** Only the user's own memberships; another user's come back empty. */
      policies: t.prismaField({
        type: ["AccountPolicy"],
        resolve: (query, user, _args, { ctx }) => (user.id === ctx.userId ? findMyPolicies(ctx, query) : []),
      }),
    };
  },
});

const DoneResult = builder.simpleObject("DoneResult", { fields: (t) => ({ done: t.boolean() }) });
const DeletedResult = builder.simpleObject("DeletedResult", { fields: (t) => ({ deleted: t.boolean() }) });
const SentResult = builder.simpleObject("SentResult", { fields: (t) => ({ sent: t.boolean() }) });

/** The GraphQL names of the declarations' shapes (lib/graphql/from-declarations.ts). */
const naming: Naming = {
  names: new Map<z.ZodType, string>([
    [emailPreferencesSchema, "EmailPreferences"],
    [acceptTosOperation.output, "IdResult"],
    [updateEmailOperation.output, "IdResult"],
  ]),
  // A language stays a String: "pt-br" cannot be a GraphQL enum value (lib/graphql/from-declarations.ts).
  enums: { "skipped|finished": "WelcomeTourOutcome" },
};

/** The field of a declaration, built from it. */
const field = (t: object, operation: object, options?: DeclaredFieldOptions) =>
  declaredField(t as never, operation as Operation, naming, options) as never;

/** The spec's `data` argument (update user, password, email, metadata): the input's fields in one object, named as before. */
const data = (type: string) => ({ outside: [], type }) as const;

builder.queryFields((t) => ({ me: field(t, me, { ref: "User", prisma: true, sharedRef: true }) }));

builder.mutationFields((t) => ({
  acceptTos: field(t, acceptTosOperation),
  // A null clears a profile field (avatar, phone, language...).
  updateUser: field(t, updateUserOperation, { ref: User, sharedRef: true, data: data("UpdateUserInput") }),
  updatePassword: field(t, updatePasswordOperation, { ref: DoneResult, data: data("UpdatePasswordInput") }),
  // Not one of the spec's GraphQL calls (REST POST /vapp/users/set-password): its argument is its input's.
  setPassword: field(t, setPasswordOperation, { ref: DoneResult }),
  updateEmail: field(t, updateEmailOperation, { data: data("UpdateEmailInput") }),
  updateUserMetadata: field(t, updateUserMetadataOperation, { data: data("UpdateUserMetadataInput") }),
  deleteUser: field(t, deleteUserOperation, { ref: DeletedResult }),
  recordWelcomeTour: field(t, recordWelcomeTourOperation),
  sendVerifyEmail: field(t, sendVerifyEmailOperation, { ref: SentResult }),
}));

builder.subscriptionField("userUpdated", (t) =>
  t.prismaField({
    type: "User",
    description: "Fires when the signed-in user's profile changes (in any tab or device).",
    subscribe: (_root, _args, context) => {
      const { ctx } = context;
      if (!ctx.userId) return (async function* () {})();
      return pubsub.subscribe("user:updated", ctx.userId, clientGone(context));
    },
    resolve: (query, _payload, _args, { ctx }) => getCurrentUser(ctx, query),
  }),
);
