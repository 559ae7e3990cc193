import { redirect } from "next/navigation";

/** The workspace settings open on their settings section (the other sections come with their features). */
export default function WorkspaceSettingsIndex() {
  redirect("/settings/ws/settings");
}
