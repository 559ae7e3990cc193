import { redirect } from "next/navigation";

/** /t/{id} opens the template's view (spec section 2). */
export default async function TemplateIndex({ params }: { params: Promise<{ id: string }> }) {
  redirect(`/t/${encodeURIComponent((await params).id)}/view`);
}
