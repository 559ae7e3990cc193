/** Where the operations of lib/approvals/approval-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const approvalsOp = { name: "approvals", method: "GET", path: "/vapp/approvals" } as const;
export const createApprovalOp = { name: "createApproval", method: "POST", path: "/vapp/approvals" } as const;
export const updateApprovalOp = { name: "updateApproval", method: "PATCH", path: "/vapp/approvals/{id}" } as const;
export const deleteApprovalOp = { name: "deleteApproval", method: "DELETE", path: "/vapp/approvals/{id}" } as const;
export const setApprovalProcessOp = { name: "setApprovalProcess", method: "PUT", path: "/vapp/approvals/process" } as const;
export const requestApprovalsOp = { name: "requestApprovals", method: "POST", path: "/vapp/approvals/request" } as const;
export const requestApprovalOp = { name: "requestApproval", method: "POST", path: "/vapp/approvals/{id}/request" } as const;
export const approvalMessagesOp = { name: "approvalMessages", method: "GET", path: "/vapp/approvals/messages/{approvalId}" } as const;
export const sendApprovalMessageOp = {
  name: "sendApprovalMessage",
  method: "POST",
  path: "/vapp/approvals/messages/{approvalId}",
} as const;
export const reviewDocumentOp = { name: "reviewDocument", method: "POST", path: "/vapp/approvals/{id}/review" } as const;
export const fetchValidApprovalOp = { name: "fetchValidApproval", method: "GET", path: "/vapp/approvals/valid" } as const;
export const approvalFileOp = { name: "approvalFile", method: "GET", path: "/vapp/approvals/valid/file" } as const;
export const reviseApprovalDocumentOp = { name: "reviseApprovalDocument", method: "POST", path: "/vapp/approvals/{id}/revision" } as const;
