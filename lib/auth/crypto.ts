import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { authSecret } from "./secret";

/** argon2id (the library's default algorithm) with its recommended cost. */
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A URL-safe random secret (tokens in links, API keys, refresh tokens). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");

/** Tokens are stored only as this hash, so a database leak does not leak usable tokens. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export const hmac = (value: string) => createHmac("sha256", authSecret()).update(value).digest("base64url");

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
