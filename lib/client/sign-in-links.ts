/**
 * Where the browser goes to start a provider's sign-in: a page that hands over to next-auth, not
 * an operation (it answers HTML and redirects), so it has no declaration and no typed call.
 */
export const GOOGLE_SIGN_IN_HREF = "/vapp/auth/provider/google";
