/** Where the operations of lib/sealing/sealing-operations.ts are served (handles: lib/operations/operation-route.ts). */
export const resealDocumentOp = { name: "resealDocument", method: "POST", path: "/vapp/sealing/documents/{id}" } as const;
export const downloadSealedDocumentOp = { name: "downloadSealedDocument", method: "GET", path: "/vapp/sealing/sealed-copy" } as const;
export const verifySealedPdfOp = { name: "verifySealedPdf", method: "POST", path: "/vapp/sealing/verify" } as const;
export const sealingHealthOp = { name: "sealingHealth", method: "GET", path: "/vapp/sealing/health" } as const;
