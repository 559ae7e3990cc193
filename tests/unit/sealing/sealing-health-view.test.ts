import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { SealingBanner } from "@/components/sealing/sealing-banner";
import { SealingHealthCard, type SealingHealthView } from "@/components/sealing/sealing-health";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import { withClientIntl } from "../../factories/client-intl";

// The screens' actions go through the router: none in a string render.
vi.mock("next/navigation", () => ({
  useRouter: () => ({ refresh() {}, push() {}, replace() {} }),
  usePathname: () => "/settings/ws",
}));

/**
 * A missing converter (issue 39) reads amber in the workspace's Sealing card, beside any red
 * problem, never as "Sealing works"; a document whose sealing failed for it says so in the reader's language.
 */
const clean = (html: string) =>
  html
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/<!-- -->/g, "");
const health = (problems: SealingHealthView["problems"]): SealingHealthView => ({
  ok: problems.length === 0,
  checkedAt: "2026-12-08T00:00:00.000Z",
  problems,
  expiresSoon: false,
  certificate: null,
  tsa: null,
  detail: null,
});
const card = (view: SealingHealthView, messages: typeof en = en) =>
  clean(renderToString(withClientIntl(createElement(SealingHealthCard, { initial: view, canRefresh: false }), { messages })));

describe("sealing health without LibreOffice", () => {
  it("is amber, names the converter and is not 'ready'", () => {
    const html = card(health(["converterMissing"]));
    expect(html).toContain(en.sealing.health.converterMissing);
    expect(html).toContain("bg-amber-50");
    expect(html).not.toContain(en.sealing.health.ready);
    expect(html).not.toContain('role="alert"');
    expect(card(health(["converterMissing"]), es as typeof en)).toContain(es.sealing.health.converterMissing);
  });

  it("keeps a problem that stops every seal red, beside the amber note", () => {
    const html = card(health(["certificateExpired", "converterMissing"]));
    expect(html).toContain('role="alert"');
    expect(html).toContain(en.sealing.health.problems.certificateExpired);
    expect(html).not.toContain(en.sealing.health.problems.converterMissing);
    expect(html).toContain(en.sealing.health.converterMissing);
  });

  it("a document whose sealing failed for it says why in the reader's language", () => {
    const banner = (messages: typeof en) =>
      clean(
        renderToString(
          withClientIntl(
            createElement(SealingBanner, {
              documentId: "d1",
              canRetry: true,
              sealing: { state: "failed", final: true, attempts: 1, reason: "converterMissing", error: "server words" },
            }),
            { messages },
          ),
        ),
      );
    expect(banner(en)).toContain(en.sealing.banner.reasons.converterMissing);
    expect(banner(es as typeof en)).toContain(es.sealing.banner.reasons.converterMissing);
    expect(banner(en)).not.toContain("server words");
  });
});
