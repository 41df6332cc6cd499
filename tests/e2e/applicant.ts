// What a browser test needs to act as an applicant: the code the stack e-mailed, and small
// documents to upload.
import { expect, type APIRequestContext } from "@playwright/test";
import { E2E_API_URL } from "./server-ports.ts";

/** The 6-digit code of the last e-mail the test stack sent to `to` (GET /__test/emails). */
export async function emailedCode(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get(`${E2E_API_URL}/__test/emails?to=${encodeURIComponent(to)}`)).json()) as { text: string }[];
        code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? "")?.[1];
        return code;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return code!;
}

/** A tiny PDF to upload, named `name`. */
export const pdf = (name: string) => ({ name, mimeType: "application/pdf", buffer: Buffer.from(`%PDF-1.4\n% ${name}\n`) });

/** A 1×1 PNG to upload, named `name`. */
export const png = (name: string) => ({
  name,
  mimeType: "image/png",
  buffer: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"),
});
