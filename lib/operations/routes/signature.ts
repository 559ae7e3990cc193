/** Where the operations of lib/signatures/signature-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const signaturesOp = { name: "signatures", method: "GET", path: "/vapp/signatures" } as const;
export const partiesOp = { name: "parties", method: "GET", path: "/vapp/parties" } as const;
export const signaturePlaceholdersOp = { name: "signaturePlaceholders", method: "GET", path: "/vapp/signature-placeholders" } as const;
export const signingSettingsOp = { name: "signingSettings", method: "GET", path: "/vapp/signing-settings" } as const;
export const setSignProcessOp = { name: "setSignProcess", method: "PUT", path: "/vapp/signing-settings" } as const;
export const createPartyOp = { name: "createParty", method: "POST", path: "/vapp/parties" } as const;
export const updatePartyOp = { name: "updateParty", method: "PATCH", path: "/vapp/parties/{id}" } as const;
export const deletePartyOp = { name: "deleteParty", method: "DELETE", path: "/vapp/parties/{id}" } as const;
export const addSignerOp = { name: "addSigner", method: "POST", path: "/vapp/signatures" } as const;
export const updateSignerOp = { name: "updateSigner", method: "PATCH", path: "/vapp/signatures/{id}" } as const;
export const removeSignerOp = { name: "removeSigner", method: "DELETE", path: "/vapp/signatures/{id}" } as const;
export const saveSignaturePlaceholdersOp = {
  name: "saveSignaturePlaceholders",
  method: "PUT",
  path: "/vapp/signature-placeholders",
} as const;
export const requestSignaturesOp = { name: "requestSignatures", method: "POST", path: "/vapp/signatures/request" } as const;
export const requestSignatureOp = { name: "requestSignature", method: "POST", path: "/vapp/signatures/{id}/request" } as const;
export const remindSignerOp = { name: "remindSigner", method: "POST", path: "/vapp/signatures/{id}/remind" } as const;
export const fetchValidSignatureOp = { name: "fetchValidSignature", method: "GET", path: "/vapp/signatures/valid" } as const;
export const signDocumentOp = { name: "signDocument", method: "POST", path: "/vapp/signatures/sign" } as const;
export const declineSignatureOp = { name: "declineSignature", method: "POST", path: "/vapp/signatures/decline" } as const;
export const signingResultOp = { name: "signingResult", method: "GET", path: "/vapp/signatures/result" } as const;
