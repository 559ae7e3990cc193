import { afterEach, describe, expect, it } from "vitest";
import { anonymousContext } from "@/lib/auth/context";
import { signInWithPassword } from "@/lib/sign-in/sign-in-with-password";
import { demoSeeded, seedingDemo } from "@/lib/database/demo-seed";
import { addMember, createAccount, createUser, PASSWORD, uniqueEmail } from "@/tests/factories";

/**
 * The server answers before the demo workspace of a fresh database is seeded (prepareDatabase
 * with seedInBackground); a password sign-in meanwhile waits for the seed instead of being refused.
 */
afterEach(() => seedingDemo(Promise.resolve()));

describe("signing in while the demo workspace is being seeded", () => {
  it("waits for the seed, then signs in the user it created", async () => {
    const email = uniqueEmail("demo");
    let finish!: () => void;
    const seed = new Promise<void>((resolve) => (finish = resolve)).then(async () => {
      const { account } = await createAccount("Seeded later");
      const user = await createUser({ email });
      await addMember(account.id, "Administrator", user);
    });
    seedingDemo(seed);
    const signIn = signInWithPassword(anonymousContext({ ip: null, userAgent: "vitest" }), { email, password: PASSWORD });
    // The user exists only once the seed is let go: a sign-in that did not wait would be refused.
    finish();
    await expect(demoSeeded()).resolves.toBeUndefined();
    expect((await signIn).session.accessToken).toBeTruthy();
  });
});
