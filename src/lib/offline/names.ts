// Names of what the site keeps on the device (issue 24: private on a shared phone). Every
// IndexedDB database and Cache Storage cache of the site starts with "uel-"; those holding an
// account's data end with its user id, so a second account on the same browser never reads
// the first's, and signing out deletes them all by name.
//
// The service worker's own caches ("uel-sw-…": the precache of the application's code, the
// code and public pages fetched since) hold no one's data: they survive a sign-out, so the
// next person does not download the application again.
export const DEVICE_PREFIX = "uel-";
/** Serwist's cacheId: its caches are named uel-sw-precache-v2-<scope>, and ours uel-sw-code, uel-sw-pages. */
export const SW_CACHE_PREFIX = "uel-sw";
export const SW_CODE_CACHE = `${SW_CACHE_PREFIX}-code`;
export const SW_PAGES_CACHE = `${SW_CACHE_PREFIX}-pages`;

/** The account's saved reads and offline-file records (IndexedDB). */
export const dataDbName = (userId: string): string => `${DEVICE_PREFIX}data-${userId}`;
/** The account's files kept offline (Cache Storage). */
export const filesCacheName = (userId: string): string => `${DEVICE_PREFIX}files-${userId}`;

/** A database or cache that may hold an account's data: the site's, not the service worker's code. */
export function isAccountStore(name: string): boolean {
  return name.startsWith(DEVICE_PREFIX) && !name.startsWith(`${SW_CACHE_PREFIX}-`);
}

/** An account store that is not this user's (e.g. uel-outbox-<other id>). */
export function isOtherAccountStore(name: string, userId: string): boolean {
  return isAccountStore(name) && !name.endsWith(`-${userId}`);
}
