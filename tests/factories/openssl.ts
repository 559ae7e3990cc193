import { execFile } from "node:child_process";
import { promisify } from "node:util";

/**
 * OpenSSL's own check of a detached CMS signature (DER) over a content file, as an independent
 * verifier: its stderr says "Verification successful" when the signature covers the content.
 * `-noverify`: the signer's certificate chain is not judged, only the signature.
 */
export async function opensslCmsVerify(cmsPath: string, contentPath: string): Promise<{ stdout: string; stderr: string }> {
  return promisify(execFile)("openssl", [
    "cms",
    "-verify",
    "-binary",
    "-noverify",
    "-inform",
    "DER",
    "-in",
    cmsPath,
    "-content",
    contentPath,
    "-out",
    "/dev/null",
  ]);
}
