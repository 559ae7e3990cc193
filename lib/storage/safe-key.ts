/** Keys are our own relative paths; anything that could climb out of the root is refused. */
export function safeKey(key: string): string {
  if (!/^[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/.test(key) || key.includes("..")) throw new Error(`Invalid storage key: ${key}`);
  return key;
}
