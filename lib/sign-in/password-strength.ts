export type PasswordStrength = "weak" | "medium" | "strong";

/** The meter of the password input: shared by the browser and the server. */
export function passwordStrength(password: string): PasswordStrength {
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(password)).length;
  if (password.length < 8 || classes < 3) return "weak";
  if (password.length >= 12 && classes === 4) return "strong";
  return "medium";
}
