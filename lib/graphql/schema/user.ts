import { clientGone, pubsub } from "@/lib/events/pubsub";
import { findMyPolicies, getCurrentUser } from "@/lib/users/get-me";
import { graphqlInput, resolveOperation, resolvePrismaOperation } from "@/lib/operations/graphql";
import {
  acceptTosOperation,
  deleteUserOperation,
  me,
  setPasswordOperation,
  updateEmailOperation,
  updatePasswordOperation,
  updateUserMetadataOperation,
  updateUserOperation,
} from "@/lib/users/user-operations";
import { builder } from "../builder";

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
      /** Only the user's own memberships; another user's come back empty. */
      policies: t.prismaField({
        type: ["AccountPolicy"],
        resolve: (query, user, _args, { ctx }) => (user.id === ctx.userId ? findMyPolicies(ctx, query) : []),
      }),
    };
  },
});

const UpdateUserInput = builder.inputType("UpdateUserInput", {
  fields: (t) => ({
    firstName: t.string(),
    lastName: t.string(),
    avatar: t.string(),
    phone: t.string(),
    language: t.string(),
    timezone: t.string(),
    signatureEmail: t.string(),
    emailPreferences: t.field({ type: "JSON" }),
  }),
});

const UpdatePasswordInput = builder.inputType("UpdatePasswordInput", {
  fields: (t) => ({ currentPassword: t.string({ required: true }), password: t.string({ required: true }) }),
});

const SetPasswordInput = builder.inputType("SetPasswordInput", {
  fields: (t) => ({ password: t.string({ required: true }) }),
});

const UpdateEmailInput = builder.inputType("UpdateEmailInput", {
  fields: (t) => ({ email: t.string({ required: true }), password: t.string() }),
});

const UpdateUserMetadataInput = builder.inputType("UpdateUserMetadataInput", {
  fields: (t) => ({ hasSeenWelcomeTour: t.boolean(), hasSeenWelcomeTourFlow: t.boolean() }),
});

const IdResult = builder.simpleObject("IdResult", { fields: (t) => ({ id: t.id() }) });
const DoneResult = builder.simpleObject("DoneResult", { fields: (t) => ({ done: t.boolean() }) });
const DeletedResult = builder.simpleObject("DeletedResult", { fields: (t) => ({ deleted: t.boolean() }) });

/** The operation's input is the `data` argument, absent fields left out. */
const fromData = ({ data }: Record<string, unknown>) => graphqlInput(data as Record<string, unknown>);
/** The same, keeping explicit nulls: they clear a profile field (avatar, phone, language...). */
const fromDataWithNulls = ({ data }: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(data as Record<string, unknown>).filter(([, value]) => value !== undefined));

builder.queryField("me", (t) => t.prismaField({ type: "User", resolve: resolvePrismaOperation(me) as never }));

builder.mutationFields((t) => ({
  acceptTos: t.field({ type: IdResult, resolve: resolveOperation(acceptTosOperation) }),
  updateUser: t.field({
    type: User,
    args: { data: t.arg({ type: UpdateUserInput, required: true }) },
    resolve: resolveOperation(updateUserOperation, fromDataWithNulls, (user) => user as never),
  }),
  updatePassword: t.field({
    type: DoneResult,
    args: { data: t.arg({ type: UpdatePasswordInput, required: true }) },
    resolve: resolveOperation(updatePasswordOperation, fromData),
  }),
  setPassword: t.field({
    type: DoneResult,
    args: { data: t.arg({ type: SetPasswordInput, required: true }) },
    resolve: resolveOperation(setPasswordOperation, fromData),
  }),
  updateEmail: t.field({
    type: IdResult,
    args: { data: t.arg({ type: UpdateEmailInput, required: true }) },
    resolve: resolveOperation(updateEmailOperation, fromData),
  }),
  updateUserMetadata: t.field({
    type: "JSON",
    args: { data: t.arg({ type: UpdateUserMetadataInput, required: true }) },
    resolve: resolveOperation(updateUserMetadataOperation, fromData),
  }),
  deleteUser: t.field({ type: DeletedResult, resolve: resolveOperation(deleteUserOperation) }),
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
