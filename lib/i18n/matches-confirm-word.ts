/**
 * Whether `typed` is the confirmation word a destructive action asks for (the delete-account
 * "DELETE", translated per language): surrounding spaces, case and accent composition do not
 * matter, under the language's own case rules.
 */
export function matchesConfirmWord(typed: string, word: string, locale: string): boolean {
  const normal = (value: string) => value.trim().normalize("NFC").toLocaleUpperCase(locale);
  return word.trim() !== "" && normal(typed) === normal(word);
}
