import { cachedIntl } from "@/lib/i18n/intl-cache";
import type { BoundFormat } from "@/lib/i18n/bind-format";
import { intlLocale } from "@/lib/i18n/format";

/** An event of a document's activity as the screen receives it (lib/documents/activity.ts presentActivity). */
export type ActivityEntry = {
  eventType: string;
  via: string;
  actor: string | null;
  link: string | null;
  subject: string | null;
  payload: Record<string, unknown>;
};

/** A translator of the `documents.activity` messages (useTranslations on the screen, getTranslator in tests). */
export type ActivityTranslate = {
  (key: string, values?: Record<string, string | number>): string;
  has: (key: string) => boolean;
};

type Values = Record<string, string | number>;

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
const number = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);

/**
 * Who acted, as the sentence names them: the person the server named (a member, or a reviewer,
 * signer or visitor through their link), else the door they came through.
 */
function actorOf(t: ActivityTranslate, entry: ActivityEntry): string {
  if (entry.actor) return entry.actor;
  if (entry.via === "link") return entry.link ? t("actors.linkVisitor", { link: entry.link }) : t("actors.linkVisitorUnnamed");
  if (entry.via === "signed") return entry.subject ?? t("actors.recipient");
  if (entry.via === "token") return t("actors.apiClient");
  if (entry.via === "system") return t("actors.system");
  return t("actors.someone");
}

/** Whether a member (or their API client) did it themselves, not a process on someone's behalf. */
const byMember = (entry: ActivityEntry) => (entry.via === "session" || entry.via === "token") && !!entry.actor;

/**
 * The sentence of one activity event in the screen's language, naming the person who acted and
 * the one it concerns: "Ana Ruiz added Joan Puig as a signer", "Joan Puig (joan@example.com)
 * signed", "The status changed from To sign to Signed". Statuses by their labels (`status`),
 * dates and numbers through lib/i18n/format. A type without a sentence of its own gets a
 * generic one, never its raw name.
 */
export function activitySentence(
  t: ActivityTranslate,
  status: (status: string) => string,
  format: Pick<BoundFormat, "locale" | "number" | "dateTime">,
  entry: ActivityEntry,
): string {
  const p = entry.payload ?? {};
  const actor = actorOf(t, entry);
  const subject = entry.subject ?? text(p.email) ?? t("actors.unknownPerson");
  const key = entry.eventType.replace(".", "_");
  const say = (name: string, values: Values = {}) => t(`events.${name}`, { actor, ...values });
  const version = () => {
    const n = number(p.version);
    return n === null ? "" : format.number(n);
  };
  switch (entry.eventType) {
    case "document.statusUpdated": {
      const values = { from: status(String(p.from ?? "")), to: status(String(p.to ?? "")) };
      const reason = text(p.reason);
      return (reason === null || reason === "user") && byMember(entry) ? say(key, values) : say(`${key}_auto`, values);
    }
    case "document.versionUpdated":
    case "document.valuesUpdated":
      return say(key, { version: version() });
    case "document.downloaded":
      return say(p.format === "pdf" ? `${key}_pdf` : key, { version: version() });
    case "document.attachmentAdded":
    case "document.attachmentRemoved":
    case "document.attachmentDownloaded":
    case "link.created":
    case "link.updated":
    case "link.deleted":
    case "party.created":
    case "party.deleted":
      return say(key, { name: text(p.name) ?? "" });
    case "party.updated":
      return text(p.name) ? say(key, { name: text(p.name)! }) : say(`${key}_unnamed`);
    case "document.sharedWithPerson":
    case "link.refused":
    case "link.codeSent":
      return say(key, { email: text(p.email) ?? subject });
    case "approval.requested":
    case "signature.requested":
      return byMember(entry) ? say(key, { subject }) : say(`${key}_auto`, { subject });
    case "approval.approved":
    case "approval.rejected": {
      const comment = text(p.comment);
      return comment ? say(`${key}_comment`, { comment }) : say(key);
    }
    case "signature.declined": {
      const reason = text(p.reason);
      return reason ? say(key, { reason }) : say(`${key}_noReason`);
    }
    case "signature.placeholdersSaved":
      return say(key, { count: number(p.count) ?? 0 });
    case "reminder.created": {
      const at = text(p.notifyAt);
      return say(key, { name: text(p.name) ?? "", date: at ? format.dateTime(at) : "" });
    }
    case "reminder.updated":
    case "reminder.deleted":
      return say(key, { name: text(p.name) ?? "" });
    case "reminder.sent": {
      const to = Array.isArray(p.to) ? p.to.filter((e): e is string => typeof e === "string") : [];
      const list = cachedIntl(Intl.ListFormat, intlLocale(format.locale), { type: "conjunction" }).format(to);
      return say(key, { name: text(p.name) ?? "", to: list || subject });
    }
  }
  return t.has(`events.${key}`) ? say(key, { subject }) : t("generic", { actor });
}
