import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as templates from "@/app/vapp/templates/route";
import { uploadMaxFiles } from "@/lib/files/upload-limits";
import { readUpload } from "@/lib/http/read-upload";
import { createAccount, signedInAs } from "@/tests/factories";

// Small limits for this file (read on every call by lib/files/upload-limits.ts), restored after.
const MAX_BYTES = 64 * 1024;
const MAX_FILES = 3;
const saved = { bytes: process.env.UPLOAD_MAX_BYTES, files: process.env.UPLOAD_MAX_FILES };
const restore = (key: string, value: string | undefined) => (value === undefined ? delete process.env[key] : (process.env[key] = value));
beforeAll(() => {
  process.env.UPLOAD_MAX_BYTES = String(MAX_BYTES);
  process.env.UPLOAD_MAX_FILES = String(MAX_FILES);
});
afterAll(() => {
  restore("UPLOAD_MAX_BYTES", saved.bytes);
  restore("UPLOAD_MAX_FILES", saved.files);
});

const URL_ = "http://localhost:3000/vapp/templates";
const encoder = new TextEncoder();
const bytesOf = (size: number, fill = 7) => new Uint8Array(size).fill(fill);
const NOT_MULTIPART = { code: "VALIDATION_FAILED", message: "Send the file as multipart/form-data." };

/** A multipart upload as the browser sends it (undici writes the body and its content-length). */
function formRequest(
  files: { name: string; bytes: Uint8Array }[],
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  for (const file of files) form.append("file", new Blob([file.bytes as BlobPart]), file.name);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return new Request(URL_, { method: "POST", headers, body: form });
}

const BOUNDARY = "covenant-test-boundary";
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
/** The opening of one part, written by hand (for bodies a browser would never send). */
const partHead = (name: string, filename?: string) =>
  encoder.encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? "" : `; filename="${filename}"`}\r\n${filename === undefined ? "" : "Content-Type: application/octet-stream\r\n"}\r\n`,
  );
const CLOSE = encoder.encode(`\r\n--${BOUNDARY}--\r\n`);

/**
 * A body streamed without a content-length: `head`, then `total` bytes in 64 KiB chunks, then
 * `tail`. Counts the chunks pulled and whether the reader cancelled the stream.
 */
function streamedRequest(
  head: Uint8Array,
  total: number,
  tail: Uint8Array,
  headers: Record<string, string> = { "content-type": MULTIPART },
) {
  const chunk = bytesOf(64 * 1024, 120);
  const state = { pulled: 0, cancelled: false };
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled++;
      if (state.pulled === 1) controller.enqueue(head);
      else if (sent < total) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      } else {
        controller.enqueue(tail);
        controller.close();
      }
    },
    cancel() {
      state.cancelled = true;
    },
  });
  const request = new Request(URL_, { method: "POST", headers, body, duplex: "half" } as RequestInit);
  return { request, state };
}

const HUNDRED_MB = 100 * 1024 * 1024;

describe("readUpload streams the multipart body and stops at the first limit", () => {
  it("reads one file and the data field", async () => {
    const bytes = encoder.encode("PK fake docx bytes");
    const { files, data } = await readUpload(
      formRequest([{ name: "Offer.docx", bytes }], { data: JSON.stringify({ name: "Offer", folderId: null }) }),
      "createTemplate",
    );
    expect(files).toEqual([{ name: "Offer.docx", bytes }]);
    // A plain Uint8Array of its own, as Blob.arrayBuffer() gave (not a view into Node's buffer pool).
    expect(Object.getPrototypeOf(files[0].bytes)).toBe(Uint8Array.prototype);
    expect(files[0].bytes.byteOffset).toBe(0);
    expect(files[0].bytes.buffer.byteLength).toBe(bytes.byteLength);
    expect(data).toEqual({ name: "Offer", folderId: null });
  });

  it("reads several files in order, up to the limit, a file of exactly the maximum size included", async () => {
    const sent = [
      { name: "a.docx", bytes: bytesOf(10, 1) },
      { name: "b.pdf", bytes: bytesOf(MAX_BYTES, 2) },
      { name: "c.docx", bytes: bytesOf(1000, 3) },
    ];
    const { files, data } = await readUpload(formRequest(sent), "createDocument", { maxFiles: uploadMaxFiles() });
    expect(files.map((file) => file.name)).toEqual(["a.docx", "b.pdf", "c.docx"]);
    expect(files.map((file) => file.bytes)).toEqual(sent.map((file) => file.bytes));
    expect(data).toEqual({});
  });

  it("refuses one file too many with TOO_MANY_FILES and the allowed count", async () => {
    const four = [1, 2, 3, 4].map((n) => ({ name: `${n}.docx`, bytes: bytesOf(5, n) }));
    await expect(readUpload(formRequest(four), "createDocument", { maxFiles: uploadMaxFiles() })).rejects.toMatchObject({
      code: "TOO_MANY_FILES",
      message: `Maximum number of files reached (${MAX_FILES}).`,
      params: { max: MAX_FILES },
    });
    // A route taking one file refuses a second one.
    await expect(readUpload(formRequest(four.slice(0, 2)), "createTemplate")).rejects.toMatchObject({
      code: "TOO_MANY_FILES",
      params: { max: 1 },
    });
    // maxFiles above the configured maximum is capped by it.
    await expect(readUpload(formRequest(four), "createDocument", { maxFiles: 50 })).rejects.toMatchObject({
      code: "TOO_MANY_FILES",
      params: { max: MAX_FILES },
    });
  });

  it("refuses a file past the limit sent without a content-length, without reading the rest", async () => {
    const { request, state } = streamedRequest(partHead("file", "huge.docx"), HUNDRED_MB, CLOSE);
    expect(request.headers.get("content-length")).toBeNull();
    // Several files allowed, so the whole-body bound (TOO_MANY_FILES there) is far: this is the per-file limit.
    await expect(readUpload(request, "createDocument", { maxFiles: uploadMaxFiles() })).rejects.toMatchObject({
      code: "FILE_TOO_LARGE",
      message: "The file size exceeds the maximum allowed.",
    });
    // 100 MB is 1,600 chunks; the 64 KiB limit is crossed in the second one (plus a little read-ahead).
    expect(state.pulled).toBeLessThan(10);
    await new Promise((resolve) => setImmediate(resolve));
    expect(state.cancelled).toBe(true);
  });

  it("refuses a file past the limit whatever small content-length the client declares", async () => {
    const { request, state } = streamedRequest(partHead("file", "liar.docx"), HUNDRED_MB, CLOSE, {
      "content-type": MULTIPART,
      "content-length": "300",
    });
    await expect(readUpload(request, "createDocument", { maxFiles: uploadMaxFiles() })).rejects.toMatchObject({ code: "FILE_TOO_LARGE" });
    expect(state.pulled).toBeLessThan(10);

    const lying = formRequest([{ name: "big.docx", bytes: bytesOf(MAX_BYTES + 1) }], {}, { "content-length": "120" });
    expect(lying.headers.get("content-length")).toBe("120");
    await expect(readUpload(lying, "createTemplate")).rejects.toMatchObject({ code: "FILE_TOO_LARGE" });
  });

  it("still refuses a declared length past the limit before reading anything", async () => {
    const { request, state } = streamedRequest(partHead("file", "x.docx"), HUNDRED_MB, CLOSE, {
      "content-type": MULTIPART,
      "content-length": String(2 * 1024 * 1024 * 1024),
    });
    await expect(readUpload(request, "createTemplate")).rejects.toMatchObject({ code: "FILE_TOO_LARGE" });
    const many = streamedRequest(partHead("file", "x.docx"), HUNDRED_MB, CLOSE, {
      "content-type": MULTIPART,
      "content-length": String(2 * 1024 * 1024 * 1024),
    });
    await expect(readUpload(many.request, "createDocument", { maxFiles: uploadMaxFiles() })).rejects.toMatchObject({
      code: "TOO_MANY_FILES",
    });
    expect(state.pulled + many.state.pulled).toBeLessThanOrEqual(2);
  });

  it("bounds the whole body too: an endless data field or epilogue is cut off", async () => {
    const field = streamedRequest(partHead("data"), HUNDRED_MB, CLOSE);
    await expect(readUpload(field.request, "createTemplate")).rejects.toMatchObject({ code: "FILE_TOO_LARGE" });
    expect(field.state.pulled).toBeLessThan(10);

    const head = new Uint8Array([...partHead("file", "a.docx"), ...encoder.encode("abc"), ...CLOSE]);
    const epilogue = streamedRequest(head, HUNDRED_MB, new Uint8Array(), { "content-type": MULTIPART });
    await expect(readUpload(epilogue.request, "createDocument", { maxFiles: uploadMaxFiles() })).rejects.toMatchObject({
      code: "TOO_MANY_FILES",
    });
    expect(epilogue.state.pulled).toBeLessThan(10);
  });

  it("refuses a data field past 64 KiB with PAYLOAD_TOO_LARGE", async () => {
    const data = JSON.stringify({ name: "x".repeat(70 * 1024) });
    await expect(readUpload(formRequest([{ name: "a.docx", bytes: bytesOf(10) }], { data }), "createTemplate")).rejects.toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      params: { max: 64 * 1024 },
    });
  });

  it("answers VALIDATION_FAILED for anything that is not a well-formed multipart body, and never hangs", async () => {
    const raw = (body: BodyInit | null, contentType?: string) =>
      new Request(URL_, { method: "POST", headers: contentType ? { "content-type": contentType } : {}, body });
    const cases: Request[] = [
      raw(null),
      raw('{"file":"x"}', "application/json"),
      raw("hello", "text/plain"),
      raw("--x\r\n", "multipart/form-data"), // no boundary
      raw("not a multipart body at all", MULTIPART), // never opens nor closes
      raw(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.docx"\r\n\r\nonly half a fi`, MULTIPART), // ends early
      raw(`--${BOUNDARY}\r\nbroken header without colon\r\n\r\nabc\r\n--${BOUNDARY}--\r\n`, MULTIPART),
      raw("", MULTIPART),
    ];
    for (const request of cases) await expect(readUpload(request, "createTemplate")).rejects.toMatchObject(NOT_MULTIPART);

    // A body that breaks off mid-way (the client went away).
    let pulls = 0;
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls++ === 0) controller.enqueue(partHead("file", "a.docx"));
        else controller.error(new Error("connection reset"));
      },
    });
    const request = new Request(URL_, {
      method: "POST",
      headers: { "content-type": MULTIPART },
      body: broken,
      duplex: "half",
    } as RequestInit);
    await expect(readUpload(request, "createTemplate")).rejects.toMatchObject(NOT_MULTIPART);
  });

  it("keeps the errors it had: missing file, malformed or non-object data", async () => {
    await expect(readUpload(formRequest([], { data: "{}" }), "createTemplate")).rejects.toMatchObject({
      code: "MISSING_PARAMETER",
      message: "Required parameter file was null or undefined when calling createTemplate",
    });
    // A `file` sent as text is not a file.
    await expect(readUpload(formRequest([], { file: "x" }), "createTemplate")).rejects.toMatchObject({ code: "MISSING_PARAMETER" });
    expect(await readUpload(formRequest([], { data: '{"a":1}' }), "x", { required: false })).toEqual({ files: [], data: { a: 1 } });
    const one = [{ name: "a.docx", bytes: bytesOf(3) }];
    await expect(readUpload(formRequest(one, { data: "{nope" }), "createTemplate")).rejects.toMatchObject({
      code: "MALFORMED_JSON",
      message: "The request body is not valid JSON.",
    });
    await expect(readUpload(formRequest(one, { data: "[1]" }), "createTemplate")).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      message: "data must be a JSON object.",
    });
  });

  it("takes `field:<name>` parts as the files of named fields only when asked to", async () => {
    const form = () => {
      const body = new FormData();
      body.append("field:logo", new Blob(["png"]), "logo.png");
      body.append("file", new Blob(["doc"]), "plain.docx");
      body.append("field:", new Blob(["x"]), "empty-name.pdf");
      return new Request(URL_, { method: "POST", body });
    };
    const named = await readUpload(form(), "createDocument", { maxFiles: 5, byField: true });
    expect(named.files).toEqual([
      { name: "logo.png", field: "logo", bytes: encoder.encode("png") },
      { name: "plain.docx", field: null, bytes: encoder.encode("doc") },
      { name: "empty-name.pdf", field: "", bytes: encoder.encode("x") },
    ]);
    const plain = await readUpload(form(), "createDocument", { maxFiles: 5 });
    expect(plain.files).toEqual([{ name: "plain.docx", bytes: encoder.encode("doc") }]);
  });

  it("ignores other fields and file parts, but counts them against the limits", async () => {
    const form = new FormData();
    form.append("note", "hello");
    form.append("attachment", new Blob(["other"]), "other.txt");
    form.append("file", new Blob(["mine"]), "mine.docx");
    form.append("data", '{"name":"Kept"}');
    form.append("data", '{"name":"Second, ignored"}');
    const { files, data } = await readUpload(new Request(URL_, { method: "POST", body: form }), "createTemplate");
    expect(files).toEqual([{ name: "mine.docx", bytes: encoder.encode("mine") }]);
    expect(data).toEqual({ name: "Kept" });

    const crowded = new FormData();
    for (let i = 0; i < 25; i++) crowded.append(`f${i}`, "x");
    crowded.append("file", new Blob(["mine"]), "mine.docx");
    await expect(readUpload(new Request(URL_, { method: "POST", body: crowded }), "createTemplate")).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      message: "The upload has too many fields.",
    });

    const strays = new FormData();
    for (let i = 0; i < 3; i++) strays.append("attachment", new Blob(["x"]), `${i}.txt`);
    await expect(readUpload(new Request(URL_, { method: "POST", body: strays }), "createTemplate")).rejects.toMatchObject({
      code: "TOO_MANY_FILES",
    });
  });

  it("keeps non-ASCII file names (UTF-8), and quotes as the browser escaped them", async () => {
    const names = ["Contrato ñandú – 契約 📄.docx", 'Say "yes".pdf'];
    const { files } = await readUpload(formRequest(names.map((name) => ({ name, bytes: bytesOf(2) }))), "createDocument", { maxFiles: 3 });
    expect(files.map((file) => file.name)).toEqual(names);
    // Raw UTF-8 bytes in filename="…", as browsers send it, and the RFC 5987 form.
    const body = new Uint8Array([
      ...partHead("file", "Acuerdo año.docx"),
      ...encoder.encode(`x\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''%C3%A9t%C3%A9.pdf\r\n\r\ny`),
      ...CLOSE,
    ]);
    const raw = await readUpload(new Request(URL_, { method: "POST", headers: { "content-type": MULTIPART }, body }), "createDocument", {
      maxFiles: 3,
    });
    expect(raw.files.map((file) => file.name)).toEqual(["Acuerdo año.docx", "été.pdf"]);
    // No name at all: "upload", as before.
    const nameless = new Uint8Array([
      ...encoder.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"\r\nContent-Type: application/octet-stream\r\n\r\nz`),
      ...CLOSE,
    ]);
    expect(
      (await readUpload(new Request(URL_, { method: "POST", headers: { "content-type": MULTIPART }, body: nameless }), "x")).files,
    ).toEqual([{ name: "upload", bytes: encoder.encode("z") }]);
  });
});

describe("a REST upload route answers the streamed refusal like any other error", () => {
  let token: string;
  beforeAll(async () => {
    const { owner, account } = await createAccount("ReadUpload");
    token = (await signedInAs(owner.id, account.id)).accessToken;
  });

  it("POST /vapp/templates: 400 FILE_TOO_LARGE in the caller's language, the body left unread", async () => {
    const { request, state } = streamedRequest(partHead("file", "huge.docx"), HUNDRED_MB, CLOSE, {
      "content-type": MULTIPART,
      authorization: `Bearer ${token}`,
      "x-language": "es",
    });
    const response = await templates.POST(request);
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error).toMatchObject({ code: "FILE_TOO_LARGE", type: "validation" });
    expect(error.message).toContain("El tamaño del archivo");
    expect(state.pulled).toBeLessThan(10);
  });
});
