import { z } from "zod";
import { MEMBERSHIP_STATUSES } from "@/lib/accounts/member";
import { sendVerifyEmail } from "@/lib/sign-in/send-verify-email";
import {
  emailSchema,
  setPasswordSchema,
  tokenQuerySchema,
  updateEmailSchema,
  updatePasswordSchema,
  updateUserMetadataSchema,
  updateUserSchema,
} from "@/lib/sign-in/schemas";
import { verifyEmail } from "@/lib/sign-in/verify-email";
import { fileResponse } from "@/lib/http/file-response";
import { defineOperation, fileOutput, uploadedFiles } from "@/lib/operations/operation";
import { acceptTos } from "./accept-tos";
import { deleteUser } from "./delete-user";
import { getCurrentUser, getMe } from "./get-me";
import { recordWelcomeTour, recordWelcomeTourSchema } from "./record-welcome-tour";
import { updateEmail } from "./update-email";
import { setPassword, updatePassword } from "./update-password";
import { updateUser } from "./update-user";
import { updateUserMetadata } from "./update-user-metadata";
import { getUserAvatar, uploadUserAvatar } from "./user-avatar";
import { LIMITS } from "@/lib/validation/limits";

/**
 * The signed-in person's own operations (docs/api.md, "Users"), declared once for REST and
 * GraphQL. A signed-in member or an API token acts on its own user only; checking an address
 * and asking for a new check are open to anyone (the emailed token is the proof).
 */
const self = { callers: ["member", "apiToken"] } as const;
const anyone = { callers: ["anyone"] } as const;
const noInput = z.object({});
const json = z.record(z.string(), z.unknown());

/** The user as they see themselves: never the password hash (only whether there is one). */
export const ownUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.string().nullable(),
  timezone: z.string().nullable(),
  emailVerified: z.date().nullable(),
  emailPreferences: z.unknown(),
  metadata: z.unknown(),
  tos: z.boolean(),
  tosAcceptedAt: z.date().nullable(),
  hasPassword: z.boolean(),
  signatureEmail: z.string().nullable(),
  internal: z.boolean(),
  feedbackId: z.string().nullable(),
  deleted: z.boolean(),
  deletedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

/** The user's active memberships, with the workspace and the role's name (the account switcher). */
export const ownPolicySchema = z.object({
  id: z.string(),
  accountId: z.string(),
  userId: z.string(),
  roleId: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
  metadata: z.unknown(),
  accessedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  account: z.object({ id: z.string(), name: z.string(), brand: z.unknown() }),
  role: z.object({ name: z.string() }),
});

export const me = defineOperation({
  name: "me",
  kind: "query",
  description: "The signed-in user with their active memberships.",
  ...self,
  input: noInput,
  output: ownUserSchema.extend({ policies: z.array(ownPolicySchema) }),
  // GraphQL passes its selection (its User type shapes the answer); REST gets the shaped user.
  run: async (ctx, _input, query): Promise<unknown> => (query ? getCurrentUser(ctx, query) : getMe(ctx)),
});

export const updateUserOperation = defineOperation({
  name: "updateUser",
  kind: "mutation",
  description: "Changes the signed-in user's profile and preferences (name, picture, phone, language, time zone, emails).",
  ...self,
  input: updateUserSchema,
  output: ownUserSchema,
  run: (ctx, input) => updateUser(ctx, input),
});

export const updatePasswordOperation = defineOperation({
  name: "updatePassword",
  kind: "mutation",
  description: "Changes the signed-in user's password, given the current one.",
  ...self,
  input: updatePasswordSchema,
  output: z.object({ done: z.literal(true) }),
  run: (ctx, input) => updatePassword(ctx, input),
});

export const setPasswordOperation = defineOperation({
  name: "setPassword",
  kind: "mutation",
  description: "Sets a first password for a user who signs in without one (magic link, Google).",
  ...self,
  input: setPasswordSchema,
  output: z.object({ done: z.literal(true) }),
  run: (ctx, input) => setPassword(ctx, input),
});

export const updateEmailOperation = defineOperation({
  name: "updateEmail",
  kind: "mutation",
  description: "Changes the signed-in user's address (with the password when there is one); the new address is to be verified.",
  ...self,
  input: updateEmailSchema,
  output: z.object({ id: z.string() }),
  run: (ctx, input) => updateEmail(ctx, input),
});

export const updateUserMetadataOperation = defineOperation({
  name: "updateUserMetadata",
  kind: "mutation",
  description: "Sets the signed-in user's flags (hasSeenWelcomeTour, hasSeenWelcomeTourFlow, hasDismissedNextSteps); the metadata.",
  ...self,
  input: updateUserMetadataSchema,
  output: json,
  run: (ctx, input) => updateUserMetadata(ctx, input),
});

export const deleteUserOperation = defineOperation({
  name: "deleteUser",
  kind: "mutation",
  description: "Deletes the signed-in user and ends their sessions (LAST_ADMINISTRATOR while they are a workspace's only one).",
  ...self,
  input: noInput,
  output: z.object({ deleted: z.literal(true) }),
  run: (ctx) => deleteUser(ctx),
});

export const acceptTosOperation = defineOperation({
  name: "acceptTos",
  kind: "mutation",
  description: "Records that the signed-in user accepted the terms of service.",
  ...self,
  input: noInput,
  output: z.object({ id: z.string() }),
  run: (ctx) => acceptTos(ctx),
});

export const recordWelcomeTourOperation = defineOperation({
  name: "recordWelcomeTour",
  kind: "mutation",
  description: "Ends the welcome tour, skipped or finished on a step: sets hasSeenWelcomeTour and audits it; the metadata.",
  ...self,
  input: recordWelcomeTourSchema,
  output: json,
  run: (ctx, input) => recordWelcomeTour(ctx, input),
});

export const verifyEmailOperation = defineOperation({
  name: "verifyEmail",
  kind: "query",
  description: "Marks the address of the emailed token's user verified.",
  ...anyone,
  // REST only (spec: GET /vapp/users/verify-email): reached from the emailed link.
  graphql: false,
  input: tokenQuerySchema,
  output: z.object({ id: z.string(), email: z.string() }),
  run: (ctx, input) => verifyEmail(ctx, input.token),
});

export const sendVerifyEmailOperation = defineOperation({
  name: "sendVerifyEmail",
  kind: "mutation",
  description: "Emails a new verification link to an unverified address; the same answer whether or not it is known.",
  ...anyone,
  input: z.object({ email: emailSchema }),
  output: z.object({ sent: z.literal(true) }),
  run: (ctx, input) => sendVerifyEmail(ctx, input.email),
});

export const userAvatar = defineOperation({
  name: "getUserAvatar",
  kind: "download",
  description: "The signed-in user's own picture (NOT_FOUND when there is none).",
  ...self,
  // `v` changes with each upload (the address the picture is shown at); the bare address is checked each time.
  input: z.object({ v: z.string().max(LIMITS.version).optional() }),
  output: fileOutput,
  run: async (ctx) => {
    const image = await getUserAvatar(ctx);
    return fileResponse(
      { stream: image.stream, size: image.size, mimetype: image.mime, fileName: `avatar.${image.mime.split("/")[1]}` },
      { inline: true, cacheControl: "private, no-cache" },
    );
  },
});

export const uploadUserAvatarOperation = defineOperation({
  name: "uploadUserAvatar",
  kind: "upload",
  description: "Stores the signed-in user's picture: one PNG, JPEG or WebP file of at most 2 MB; its address.",
  ...self,
  upload: { maxFiles: 1 },
  input: z.object({ files: uploadedFiles.length(1) }),
  output: z.object({ avatar: z.string() }),
  // The service checks the picture's type by its bytes and its size (FILE_TOO_LARGE past 2 MB).
  run: (ctx, input) => uploadUserAvatar(ctx, input.files[0].bytes),
});

export const userOperations = [
  me,
  updateUserOperation,
  updatePasswordOperation,
  setPasswordOperation,
  updateEmailOperation,
  updateUserMetadataOperation,
  deleteUserOperation,
  acceptTosOperation,
  recordWelcomeTourOperation,
  verifyEmailOperation,
  sendVerifyEmailOperation,
  userAvatar,
  uploadUserAvatarOperation,
];
