import { redirect } from "next/navigation";

/** /d/{id} opens the document's view (spec section 2). */
export default async function DocumentIndex({ params }: { params: Promise<{ id: string }> }) {
  redirect(`/d/${encodeURIComponent((await params).id)}/view`);
}
