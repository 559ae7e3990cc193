import { BuiltinScalarRef } from "@pothos/core";
import { GraphQLString } from "graphql";
import { clientGone, pubsub } from "@/lib/events/pubsub";
import { findMyPolicies, getCurrentUser } from "@/lib/users/get-me";
import { LOCALES } from "@/lib/i18n/locales";
import { resolveOperation } from "@/lib/operations/graphql";
import type { Operation } from "@/lib/operations/operation";
import {
  emailPreferencesSchema,
  updateEmailSchema,
  updatePasswordSchema,
  updateUserMetadataSchema,
  updateUserSchema,
} from "@/lib/sign-in/schemas";
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
import { namesByShape } from "./declared-naming";
import { adjusting } from "./declared-with";

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
  names: namesByShape([
    [updateUserSchema, "UpdateUser"],
    [emailPreferencesSchema, "EmailPreferences"],
    [updatePasswordSchema, "UpdatePassword"],
    [updateEmailSchema, "UpdateEmail"],
    [updateUserMetadataSchema, "UpdateUserMetadata"],
    [acceptTosOperation.output, "IdResult"],
    [updateEmailOperation.output, "IdResult"],
  ]),
  enums: {
    "skipped|finished": "WelcomeTourOutcome",
    // A language stays a string: a GraphQL enum value cannot be written "pt-br", the value REST and the User type carry.
    [LOCALES.join("|")]: new BuiltinScalarRef(GraphQLString),
  },
};

/** The field of a declaration, built from it. */
const field = (t: object, operation: object, options?: DeclaredFieldOptions) =>
  declaredField(t as never, operation as Operation, naming, options) as never;

/** updateUser's input: its `data`, explicit nulls kept (they clear a profile field: avatar, phone, language...). */
const fromDataWithNulls = ({ data }: Record<string, unknown>) =>
  Object.fromEntries(Object.entries((data ?? {}) as Record<string, unknown>).filter(([, value]) => value !== undefined));

builder.queryFields((t) => ({ me: field(t, me, { ref: "User", prisma: true }) }));

/** The spec's `data` argument (update user, password, email, metadata): the input's fields in one object. */
const data = { outside: [] } as const;

builder.mutationFields((t) => ({
  acceptTos: field(t, acceptTosOperation),
  updateUser: field(
    adjusting(t, (options) => ({
      ...options,
      // A resolver that keeps explicit nulls.
      resolve: resolveOperation(updateUserOperation, fromDataWithNulls),
    })),
    updateUserOperation,
    { ref: User, data },
  ),
  updatePassword: field(t, updatePasswordOperation, { ref: DoneResult, data }),
  // Not one of the spec's GraphQL calls (REST POST /vapp/users/set-password): its argument is its input's.
  setPassword: field(t, setPasswordOperation, { ref: DoneResult }),
  updateEmail: field(t, updateEmailOperation, { data }),
  updateUserMetadata: field(t, updateUserMetadataOperation, { data }),
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
