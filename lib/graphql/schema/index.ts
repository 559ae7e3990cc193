import { builder } from "../builder";
import "./user";
import "./account";
import "./members";
import "./taxonomy";
import "./documents";
import "./document-mutations";
import "./attachments";
import "./templates";
import "./folders";
import "./links";
import "./policies";
import "./relations";
import "./datastore";
import "./access-request";
import "./approvals";
import "./sealing";
import "./reminders";
import "./work-queue";
import "./signing-events";
import "./signatures";
import "./verify-user";
import "./billing";

/** The executable schema; `npm run graphql:print` writes it to lib/graphql/schema.graphql. */
export const schema = builder.toSchema({ sortSchema: true });
