/** The "link has expired or is no longer available" state, shown by the page and by the viewer. */
export function LinkUnavailable({ title, message }: { title: string; message: string }) {
  return (
    <section aria-labelledby="link-unavailable" className="rounded-xl bg-white p-6 shadow-sm sm:p-8" data-testid="link-unavailable">
      <h1 id="link-unavailable" className="mb-2 text-xl font-semibold">
        {title}
      </h1>
      <p role="alert" className="text-zinc-700">
        {message}
      </p>
    </section>
  );
}
