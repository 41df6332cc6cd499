// An e-mailed auth link that failed comes back to its page with GoTrue's error in the
// fragment (#error=access_denied&error_code=otp_expired&error_description=…, English): the
// page says it in its own language with the way forward instead.

/** True when the URL's fragment (or query) carries a failed auth link. */
export function failedAuthLink(hash: string, search = ""): boolean {
  for (const part of [hash.replace(/^#/, ""), search.replace(/^\?/, "")]) {
    const params = new URLSearchParams(part);
    if (params.get("error") || params.get("error_code")) return true;
  }
  return false;
}
