/**
 * `npm run audit:verify -- <export.json>`: checks an exported audit trail offline (the file alone,
 * no database): every row's hash, the links between rows and the sequence. Exit code 0 when the
 * chain holds, 1 where it breaks (printed), 2 when the file is not an export.
 */
import { readFileSync } from "node:fs";
import { readAuditExport, verifyChain } from "@/lib/audit/audit-chain";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run audit:verify -- <audit-trail.json>");
  process.exit(2);
}
const exported = readAuditExport(readFileSync(file, "utf8"));
if (!exported) {
  console.error(`${file} is not an audit trail export.`);
  process.exit(2);
}
const verdict = verifyChain(exported.rows);
if (verdict.valid) {
  console.log(`The chain holds: ${verdict.rows} rows of workspace ${exported.accountId}, last hash ${verdict.lastHash ?? "(none)"}.`);
} else {
  const { sequence, id, reason } = verdict.brokenAt;
  const why = {
    hash: "its content does not match its hash",
    link: "it does not follow the row before it",
    sequence: "a row is missing or added before it",
  }[reason];
  console.error(`The chain breaks at row ${sequence} (${id}): ${why}.`);
  process.exit(1);
}
