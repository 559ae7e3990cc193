import { parseInput } from "@/lib/http/parse-input";
import { setPasswordSchema, updateEmailSchema, updatePasswordSchema, updateUserMetadataSchema, updateUserSchema } from "@/lib/auth/schemas";
import { pubsub } from "@/lib/events/pubsub";
import { acceptTos } from "@/lib/users/accept-tos";
import { deleteUser } from "@/lib/users/delete-user";
import { findMyPolicies, getCurrentUser } from "@/lib/users/get-me";
import { updateEmail } from "@/lib/users/update-email";
import { setPassword, updatePassword } from "@/lib/users/update-password";
import { updateUser } from "@/lib/users/update-user";
import { updateUserMetadata } from "@/lib/users/update-user-metadata";
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

/** GraphQL leaves absent fields undefined; drop them so zod sees only what was sent. */
const defined = (data: object) => Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));

builder.queryField("me", (t) => t.prismaField({ type: "User", resolve: (query, _root, _args, { ctx }) => getCurrentUser(ctx, query) }));

builder.mutationFields((t) => ({
  acceptTos: t.field({ type: IdResult, resolve: (_root, _args, { ctx }) => acceptTos(ctx) }),
  updateUser: t.field({
    type: User,
    args: { data: t.arg({ type: UpdateUserInput, required: true }) },
    resolve: async (_root, { data }, { ctx }) => {
      const user = await updateUser(ctx, parseInput(updateUserSchema, defined(data), "updateUser"));
      pubsub.publish("user:updated", user.id, { id: user.id });
      return user as never;
    },
  }),
  updatePassword: t.field({
    type: DoneResult,
    args: { data: t.arg({ type: UpdatePasswordInput, required: true }) },
    resolve: (_root, { data }, { ctx }) => updatePassword(ctx, parseInput(updatePasswordSchema, defined(data), "updatePassword")),
  }),
  setPassword: t.field({
    type: DoneResult,
    args: { data: t.arg({ type: SetPasswordInput, required: true }) },
    resolve: (_root, { data }, { ctx }) => setPassword(ctx, parseInput(setPasswordSchema, defined(data), "setPassword")),
  }),
  updateEmail: t.field({
    type: IdResult,
    args: { data: t.arg({ type: UpdateEmailInput, required: true }) },
    resolve: (_root, { data }, { ctx }) => updateEmail(ctx, parseInput(updateEmailSchema, defined(data), "updateEmail")),
  }),
  updateUserMetadata: t.field({
    type: "JSON",
    args: { data: t.arg({ type: UpdateUserMetadataInput, required: true }) },
    resolve: (_root, { data }, { ctx }) =>
      updateUserMetadata(ctx, parseInput(updateUserMetadataSchema, defined(data), "updateUserMetadata")),
  }),
  deleteUser: t.field({ type: DeletedResult, resolve: (_root, _args, { ctx }) => deleteUser(ctx) }),
}));

builder.subscriptionField("userUpdated", (t) =>
  t.prismaField({
    type: "User",
    description: "Fires when the signed-in user's profile changes (in any tab or device).",
    subscribe: (_root, _args, { ctx }) => {
      if (!ctx.userId) return (async function* () {})();
      return pubsub.subscribe("user:updated", ctx.userId);
    },
    resolve: (query, _payload, _args, { ctx }) => getCurrentUser(ctx, query),
  }),
);
