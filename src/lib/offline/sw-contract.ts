// What the service worker and the pages agree on (issue 24). The outbox (queued writes, a
// separate module) registers a background sync with this tag; when the browser fires it, the
// service worker asks every window of the site to send its queue by posting this message
// (windows listen for it and for "online"). The service worker itself sends nothing: the
// writes need the user's session, which lives in the pages.
export const OUTBOX_SYNC_TAG = "uel-outbox";
export const OUTBOX_FLUSH_MESSAGE = { type: "uel-outbox-flush" } as const;

/** The precached application shells: a signed-in page opened offline is drawn from these. */
export const APP_SHELLS = { fr: "/dashboard", en: "/en/dashboard" } as const;
