import { db } from "@/lib/db";
import { readStored } from "@/lib/documents/stored-file";
import { anonymousContext } from "@/lib/auth/context";
import { presentActivity } from "@/lib/documents/activity";
import type { SealEvent, SealParty } from "./seal-pdf";
import { isDrawableImage, pageBox, type PageBox, type Stamp } from "./stamp-signatures";

/** A signature row with what sealing needs of it. */
import { signedStatement } from "@/lib/signatures/signer-certificate";

export type SealSigner = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  order: number;
  settings: unknown;
  idNumber: string | null;
  image: string | null;
  imageKind: string | null;
  initials: string | null;
  certificate: unknown;
  signedIp: string | null;
  signedUserAgent: string | null;
  requestedAt: Date | null;
  signedAt: Date | null;
  declinedAt: Date | null;
  metadata: unknown;
  placeholders: { keyName: string; settings: unknown; value: string | null; order: number }[];
};

export const signerName = (s: { firstName: string; lastName: string; email: string }) => `${s.firstName} ${s.lastName}`.trim() || s.email;

/** Initials as text, from the signer's name ("Ana Pérez" → "AP"): when they gave no initials image. */
export const signerInitials = (s: SealSigner) =>
  signerName(s)
    .split(/\s+/)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("")
    .slice(0, 4);

const settingsOf = (s: SealSigner) => (s.settings ?? {}) as { rubricAllPages?: boolean; allowDownload?: boolean };

/** Where a signer's initials go on every page when they initial them all and have no initials box: the bottom right, one slot each. */
const rubricBox = (slot: number): PageBox => ({ page: 1, x: Math.max(0.02, 0.86 - slot * 0.12), y: 0.94, width: 0.1, height: 0.04 });

const drawable = (bytes: Uint8Array | null) => (bytes && isDrawableImage(bytes) ? bytes : null);

/**
 * What to draw on the pages: each signer's signature (their image, or their typed name) in each
 * `signature` box, their initials in each `initials` box, a field's value in its box, and, when
 * the signer's settings ask for initials on every page (`rubricAllPages`), their initials on each
 * page (in their initials box, else in a corner slot of their own).
 */
export async function signatureStamps(signers: readonly SealSigner[]): Promise<Stamp[]> {
  const stamps: Stamp[] = [];
  for (const [slot, signer] of signers.entries()) {
    // The signer's screen stores a drawn, typed (rendered in the browser) or uploaded signature as
    // an image, and their initials as an image too (lib/signatures/sign-document.ts); without an
    // image, their typed name or name-derived initials are drawn as text.
    // An image sealing may not decode (past the pixel bounds, stored before they were checked) is
    // left out, and the text drawn in its place.
    const image = drawable(signer.image ? await readStored(signer.image) : null);
    const initialsImage = drawable(signer.initials ? await readStored(signer.initials) : null);
    const typedName = ((signer.metadata ?? {}) as { typedName?: string }).typedName?.trim();
    const initials = (box: PageBox, allPages?: boolean): Stamp =>
      initialsImage
        ? { kind: "image", box, bytes: initialsImage, allPages }
        : { kind: "text", box, text: signerInitials(signer), style: "signature", allPages };
    let initialsBox: PageBox | null = null;
    for (const placeholder of [...signer.placeholders].sort((a, b) => a.order - b.order)) {
      const box = pageBox(placeholder.settings);
      if (!box) continue;
      if (placeholder.keyName === "signature") {
        stamps.push(
          image ? { kind: "image", box, bytes: image } : { kind: "text", box, text: typedName || signerName(signer), style: "signature" },
        );
      } else if (placeholder.keyName === "initials") {
        initialsBox ??= box;
        if (!settingsOf(signer).rubricAllPages) stamps.push(initials(box));
      } else if (placeholder.value) {
        stamps.push({ kind: "text", box, text: placeholder.value, style: "field" });
      }
    }
    if (settingsOf(signer).rubricAllPages) stamps.push(initials(initialsBox ?? rubricBox(slot), true));
  }
  return stamps;
}

/**
 * The parties on the certificate: approvers who approved, then each signer with their evidence.
 * An approver's IP address and browser are those of their decision's audit row
 * (`approval.approved`, written with the reviewer's own request: lib/approvals/review-document.ts),
 * else what Approval.metadata kept.
 */
export async function sealParties(accountId: string, documentId: string, signers: readonly SealSigner[]): Promise<SealParty[]> {
  const [approvals, decisions] = await Promise.all([
    db.approval.findMany({
      where: { accountId, documentId, approvedAt: { not: null } },
      orderBy: [{ order: "asc" }, { approvedAt: "asc" }],
      select: { id: true, firstName: true, lastName: true, email: true, approvedAt: true, metadata: true },
    }),
    db.audit.findMany({
      where: { accountId, eventType: "approval.approved", targetType: "document", targetId: documentId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { via: true, viaId: true, payload: true, ip: true, userAgent: true },
    }),
  ]);
  // The latest decision of each approval (one asked again is decided again).
  const evidenceOf = new Map<string, { ip: string | null; userAgent: string | null }>();
  for (const row of decisions) {
    const approvalId = (row.payload as { approvalId?: unknown } | null)?.approvalId;
    const id = typeof approvalId === "string" ? approvalId : row.via === "signed" ? row.viaId : null;
    if (id) evidenceOf.set(id, { ip: row.ip, userAgent: row.userAgent });
  }
  const approvers: SealParty[] = approvals.map((a) => {
    const kept = (a.metadata ?? {}) as { ip?: unknown; userAgent?: unknown };
    const audited = evidenceOf.get(a.id);
    return {
      name: signerName(a),
      email: a.email,
      action: "approved",
      at: a.approvedAt!,
      ip: audited?.ip ?? (typeof kept.ip === "string" ? kept.ip : null),
      userAgent: audited?.userAgent ?? (typeof kept.userAgent === "string" ? kept.userAgent : null),
    };
  });
  // Each signer's image, read once here for the certificate (the pages' stamps read theirs).
  const images = await Promise.all(signers.map(async (s) => drawable(s.image ? await readStored(s.image) : null)));
  return [
    ...approvers,
    ...signers.map((s, index) => ({
      name: signerName(s),
      signatureImage: images[index],
      email: s.email,
      action: "signed" as const,
      at: s.signedAt!,
      ip: s.signedIp,
      userAgent: s.signedUserAgent,
      idNumber: s.idNumber,
      certificateSubject: (s.certificate as { subject?: string } | null)?.subject ?? null,
      ownSignature: ownSignatureOf(s),
    })),
  ];
}

/**
 * The CMS a signer made with their own certificate (lib/signatures/signer-certificate.ts): base64
 * DER over `<document sha256>:<signature id>`, kept in the signature's metadata; null without one.
 */
function ownSignatureOf(s: SealSigner): SealParty["ownSignature"] {
  const { cms, documentSha256 } = (s.metadata ?? {}) as { cms?: unknown; documentSha256?: unknown };
  if (typeof cms !== "string" || typeof documentSha256 !== "string") return null;
  return { cms: Buffer.from(cms, "base64"), statement: signedStatement(documentSha256, s.id) };
}

const EVENTS_READ = 60;

/**
 * The document's audit events (its own and every row in its context: approvals, signatures,
 * links, comments, reminders), the last ones oldest first, and how many in all, named as the Activity tab names them
 * (lib/documents/activity.ts presentActivity: a member by their name, a reviewer or signer who
 * acted through their link by their Approval's or Signature's name and email, a share-link
 * visitor as recorded or by their link), for the certificate to write as sentences.
 */
export async function sealEvents(accountId: string, documentId: string): Promise<{ events: SealEvent[]; total: number }> {
  // The whole trail of the document: every row about it or in its context (its comments too).
  const where = { accountId, OR: [{ targetType: "document", targetId: documentId }, { targetContext: documentId }] };
  const [rows, total] = await Promise.all([
    db.audit.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: EVENTS_READ,
      select: {
        id: true,
        eventType: true,
        createdAt: true,
        via: true,
        viaId: true,
        userId: true,
        targetType: true,
        targetId: true,
        targetContext: true,
        payload: true,
      },
    }),
    db.audit.count({ where }),
  ]);
  const presented = await presentActivity({ ...anonymousContext({ via: "system" }), accountId }, rows);
  return { events: presented.reverse().map((entry) => ({ at: entry.createdAt, entry })), total };
}

/** The hash of the workspace's audit chain now (its last row), anchoring the trail in the sealed file. */
export async function auditChainHead(accountId: string): Promise<string | null> {
  const last = await db.audit.findFirst({
    where: { accountId, hash: { not: null } },
    orderBy: { sequence: "desc" },
    select: { hash: true },
  });
  return last?.hash ?? null;
}

/** Whether a signer may download the sealed copy (settings.allowDownload, true unless said otherwise). */
export const signerMayDownload = (s: { settings: unknown }) => (s.settings as { allowDownload?: boolean } | null)?.allowDownload !== false;
