// Saving a file the page built or fetched (a CSV, a PDF, a zip, a submitted file, an
// attachment): an object URL behind a link with the download attribute, clicked, then
// revoked a minute later (a large file may still be being written to disk). The blob is
// same-origin, so the download attribute holds where a cross-origin link's would be ignored;
// rel="external" and the download attribute keep the dashboard's router off the click.

/** Has the browser save the blob under that name. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "external";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Has the browser save a PDF the page built (pdf-lib's bytes). */
export function downloadPdf(bytes: Uint8Array, fileName: string): void {
  downloadBlob(fileName, new Blob([bytes as BlobPart], { type: "application/pdf" }));
}
