import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { GET as getAccountRoute } from "@/app/vapp/accounts/route";
import { POST as graphqlRoute } from "@/app/graphql/route";
import { createAccountToken } from "@/lib/accounts/account-tokens";
import { updateDataStore } from "@/lib/datastore/data-store";
import { updateAccount } from "@/lib/accounts/update-account";
import { addDocumentAttachment } from "@/lib/documents/add-document-attachment";
import { addDocumentComment } from "@/lib/documents/document-comments";
import { createDocumentFromUpload } from "@/lib/documents/create-document";
import { createDocumentRelation } from "@/lib/documents/create-document-relation";
import { createFolder } from "@/lib/folders/folders";
import { createDocumentLink } from "@/lib/links/document-links";
import { createTemplate, publishUnpublishTemplate } from "@/lib/templates/templates";
import { addMember, createAccount, signedInAs } from "@/tests/factories";
import { graphql } from "@/tests/factories/graphql";
import { jsonRequest } from "@/tests/factories/http";
import { makeDocx } from "@/tests/fixtures/docx";

/**
 * Every GraphQL operation and REST route that reads or changes account data, called by an
 * Administrator of workspace A with ids from workspace B: each answers not-found or not-allowed
 * and leaks and changes nothing. New operations join this table.
 */
type Row = { id: string };
type World = {
  tokenA: string;
  accountA: { id: string; name: string };
  accountB: { id: string; name: string };
  tokenOfB: Row;
  policyOfB: Row;
  categoryOfB: Row;
  tagOfB: Row;
  documentOfB: Row;
  templateOfB: Row;
  folderOfB: Row;
  templateFolderOfB: Row;
  documentOfA: Row;
  templateOfA: Row;
  documentPolicyOfB: Row;
  userOfA: { id: string; email: string };
  relationOfB: Row;
  commentOfB: Row;
  attachmentOfB: Row;
  roleOfB: Row;
  linkOfB: Row;
  secureLinkOfB: Row;
  ownerOfB: { email: string };
};
let world: World;

beforeAll(async () => {
  const a = await createAccount("Alpha");
  const b = await createAccount("Bravo");
  const { accessToken } = await signedInAs(a.owner.id, a.account.id);
  const { ctx: ctxB } = await signedInAs(b.owner.id, b.account.id);
  const tokenOfB = await createAccountToken(ctxB, { name: "B's integration" });
  const policyOfB = await db.accountPolicy.findFirstOrThrow({ where: { accountId: b.account.id } });
  const categoryOfB = await db.category.create({ data: { accountId: b.account.id, name: "B only", slug: "b-only" } });
  const tagOfB = await db.tag.create({ data: { accountId: b.account.id, name: "B tag" } });
  const { ctx: ctxA } = await signedInAs(a.owner.id, a.account.id);
  const folderOfB = await createFolder(ctxB, { name: "B folder", group: "document", parentId: null });
  const templateFolderOfB = await createFolder(ctxB, { name: "B templates", group: "template", parentId: null });
  const documentOfB = await createDocumentFromUpload(
    ctxB,
    { name: "B contract", folderId: folderOfB.id },
    { name: "b.docx", bytes: makeDocx(["Bravo's Okapi agreement"]) },
  );
  const templateOfB = await createTemplate(
    ctxB,
    { name: "B template" },
    { name: "b.docx", bytes: makeDocx(["Between [party] and Bravo"]) },
  );
  await publishUnpublishTemplate(ctxB, templateOfB.id, true);
  await updateDataStore(ctxB, [{ name: "company legal name", type: "text", value: "Okapi Holdings" }]);
  const documentOfA = await createDocumentFromUpload(ctxA, { name: "A contract" }, { name: "a.docx", bytes: makeDocx(["Alpha"]) });
  const templateOfA = await createTemplate(ctxA, { name: "A template" }, { name: "a.docx", bytes: makeDocx(["[x]"]) });
  const documentPolicyOfB = await db.documentPolicy.findFirstOrThrow({ where: { documentId: documentOfB.id } });
  const relationOfB = await createDocumentRelation(ctxB, documentOfB.id, { toTemplateId: templateOfB.id, type: "basedOn", tag: "B tag" });
  const commentOfB = await addDocumentComment(ctxB, documentOfB.id, { body: "B's Okapi remark", kind: "comment" });
  const attachmentOfB = await addDocumentAttachment(ctxB, documentOfB.id, { name: "Okapi annex.docx", bytes: makeDocx(["Bravo's annex"]) });
  const roleOfB = await db.accountRole.create({ data: { accountId: b.account.id, name: "B reviewers", permissions: ["ViewDocuments"] } });
  const linkOfB = await createDocumentLink(ctxB, documentOfB.id, { name: "B link", role: "commenter" });
  const secureLinkOfB = await createDocumentLink(ctxB, documentOfB.id, {
    name: "B secure link",
    isSecure: true,
    allowList: [b.owner.email],
  });
  // Sharing with people outside the workspace allowed on both sides: a refusal can only come from the scope.
  for (const ctx of [ctxA, ctxB]) await updateAccount(ctx, { settings: { documentShareExternalAccountMembers: true } });
  world = {
    tokenA: accessToken,
    accountA: a.account,
    accountB: b.account,
    tokenOfB,
    policyOfB,
    categoryOfB,
    tagOfB,
    documentOfB,
    templateOfB,
    folderOfB,
    templateFolderOfB,
    documentOfA,
    templateOfA,
    documentPolicyOfB,
    userOfA: a.owner,
    relationOfB,
    commentOfB,
    attachmentOfB,
    roleOfB,
    linkOfB,
    secureLinkOfB,
    ownerOfB: b.owner,
  };
});

/** The address shareDocumentWithPerson tries: never given a link nor emailed. */
const SHARE_SPY = "share-spy@example.test";

const asAWithHeaderOfB = () => ({ authorization: `Bearer ${world.tokenA}`, "x-account-id": world.accountB.id });

/** A file for the operations that take one, sent as a GraphQL multipart request. */
const DOCX = () => ({ name: "planted.docx", bytes: makeDocx(["Planted [field]"]) });

async function graphqlUpload(
  query: string,
  files: Record<string, () => { name: string; bytes: Uint8Array }>,
  headers: Record<string, string>,
) {
  const form = new FormData();
  const paths = Object.keys(files);
  form.append("operations", JSON.stringify({ query, variables: Object.fromEntries(paths.map((path) => [path, null])) }));
  form.append("map", JSON.stringify(Object.fromEntries(paths.map((path, i) => [String(i), [`variables.${path}`]]))));
  paths.forEach((path, i) => {
    const file = files[path]();
    form.append(String(i), new File([file.bytes as BlobPart], file.name));
  });
  const response = await graphqlRoute(new Request("http://localhost:3000/graphql", { method: "POST", headers, body: form }));
  return (await response.json()) as { data?: unknown; errors?: { extensions: { code: string } }[] };
}

type GraphQLCase = {
  name: string;
  query: () => string;
  /** Variables holding files (multipart request). */
  files?: Record<string, () => { name: string; bytes: Uint8Array }>;
  /**
   * Answers without an error but must not leak: it reads nothing of an account (a fixed list), or
   * it is the public first step of a share link (a secure one asks for an address).
   */
  open?: boolean;
};

const GRAPHQL_CASES: GraphQLCase[] = [
  { name: "account", query: () => "{ account { id name settings } }" },
  { name: "accountPolicies", query: () => "{ accountPolicies { items { id user { email } } total } }" },
  { name: "accountRoles", query: () => "{ accountRoles { id name } }" },
  { name: "tokens", query: () => "{ tokens { id name } }" },
  { name: "createToken", query: () => 'mutation { createToken(data: { name: "sneaky" }) { id key } }' },
  { name: "deleteToken", query: () => `mutation { deleteToken(id: "${world.tokenOfB.id}") { id active } }` },
  { name: "bulkDeleteTokens", query: () => `mutation { bulkDeleteTokens(ids: ["${world.tokenOfB.id}"]) }` },
  {
    name: "sendInvitations",
    query: () => 'mutation { sendInvitations(data: { emails: ["spy@example.test"], roleId: "role_administrator" }) { id } }',
  },
  { name: "resendInvitation", query: () => `mutation { resendInvitation(id: "${world.policyOfB.id}") { id } }` },
  {
    name: "updateAccountPolicy",
    query: () => `mutation { updateAccountPolicy(id: "${world.policyOfB.id}", data: { roleId: "role_guest" }) { id } }`,
  },
  { name: "updateAccount", query: () => 'mutation { updateAccount(data: { name: "Hijacked" }) { id } }' },
  { name: "switchAccount", query: () => `mutation { switchAccount(accountId: "${world.accountB.id}") { id name } }` },
  { name: "categories", query: () => "{ categories(includeHidden: true) { id name } }" },
  { name: "tags", query: () => "{ tags { id name } }" },
  { name: "createCategory", query: () => 'mutation { createCategory(name: "Planted") { id } }' },
  { name: "updateCategory", query: () => `mutation { updateCategory(id: "${world.categoryOfB.id}", name: "Renamed") { id } }` },
  { name: "hideCategory", query: () => `mutation { hideCategory(id: "${world.categoryOfB.id}") { id } }` },
  { name: "bulkDeleteCategories", query: () => `mutation { bulkDeleteCategories(ids: ["${world.categoryOfB.id}"]) }` },
  { name: "createTag", query: () => 'mutation { createTag(name: "Planted") { id } }' },
  { name: "updateTag", query: () => `mutation { updateTag(id: "${world.tagOfB.id}", color: "#000000") { id } }` },
  { name: "bulkDeleteTags", query: () => `mutation { bulkDeleteTags(ids: ["${world.tagOfB.id}"]) }` },
  { name: "deleteAccountPolicy", query: () => `mutation { deleteAccountPolicy(id: "${world.policyOfB.id}") }` },
  {
    name: "upsertAccountPolicy",
    query: () => `mutation { upsertAccountPolicy(id: "${world.policyOfB.id}", roleId: "role_guest", status: disabled) { id } }`,
  },
  {
    name: "upsertAccountPolicy inviting",
    query: () => 'mutation { upsertAccountPolicy(email: "spy2@example.test", roleId: "role_administrator") { id } }',
  },
  { name: "bulkDeleteAccountPolicies", query: () => `mutation { bulkDeleteAccountPolicies(ids: ["${world.policyOfB.id}"]) }` },
  {
    name: "createAccountPolicy",
    query: () => 'mutation { createAccountPolicy(data: { email: "spy3@example.test", roleId: "role_administrator" }) { id } }',
  },
  {
    name: "createAccountPolicy with B's role",
    query: () => `mutation { createAccountPolicy(data: { email: "spy4@example.test", roleId: "${world.roleOfB.id}" }) { id } }`,
  },
  { name: "requestAccountAccess", query: () => 'mutation { requestAccountAccess(note: "Let me in") { recipients } }' },
  // Workspace roles
  {
    name: "createAccountRole",
    query: () => 'mutation { createAccountRole(data: { name: "Planted", permissions: [ViewDocuments] }) { id } }',
  },
  {
    name: "updateAccountRole",
    query: () => `mutation { updateAccountRole(id: "${world.roleOfB.id}", data: { name: "Hijacked", permissions: [] }) { id name } }`,
  },
  {
    name: "upsertAccountRole",
    query: () => `mutation { upsertAccountRole(id: "${world.roleOfB.id}", name: "Hijacked") { id name } }`,
  },
  { name: "deleteAccountRole", query: () => `mutation { deleteAccountRole(id: "${world.roleOfB.id}") }` },
  { name: "bulkDeleteAccountRoles", query: () => `mutation { bulkDeleteAccountRoles(ids: ["${world.roleOfB.id}"]) }` },
  // Categories and tags by B's ids
  {
    name: "upsertCategory",
    query: () => `mutation { upsertCategory(id: "${world.categoryOfB.id}", name: "Hijacked") { id name } }`,
  },
  { name: "showCategory", query: () => `mutation { showCategory(id: "${world.categoryOfB.id}") { id name } }` },
  { name: "deleteCategory", query: () => `mutation { deleteCategory(id: "${world.categoryOfB.id}") }` },
  { name: "upsertTag", query: () => `mutation { upsertTag(id: "${world.tagOfB.id}", name: "Hijacked") { id name } }` },
  { name: "deleteTag", query: () => `mutation { deleteTag(id: "${world.tagOfB.id}") }` },
  { name: "upsertCategory creating", query: () => 'mutation { upsertCategory(name: "Planted") { id } }' },
  { name: "upsertTag creating", query: () => 'mutation { upsertTag(name: "Planted") { id } }' },
  // Workspace data store
  { name: "dataStore", query: () => "{ dataStore { variables { name value } } }" },
  { name: "updateDataStore", query: () => 'mutation { updateDataStore(variables: [{ name: "planted", value: "x" }]) { updatedAt } }' },
  // Documents
  { name: "documents", query: () => '{ documents(search: "okapi") { total items { id name highlight { text } } } }' },
  { name: "document", query: () => `{ document(id: "${world.documentOfB.id}") { id name role } }` },
  { name: "hotDocuments", query: () => "{ hotDocuments { id name } }" },
  { name: "documentsCount", query: () => `{ documentsCount(folderId: "${world.folderOfB.id}") }` },
  { name: "documentStatusList", query: () => "{ documentStatusList { key value } }", open: true },
  { name: "documentContent", query: () => `{ documentContent(id: "${world.documentOfB.id}") { id name } }` },
  { name: "documentVersions", query: () => `{ documentVersions(id: "${world.documentOfB.id}") { id name } }` },
  { name: "expiringDocuments", query: () => "{ expiringDocuments { id name } }" },
  { name: "createDocument", query: () => `mutation { createDocument(fromDocument: "${world.documentOfB.id}") { id name } }` },
  {
    name: "createDocument from a template",
    query: () => `mutation { createDocument(data: { templateId: "${world.templateOfB.id}", values: { party: "Spy" } }) { id name } }`,
  },
  {
    name: "createDocument from a file into a folder",
    query: () => `mutation ($file: File) { createDocument(file: $file, data: { folderId: "${world.folderOfB.id}" }) { id } }`,
    files: { file: DOCX },
  },
  { name: "cloneDocument", query: () => `mutation { cloneDocument(id: "${world.documentOfB.id}") { id name } }` },
  {
    name: "importDocuments",
    query: () => `mutation ($a: File!) { importDocuments(files: [$a], data: { folderId: "${world.folderOfB.id}" }) { id } }`,
    files: { a: DOCX },
  },
  { name: "updateDocument", query: () => `mutation { updateDocument(id: "${world.documentOfB.id}", data: { name: "Hijacked" }) { id } }` },
  {
    name: "updateDocumentStatus",
    query: () => `mutation { updateDocumentStatus(id: "${world.documentOfB.id}", newStatus: cancelled) { id } }`,
  },
  { name: "archiveDocument", query: () => `mutation { archiveDocument(id: "${world.documentOfB.id}", archived: true) { id archived } }` },
  {
    name: "updateDocumentValues",
    query: () => `mutation { updateDocumentValues(id: "${world.documentOfB.id}", values: { client: "Hijacked" }) { id } }`,
  },
  {
    name: "updateDocumentDestinationFolder",
    query: () => `mutation { updateDocumentDestinationFolder(id: "${world.documentOfB.id}", destinationId: null) { id } }`,
  },
  {
    name: "updateDocumentVersion",
    query: () => `mutation ($file: File!) { updateDocumentVersion(id: "${world.documentOfB.id}", file: $file) { id } }`,
    files: { file: DOCX },
  },
  { name: "deleteDocument", query: () => `mutation { deleteDocument(id: "${world.documentOfB.id}") }` },
  { name: "bulkDeleteDocuments", query: () => `mutation { bulkDeleteDocuments(ids: ["${world.documentOfB.id}"]) }` },
  { name: "lockDocument", query: () => `mutation { lockDocument(id: "${world.documentOfB.id}") { locked } }` },
  {
    name: "createDocument from a template with fieldFiles",
    query: () =>
      `mutation ($f: File!) { createDocument(data: { templateId: "${world.templateOfB.id}", values: { party: "Spy" } }, fieldFiles: [{ name: "party", file: $f }]) { id attachments { id name } } }`,
    files: { f: DOCX },
  },
  // Document attachments
  { name: "attachments", query: () => `{ attachments(id: "${world.documentOfB.id}") { id name path } }` },
  { name: "document attachments", query: () => `{ document(id: "${world.documentOfB.id}") { attachments { id name path } } }` },
  {
    name: "createAttachment",
    query: () => `mutation ($file: File!) { createAttachment(id: "${world.documentOfB.id}", file: $file) { id } }`,
    files: { file: DOCX },
  },
  {
    name: "deleteAttachment",
    query: () => `mutation { deleteAttachment(id: "${world.documentOfB.id}", attachmentId: "${world.attachmentOfB.id}") }`,
  },
  {
    name: "deleteAttachment of B through A's document",
    query: () => `mutation { deleteAttachment(id: "${world.documentOfA.id}", attachmentId: "${world.attachmentOfB.id}") }`,
  },
  { name: "unlockDocument", query: () => `mutation { unlockDocument(id: "${world.documentOfB.id}") { locked } }` },
  // Document policies
  { name: "policies", query: () => `{ policies(id: "${world.documentOfB.id}") { id user { email name } } }` },
  {
    name: "policies lastActive",
    query: () => `{ policies(id: "${world.documentOfB.id}", lastActive: true) { id user { email name } } }`,
  },
  { name: "documentRoles", query: () => "{ documentRoles { id name global permissions } }", open: true },
  {
    name: "upsertPolicy",
    query: () => `mutation { upsertPolicy(id: "${world.documentOfB.id}", data: { userId: "${world.userOfA.id}", role: owner }) { id } }`,
  },
  { name: "deletePolicy", query: () => `mutation { deletePolicy(policyId: "${world.documentPolicyOfB.id}") }` },
  { name: "bulkDeletePolicies", query: () => `mutation { bulkDeletePolicies(ids: ["${world.documentPolicyOfB.id}"]) }` },
  { name: "personalLinks", query: () => `{ personalLinks(id: "${world.documentOfB.id}") { id email } }` },
  {
    name: "shareDocumentWithPerson",
    query: () =>
      `mutation { shareDocumentWithPerson(id: "${world.documentOfB.id}", data: { email: "${SHARE_SPY}", role: reviewer }) { kind link { id email } capped } }`,
  },
  {
    name: "registerAccessDocumentPolicy",
    query: () => `mutation { registerAccessDocumentPolicy(id: "${world.documentOfB.id}") { id status } }`,
  },
  {
    name: "answerAccessRequest",
    query: () => `mutation { answerAccessRequest(policyId: "${world.documentPolicyOfB.id}", accept: true, role: owner) { id } }`,
  },
  {
    name: "transferDocumentOwnership",
    query: () => `mutation { transferDocumentOwnership(id: "${world.documentOfB.id}", userId: "${world.userOfA.id}") { id } }`,
  },
  // Document relations and comments
  { name: "relations", query: () => `{ relations(id: "${world.documentOfB.id}") { id tag other { id name } } }` },
  {
    name: "createRelation",
    query: () => `mutation { createRelation(id: "${world.documentOfB.id}", toTemplateId: "${world.templateOfA.id}") { id } }`,
  },
  {
    name: "createRelation to B's document",
    query: () =>
      `mutation { createRelation(id: "${world.documentOfA.id}", toDocumentId: "${world.documentOfB.id}") { id other { name } } }`,
  },
  {
    name: "createRelation to B's template",
    query: () =>
      `mutation { createRelation(id: "${world.documentOfA.id}", toTemplateId: "${world.templateOfB.id}") { id other { name } } }`,
  },
  {
    name: "updateRelation",
    query: () => `mutation { updateRelation(relationId: "${world.relationOfB.id}", tag: "Hijacked") { id tag } }`,
  },
  { name: "deleteRelation", query: () => `mutation { deleteRelation(relationId: "${world.relationOfB.id}") }` },
  { name: "bulkDeleteRelations", query: () => `mutation { bulkDeleteRelations(ids: ["${world.relationOfB.id}"]) }` },
  {
    name: "upsertRelation",
    query: () => `mutation { upsertRelation(id: "${world.documentOfB.id}", toTemplateId: "${world.templateOfA.id}") { id } }`,
  },
  {
    name: "upsertRelation with B's id",
    query: () =>
      `mutation { upsertRelation(id: "${world.documentOfB.id}", relationId: "${world.relationOfB.id}", tag: "Hijacked") { id tag } }`,
  },
  {
    name: "upsertRelation with B's id from A's document",
    query: () =>
      `mutation { upsertRelation(id: "${world.documentOfA.id}", relationId: "${world.relationOfB.id}", tag: "Hijacked") { id tag } }`,
  },
  {
    name: "upsertRelation to B's document",
    query: () =>
      `mutation { upsertRelation(id: "${world.documentOfA.id}", toDocumentId: "${world.documentOfB.id}") { id other { name } } }`,
  },
  // Share links
  { name: "links", query: () => `{ links(id: "${world.documentOfB.id}") { id name url } }` },
  {
    name: "createLink",
    query: () => `mutation { createLink(id: "${world.documentOfB.id}", name: "Planted") { id url } }`,
  },
  {
    name: "updateLink",
    query: () => `mutation { updateLink(linkId: "${world.linkOfB.id}", name: "Hijacked", role: reviewer) { id name } }`,
  },
  {
    name: "upsertLink",
    query: () => `mutation { upsertLink(id: "${world.documentOfB.id}", name: "Planted") { id url } }`,
  },
  {
    name: "upsertLink with B's id",
    query: () =>
      `mutation { upsertLink(id: "${world.documentOfA.id}", linkId: "${world.linkOfB.id}", name: "Hijacked", isSecure: false, allowList: []) { id name } }`,
  },
  { name: "deleteLink", query: () => `mutation { deleteLink(linkId: "${world.linkOfB.id}") }` },
  { name: "bulkDeleteLinks", query: () => `mutation { bulkDeleteLinks(ids: ["${world.linkOfB.id}", "${world.secureLinkOfB.id}"]) }` },
  // The link id is the secret a visitor holds (docs/share-links.md): a secure one still asks who is there.
  {
    name: "validateLink",
    query: () =>
      `mutation { validateLink(linkId: "${world.secureLinkOfB.id}") { status email accessToken refreshToken document { id name } } }`,
    open: true,
  },
  { name: "comments", query: () => `{ comments(id: "${world.documentOfB.id}") { id body } }` },
  {
    name: "createComment",
    query: () => `mutation { createComment(id: "${world.documentOfB.id}", body: "Planted") { id } }`,
  },
  {
    name: "createComment replying to B's comment",
    query: () => `mutation { createComment(id: "${world.documentOfA.id}", body: "Planted", parentId: "${world.commentOfB.id}") { id } }`,
  },
  {
    name: "updateComment",
    query: () => `mutation { updateComment(commentId: "${world.commentOfB.id}", body: "Hijacked") { id body } }`,
  },
  { name: "resolveComment", query: () => `mutation { resolveComment(commentId: "${world.commentOfB.id}") { id body } }` },
  { name: "deleteComment", query: () => `mutation { deleteComment(commentId: "${world.commentOfB.id}") }` },
  // Templates
  { name: "templates", query: () => "{ templates { total items { id name } } }" },
  { name: "template", query: () => `{ template(id: "${world.templateOfB.id}") { id name } }` },
  { name: "createTemplate", query: () => "mutation ($file: File!) { createTemplate(file: $file) { id } }", files: { file: DOCX } },
  { name: "updateTemplate", query: () => `mutation { updateTemplate(id: "${world.templateOfB.id}", name: "Hijacked") { id } }` },
  { name: "cloneTemplate", query: () => `mutation { cloneTemplate(id: "${world.templateOfB.id}") { id name } }` },
  {
    name: "updateTemplateDestinationFolder",
    query: () => `mutation { updateTemplateDestinationFolder(id: "${world.templateOfB.id}", destinationId: null) { id } }`,
  },
  {
    name: "updateTemplateVersion",
    query: () => `mutation ($file: File!) { updateTemplateVersion(id: "${world.templateOfB.id}", file: $file) { id } }`,
    files: { file: DOCX },
  },
  {
    name: "publishUnpublishTemplate",
    query: () => `mutation { publishUnpublishTemplate(id: "${world.templateOfB.id}", data: { published: false }) { id } }`,
  },
  { name: "deleteTemplate", query: () => `mutation { deleteTemplate(id: "${world.templateOfB.id}") }` },
  { name: "bulkDeleteTemplates", query: () => `mutation { bulkDeleteTemplates(ids: ["${world.templateOfB.id}"]) }` },
  // Folders
  { name: "folders", query: () => "{ folders { items { id name } } }" },
  { name: "folderTree", query: () => "{ folderTree { label children { key label } } }" },
  { name: "createFolder", query: () => `mutation { createFolder(name: "Planted", parentId: "${world.folderOfB.id}") { id } }` },
  { name: "updateFolder", query: () => `mutation { updateFolder(id: "${world.folderOfB.id}", name: "Hijacked") { id } }` },
  { name: "upsertFolder", query: () => `mutation { upsertFolder(id: "${world.folderOfB.id}", name: "Hijacked") { id } }` },
  { name: "deleteFolder", query: () => `mutation { deleteFolder(id: "${world.folderOfB.id}") }` },
  { name: "bulkDeleteFolders", query: () => `mutation { bulkDeleteFolders(ids: ["${world.folderOfB.id}"]) }` },
];

const runCase = (c: GraphQLCase, headers: Record<string, string>) =>
  c.files ? graphqlUpload(c.query(), c.files, headers) : graphql(c.query(), { headers });

/** B's documents, their policies, templates and folders are as they were made. */
async function expectBUntouched() {
  const b = world.accountB.id;
  expect(
    await db.document.findMany({ where: { accountId: b }, select: { id: true, name: true, status: true, folderId: true, archived: true } }),
  ).toEqual([{ id: world.documentOfB.id, name: "B contract", status: "initial", folderId: world.folderOfB.id, archived: false }]);
  expect(await db.documentContent.count({ where: { accountId: b } })).toBe(1);
  expect(await db.document.findUniqueOrThrow({ where: { id: world.documentOfB.id }, select: { lockedById: true } })).toEqual({
    lockedById: null,
  });
  expect(
    await db.documentPolicy.findMany({ where: { documentId: world.documentOfB.id }, select: { id: true, role: true, status: true } }),
  ).toEqual([{ id: world.documentPolicyOfB.id, role: "owner", status: "active" }]);
  expect(await db.template.findMany({ where: { accountId: b }, select: { id: true, name: true, published: true, version: true } })).toEqual(
    [{ id: world.templateOfB.id, name: "B template", published: true, version: 1 }],
  );
  expect(
    (await db.folder.findMany({ where: { accountId: b }, select: { name: true }, orderBy: { name: "asc" } })).map((f) => f.name),
  ).toEqual(["B folder", "B templates"]);
  expect(
    await db.documentRelation.findMany({
      where: { OR: [{ accountId: b }, { toDocumentId: world.documentOfB.id }, { toTemplateId: world.templateOfB.id }] },
      select: { id: true, type: true, tag: true },
    }),
  ).toEqual([{ id: world.relationOfB.id, type: "basedOn", tag: "B tag" }]);
  expect(
    await db.documentComment.findMany({
      where: { OR: [{ accountId: b }, { documentId: world.documentOfB.id }] },
      select: { id: true, body: true, resolvedAt: true },
    }),
  ).toEqual([{ id: world.commentOfB.id, body: "B's Okapi remark", resolvedAt: null }]);
  // In A's and B's workspaces: other files plant the word in workspaces of their own.
  const accountsOfAB = { in: [world.accountA.id, b] };
  expect(await db.documentComment.count({ where: { body: "Planted", accountId: accountsOfAB } })).toBe(0);
  expect(
    await db.documentAttachment.findMany({
      where: { OR: [{ accountId: b }, { documentId: world.documentOfB.id }] },
      select: { id: true, name: true },
    }),
  ).toEqual([{ id: world.attachmentOfB.id, name: "Okapi annex.docx" }]);
  expect(await db.accountRole.findMany({ where: { accountId: b }, select: { id: true, name: true, permissions: true } })).toEqual([
    { id: world.roleOfB.id, name: "B reviewers", permissions: ["ViewDocuments"] },
  ]);
  expect(await db.accountPolicy.findMany({ where: { accountId: b }, select: { id: true, roleId: true, status: true } })).toEqual([
    { id: world.policyOfB.id, roleId: "role_administrator", status: "active" },
  ]);
  expect(await db.category.findUniqueOrThrow({ where: { id: world.categoryOfB.id } })).toMatchObject({ name: "B only", hidden: false });
  expect(await db.tag.findUniqueOrThrow({ where: { id: world.tagOfB.id } })).toMatchObject({ name: "B tag", color: "#7c3aed" });
  expect(await db.category.count({ where: { accountId: b } })).toBe(1);
  expect(await db.tag.count({ where: { accountId: b } })).toBe(1);
  expect(await db.audit.count({ where: { accountId: b, eventType: "account.accessRequested" } })).toBe(0);
  expect((await db.accountDataStore.findUniqueOrThrow({ where: { accountId: b } })).variables).toEqual([
    { name: "company legal name", type: "text", value: "Okapi Holdings" },
  ]);
  expect(
    await db.documentLink.findMany({
      where: { OR: [{ accountId: b }, { documentId: world.documentOfB.id }] },
      select: { id: true, name: true, role: true, isSecure: true, allowList: true, expiredAt: true, accessedAt: true },
      orderBy: { name: "asc" },
    }),
  ).toEqual([
    { id: world.linkOfB.id, name: "B link", role: "commenter", isSecure: false, allowList: [], expiredAt: null, accessedAt: null },
    {
      id: world.secureLinkOfB.id,
      name: "B secure link",
      role: "reader",
      isSecure: true,
      allowList: [world.ownerOfB.email],
      expiredAt: null,
      accessedAt: null,
    },
  ]);
  expect(await db.documentLink.count({ where: { name: "Planted", accountId: accountsOfAB } })).toBe(0);
  expect(await db.documentLink.count({ where: { allowList: { has: SHARE_SPY } } })).toBe(0);
  expect(await db.outboxEmail.count({ where: { to: SHARE_SPY } })).toBe(0);
}

describe("cross-account isolation", () => {
  it.each(GRAPHQL_CASES)("GraphQL $name with workspace B's header or ids", async (c) => {
    const before = await db.accountToken.count({ where: { accountId: world.accountB.id, active: true } });
    const result = await runCase(c, asAWithHeaderOfB());
    if (c.open) expect(result.errors).toBeUndefined();
    else expect(result.errors?.[0].extensions.code).toMatch(/^(NOT_FOUND|FORBIDDEN|ACCOUNT_REQUIRED)$/);
    expect(JSON.stringify(result.data ?? {})).not.toContain(world.accountB.name);
    expect(JSON.stringify(result.data ?? {})).not.toMatch(/B contract|B template|B folder|Okapi/);
    await expectBUntouched();
    expect(await db.accountToken.count({ where: { accountId: world.accountB.id, active: true } })).toBe(before);
    expect((await db.account.findUniqueOrThrow({ where: { id: world.accountB.id } })).name).toBe(world.accountB.name);
  });

  it.each([
    "updateCategory",
    "upsertCategory",
    "hideCategory",
    "showCategory",
    "deleteCategory",
    "bulkDeleteCategories",
    "updateTag",
    "upsertTag",
    "deleteTag",
    "bulkDeleteTags",
  ])("%s with B's ids from A's own account is NOT_FOUND and B's data is untouched", async (name) => {
    const result = await graphql(GRAPHQL_CASES.find((c) => c.name === name)!.query(), { accessToken: world.tokenA });
    expect(result.errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect(await db.category.findUniqueOrThrow({ where: { id: world.categoryOfB.id } })).toMatchObject({ name: "B only", hidden: false });
    expect(await db.tag.findUniqueOrThrow({ where: { id: world.tagOfB.id } })).toMatchObject({ name: "B tag", color: "#7c3aed" });
  });

  it.each(["updateAccountPolicy", "upsertAccountPolicy", "deleteAccountPolicy", "bulkDeleteAccountPolicies", "resendInvitation"])(
    "%s with B's membership id from A's own account is NOT_FOUND and changes nothing",
    async (name) => {
      const query = GRAPHQL_CASES.find((c) => c.name === name)!.query();
      const result = await graphql(query, { accessToken: world.tokenA });
      expect(result.errors?.[0].extensions.code).toBe("NOT_FOUND");
      const policy = await db.accountPolicy.findUniqueOrThrow({ where: { id: world.policyOfB.id } });
      expect(policy.roleId).toBe("role_administrator");
      expect(policy.status).toBe("active");
    },
  );

  it.each(["updateAccountRole", "upsertAccountRole", "deleteAccountRole", "bulkDeleteAccountRoles", "createAccountPolicy with B's role"])(
    "%s with B's role id from A's own account is NOT_FOUND and B's role is untouched",
    async (name) => {
      const result = await graphql(GRAPHQL_CASES.find((c) => c.name === name)!.query(), { accessToken: world.tokenA });
      expect(result.errors?.[0].extensions.code).toBe("NOT_FOUND");
      await expectBUntouched();
    },
  );

  const ID_CASES = [
    "document",
    "documentContent",
    "documentVersions",
    "createDocument",
    "createDocument from a template",
    "createDocument from a file into a folder",
    "cloneDocument",
    "updateDocument",
    "updateDocumentStatus",
    "archiveDocument",
    "updateDocumentValues",
    "updateDocumentDestinationFolder",
    "updateDocumentVersion",
    "deleteDocument",
    "bulkDeleteDocuments",
    "lockDocument",
    "unlockDocument",
    "createDocument from a template with fieldFiles",
    "attachments",
    "document attachments",
    "createAttachment",
    "deleteAttachment",
    "deleteAttachment of B through A's document",
    "policies",
    "policies lastActive",
    "upsertPolicy",
    "deletePolicy",
    "bulkDeletePolicies",
    "personalLinks",
    "shareDocumentWithPerson",
    "registerAccessDocumentPolicy",
    "answerAccessRequest",
    "transferDocumentOwnership",
    "relations",
    "createRelation",
    "createRelation to B's document",
    "createRelation to B's template",
    "updateRelation",
    "deleteRelation",
    "bulkDeleteRelations",
    "upsertRelation",
    "upsertRelation with B's id",
    "upsertRelation with B's id from A's document",
    "upsertRelation to B's document",
    "links",
    "createLink",
    "updateLink",
    "upsertLink",
    "upsertLink with B's id",
    "deleteLink",
    "bulkDeleteLinks",
    "comments",
    "createComment",
    "createComment replying to B's comment",
    "updateComment",
    "resolveComment",
    "deleteComment",
    "template",
    "updateTemplate",
    "cloneTemplate",
    "updateTemplateDestinationFolder",
    "updateTemplateVersion",
    "publishUnpublishTemplate",
    "deleteTemplate",
    "bulkDeleteTemplates",
    "createFolder",
    "updateFolder",
    "upsertFolder",
    "deleteFolder",
    "bulkDeleteFolders",
  ];

  it.each(ID_CASES)(
    "%s with B's document, policy, template or folder from A's own account is NOT_FOUND and changes nothing",
    async (name) => {
      const c = GRAPHQL_CASES.find((row) => row.name === name)!;
      const result = await runCase(c, { authorization: `Bearer ${world.tokenA}` });
      expect(result.errors?.[0].extensions.code).toBe("NOT_FOUND");
      await expectBUntouched();
    },
  );

  it("A cannot file its own document or template in B's folders, nor list B's rows from its own account", async () => {
    const accessToken = world.tokenA;
    const moveDoc = await graphql(
      `mutation { updateDocumentDestinationFolder(id: "${world.documentOfA.id}", destinationId: "${world.folderOfB.id}") { id } }`,
      { accessToken },
    );
    expect(moveDoc.errors?.[0].extensions.code).toBe("NOT_FOUND");
    const moveTemplate = await graphql(
      `mutation { updateTemplateDestinationFolder(id: "${world.templateOfA.id}", destinationId: "${world.templateFolderOfB.id}") { id } }`,
      { accessToken },
    );
    expect(moveTemplate.errors?.[0].extensions.code).toBe("NOT_FOUND");
    const tagged = await graphql(
      `mutation { updateDocument(id: "${world.documentOfA.id}", data: { tagIds: ["${world.tagOfB.id}"], categoryId: "${world.categoryOfB.id}" }) { id } }`,
      { accessToken },
    );
    expect(tagged.errors?.[0].extensions.code).toBe("NOT_FOUND");
    const lists = await graphql<Record<string, unknown>>(
      `{ documents(search: "okapi") { total } documentsCount(folderId: "${world.folderOfB.id}") templates { items { name } } folderTree { children { label } } hotDocuments { name } expiringDocuments { name } }`,
      { accessToken },
    );
    expect(lists.errors).toBeUndefined();
    expect(lists.data).toMatchObject({ documents: { total: 0 }, documentsCount: 0 });
    // B's folder is no folder of A's: its children are not listed, it is not found.
    const children = await graphql(`{ folders(where: { parent: "${world.folderOfB.id}" }) { items { id } } }`, { accessToken });
    expect(children.errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect(JSON.stringify(lists.data)).not.toMatch(/B contract|B template|B folder|B templates/);
    await expectBUntouched();
  });

  it.each(["deleteToken", "bulkDeleteTokens"])(
    "%s with B's token id from A's own account is NOT_FOUND and B's token stays active",
    async (name) => {
      const result = await graphql(GRAPHQL_CASES.find((c) => c.name === name)!.query(), { accessToken: world.tokenA });
      expect(result.errors?.[0].extensions.code).toBe("NOT_FOUND");
      expect((await db.accountToken.findUniqueOrThrow({ where: { id: world.tokenOfB.id } })).active).toBe(true);
    },
  );

  it("bulk deletes naming A's own rows and one of B's are NOT_FOUND and remove neither", async () => {
    const accessToken = world.tokenA;
    const ownToken = await graphql<{ createToken: { id: string } }>('mutation { createToken(data: { name: "A\'s own" }) { id } }', {
      accessToken,
    });
    const ownLink = await graphql<{ createLink: { id: string } }>(
      `mutation { createLink(id: "${world.documentOfA.id}", name: "A link") { id } }`,
      { accessToken },
    );
    const ownRelation = await graphql<{ createRelation: { id: string } }>(
      `mutation { createRelation(id: "${world.documentOfA.id}", toTemplateId: "${world.templateOfA.id}") { id } }`,
      { accessToken },
    );
    const ownPolicy = await db.documentPolicy.findFirstOrThrow({ where: { documentId: world.documentOfA.id } });
    const calls = [
      `mutation { bulkDeleteTokens(ids: ["${ownToken.data!.createToken.id}", "${world.tokenOfB.id}"]) }`,
      `mutation { bulkDeleteLinks(ids: ["${ownLink.data!.createLink.id}", "${world.linkOfB.id}"]) }`,
      `mutation { bulkDeleteRelations(ids: ["${ownRelation.data!.createRelation.id}", "${world.relationOfB.id}"]) }`,
      `mutation { bulkDeletePolicies(ids: ["${world.documentPolicyOfB.id}", "${ownPolicy.id}"]) }`,
    ];
    for (const query of calls) expect((await graphql(query, { accessToken })).errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect((await db.accountToken.findUniqueOrThrow({ where: { id: ownToken.data!.createToken.id } })).active).toBe(true);
    expect(await db.documentLink.count({ where: { id: ownLink.data!.createLink.id } })).toBe(1);
    expect(await db.documentRelation.count({ where: { id: ownRelation.data!.createRelation.id } })).toBe(1);
    expect(await db.documentPolicy.count({ where: { id: ownPolicy.id } })).toBe(1);
    await expectBUntouched();
    expect((await db.accountToken.findUniqueOrThrow({ where: { id: world.tokenOfB.id } })).active).toBe(true);
    // Leave A as the other tests expect it.
    await graphql(
      `mutation { bulkDeleteLinks(ids: ["${ownLink.data!.createLink.id}"]) bulkDeleteRelations(ids: ["${ownRelation.data!.createRelation.id}"]) }`,
      { accessToken },
    );
  });

  it("validateLink from A's own account: B's secure link still asks for an allowed address and opens nothing", async () => {
    const query = `mutation ($email: String) { validateLink(linkId: "${world.secureLinkOfB.id}", email: $email) { status email accessToken document { name } } }`;
    const asked = await graphql(query, { accessToken: world.tokenA });
    expect(asked.errors).toBeUndefined();
    expect(asked.data).toEqual({ validateLink: { status: "emailRequired", email: null, accessToken: null, document: null } });
    // Being signed in elsewhere is no address of B's list: refused, with no tokens and no document.
    const refused = await graphql(query, { accessToken: world.tokenA, variables: { email: world.userOfA.email } });
    expect(refused.errors?.[0].extensions.code).toBe("LINK_EXPIRED");
    expect(JSON.stringify(refused.data ?? {})).not.toMatch(/B contract|Okapi/);
    await expectBUntouched();
  });

  it("REST GET /vapp/accounts with B's header is refused without leaking B", async () => {
    const response = await getAccountRoute(jsonRequest("GET", "/vapp/accounts", { headers: asAWithHeaderOfB() }));
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain(world.accountB.name);
  });

  it("roles: a Guest cannot list members or tokens; the account header picks a workspace the user belongs to", async () => {
    const b = await createAccount("Charlie");
    const guest = await addMember(b.account.id, "Guest");
    const { accessToken } = await signedInAs(guest.id, b.account.id);
    const members = await graphql("{ accountPolicies { total } }", { accessToken });
    expect(members.errors?.[0].extensions.code).toBe("FORBIDDEN");
    const tokens = await graphql("{ tokens { id } }", { accessToken });
    expect(tokens.errors?.[0].extensions.code).toBe("FORBIDDEN");
    const account = await graphql<{ account: { id: string; role: string; admin: boolean } }>("{ account { id role admin } }", {
      accessToken,
      headers: { "x-account-id": b.account.id },
    });
    expect(account.data?.account).toEqual({ id: b.account.id, role: "Guest", admin: false });
  });
});
