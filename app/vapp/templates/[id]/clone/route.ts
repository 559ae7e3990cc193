import { route } from "@/lib/http/route";
import { cloneTemplate } from "@/lib/templates/templates";

export const POST = route({ operation: "cloneTemplate" }, async ({ ctx, params }) => cloneTemplate(ctx, params.id));
