/**
 * Every GraphQL module: each adds its types and fields to the one builder as it loads. The
 * schema's entry (lib/graphql/schema/index.ts) loads this list, then builds the schema.
 */
import "@/lib/graphql/schema/user";
import "@/lib/graphql/schema/account";
import "@/lib/graphql/schema/members";
import "@/lib/graphql/schema/taxonomy";
import "@/lib/graphql/schema/documents";
import "@/lib/graphql/schema/document-mutations";
import "@/lib/graphql/schema/attachments";
import "@/lib/graphql/schema/templates";
import "@/lib/graphql/schema/folders";
import "@/lib/graphql/schema/links";
import "@/lib/graphql/schema/policies";
import "@/lib/graphql/schema/relations";
import "@/lib/graphql/schema/datastore";
import "@/lib/graphql/schema/access-request";
import "@/lib/graphql/schema/approvals";
import "@/lib/graphql/schema/sealing";
import "@/lib/graphql/schema/reminders";
import "@/lib/graphql/schema/work-queue";
import "@/lib/graphql/schema/signing-events";
import "@/lib/graphql/schema/signatures";
import "@/lib/graphql/schema/verify-user";
import "@/lib/graphql/schema/billing";
