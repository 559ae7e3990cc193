/**
 * Where the browser fetches the messages under `keys` of a language (app/vapp/messages), at the
 * version of the catalogue the page was built with: the answer is kept as long as that version is
 * current.
 */
export const messagesPath = (locale: string, version: string, keys: readonly string[]) =>
  `/vapp/messages/${encodeURIComponent(locale)}?${new URLSearchParams({ keys: keys.join(","), v: version })}`;

/**
 * The messages at that address, as JSON text, or null when they could not come: one request per
 * address while the page lives (the same promise on every render, as React's `use` needs). A
 * failed one is kept until forgetFailure (the panel closes, or the person tries again).
 */
const requests = new Map<string, Promise<string | null>>();
const failed = new Set<string>();
export function fetchMessages(url: string): Promise<string | null> {
  let request = requests.get(url);
  if (!request) {
    request = fetch(url)
      .then((response) => (response.ok ? response.text() : null))
      .catch(() => null)
      .then((text) => {
        if (text === null) failed.add(url);
        return text;
      });
    requests.set(url, request);
  }
  return request;
}

/** Lets the next fetchMessages of that address try again, if the last one failed. */
export function forgetFailure(url: string) {
  if (failed.delete(url)) requests.delete(url);
}
