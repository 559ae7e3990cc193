import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { withClientIntl } from "../../factories/client-intl";
import { describe, expect, it } from "vitest";
import { UpgradeModal } from "@/components/layout/upgrade-modal";
import type { UpgradeContact } from "@/lib/accounts/get-upgrade-contact";
import en from "@/messages/en.json";

const render = (contact: UpgradeContact, props: { capability?: string | null; reason?: string | null } = {}) =>
  renderToString(
    withClientIntl(createElement(UpgradeModal, { open: true, feature: "Import", contact, onClose: () => {}, ...props }), { messages: en }),
  )
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/<!-- -->/g, "");

describe("the upgrade prompt's 'Upgrade now'", () => {
  it("opens checkout for the cheapest plan with the feature, for whoever manages billing", () => {
    const html = render({ plan: "free", href: "/settings/ws/billing", kind: "checkout" }, { capability: "import" });
    expect(html).toContain('href="/settings/ws/billing?checkout=standard"');
    expect(html).toContain("The Standard plan includes it.");
    expect(render({ plan: "standard", href: "/settings/ws/billing", kind: "checkout" }, { capability: "rules" })).toContain(
      'href="/settings/ws/billing?checkout=premium"',
    );
  });

  it("past a limit, offers the next plan with the refusal's text", () => {
    const html = render({ plan: "free", href: "/settings/ws/billing", kind: "checkout" }, { reason: "Your plan's limit is reached." });
    expect(html).toContain('href="/settings/ws/billing?checkout=standard"');
    expect(html).toContain("Your plan's limit is reached. The Standard plan allows more.");
  });

  it("tells a member without billing rights to ask an administrator", () => {
    const mail = render({ plan: "free", href: "mailto:owner@example.com", kind: "administrators" }, { capability: "import" });
    expect(mail).toContain('href="mailto:owner@example.com?subject=');
    expect(mail).toContain(en.upgrade.askAdministrators);
    expect(mail).not.toContain("checkout=");

    const none = render({ plan: "free", href: null, kind: "none" }, { capability: "import" });
    expect(none).toMatch(/<button[^>]*disabled/);
    expect(none).toContain(en.upgrade.unavailable);
  });
});
