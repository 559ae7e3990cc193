import NextAuth from "next-auth";
import { authOptions } from "@/lib/sign-in/next-auth-options";

type Segment = { params: Promise<{ nextauth: string[] }> };

/** next-auth's own endpoints (provider sign-in and callbacks). */
async function handler(req: Request, segment: Segment) {
  return NextAuth(req as never, { params: await segment.params } as never, authOptions());
}

export { handler as GET, handler as POST };
