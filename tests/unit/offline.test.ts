// Issue 24: the pure parts of working offline — names of what is kept per account, what
// sign-out deletes, reads answered from the device, the manifest, the local stack's caching
// headers and what the service worker precaches.
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearDeviceData, forgetOtherAccounts } from "../../src/lib/offline/device-clear.ts";
import { dataDbName, filesCacheName, isAccountStore, isOtherAccountStore } from "../../src/lib/offline/names.ts";
import { $readTimes, $shownData, readThrough, setSavedReads, showKey, type SavedRead } from "../../src/lib/offline/read-through.ts";
import { keptFileUrl, keptSpace, type KeptFile } from "../../src/lib/offline/kept-files.ts";
import { webManifest } from "../../src/lib/offline/web-manifest.ts";
import { privateCacheControl } from "../../supabase/local/private-caching.ts";
import { chunkOf, pageAssets, planPrecache, shellAssets, staticImports } from "../../src/integrations/precache-plan.ts";

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";

describe("what is kept per account", () => {
  it("names each account's stores uel-…-<userId>, apart from the service worker's code caches", () => {
    expect(dataDbName(A)).toBe(`uel-data-${A}`);
    expect(filesCacheName(A)).toBe(`uel-files-${A}`);
    for (const name of [dataDbName(A), filesCacheName(A), `uel-outbox-${A}`]) expect(isAccountStore(name)).toBe(true);
    for (const name of ["uel-sw-precache-v2-http://127.0.0.1:4321/", "uel-sw-code", "uel-sw-pages", "keyval-store", "serwist-precache"]) expect(isAccountStore(name)).toBe(false);
    expect(isOtherAccountStore(dataDbName(B), A)).toBe(true);
    expect(isOtherAccountStore(dataDbName(A), A)).toBe(false);
  });
});

describe("clearDeviceData", () => {
  afterEach(() => vi.unstubAllGlobals());

  function device(names: { dbs: string[]; caches: string[] }) {
    const deletedDbs: string[] = [];
    const deletedCaches: string[] = [];
    vi.stubGlobal("indexedDB", {
      databases: async () => names.dbs.map((name) => ({ name, version: 1 })),
      deleteDatabase: (name: string) => {
        deletedDbs.push(name);
        const request: { onsuccess?: () => void } = {};
        queueMicrotask(() => request.onsuccess?.());
        return request;
      },
    });
    vi.stubGlobal("caches", { keys: async () => names.caches, delete: async (name: string) => (deletedCaches.push(name), true) });
    return { deletedDbs, deletedCaches };
  }
  const stores = {
    dbs: [dataDbName(A), `uel-outbox-${A}`, dataDbName(B), "another-site-db"],
    caches: ["uel-sw-precache-v2-http://x/", "uel-sw-code", "uel-sw-pages", filesCacheName(A), filesCacheName(B)],
  };

  it("deletes every account's databases and caches (the outbox's too), never the service worker's code", async () => {
    const { deletedDbs, deletedCaches } = device(stores);
    await clearDeviceData();
    expect(deletedDbs.sort()).toEqual([dataDbName(A), dataDbName(B), `uel-outbox-${A}`].sort());
    expect(deletedCaches.sort()).toEqual([filesCacheName(A), filesCacheName(B)].sort());
  });

  it("deletes what another account left when someone signs in", async () => {
    const { deletedDbs, deletedCaches } = device(stores);
    await forgetOtherAccounts(A);
    expect(deletedDbs).toEqual([dataDbName(B)]);
    expect(deletedCaches).toEqual([filesCacheName(B)]);
  });
});

describe("reads through the device", () => {
  afterEach(() => setSavedReads(null));

  function memory() {
    const kept = new Map<string, SavedRead>();
    setSavedReads({ get: async (key) => kept.get(key), put: async (read) => void kept.set(read.key, read) });
    return kept;
  }

  it("saves each answer with the time it was fetched", async () => {
    const kept = memory();
    expect(await readThrough("k1", async () => [1, 2], { now: () => 1000 })).toEqual([1, 2]);
    await Promise.resolve();
    expect(kept.get("k1")).toEqual({ key: "k1", data: [1, 2], fetchedAt: 1000 });
    expect($readTimes.get().k1).toEqual({ at: 1000, device: false });
  });

  it("answers from the device when the network fails, and says so", async () => {
    const kept = memory();
    kept.set("k2", { key: "k2", data: "saved", fetchedAt: 500 });
    expect(await readThrough("k2", () => Promise.reject(new Error("TypeError: Failed to fetch")))).toBe("saved");
    expect($readTimes.get().k2).toEqual({ at: 500, device: true });
    // A 503 from a gateway too; a refusal (RLS, bad input) is not hidden behind old data.
    expect(await readThrough("k2", () => Promise.reject(Object.assign(new Error("unavailable"), { status: 503 })))).toBe("saved");
    await expect(readThrough("k2", () => Promise.reject(Object.assign(new Error("permission denied"), { status: 403 })))).rejects.toThrow("permission denied");
  });

  it("passes reads through untouched when no account is open", async () => {
    setSavedReads(null);
    await expect(readThrough("k5", () => Promise.reject(new Error("Failed to fetch")))).rejects.toThrow();
  });

  it("dates the page by the oldest data it shows, and flags data from the device", async () => {
    const kept = memory();
    kept.set("old", { key: "old", data: 1, fetchedAt: 100 });
    await readThrough("fresh", async () => 2, { now: () => 900 });
    await readThrough("old", () => Promise.reject(new Error("Failed to fetch")));
    const releaseFresh = showKey("fresh");
    expect($shownData.get()).toEqual({ oldest: 900, fromDevice: false });
    const releaseOld = showKey("old");
    expect($shownData.get()).toEqual({ oldest: 100, fromDevice: true });
    releaseOld();
    releaseFresh();
    expect($shownData.get()).toEqual({ oldest: null, fromDevice: false });
  });
});

describe("files kept offline", () => {
  it("keys a file by its bucket and path, and adds up their space per course", () => {
    expect(keptFileUrl("https://uel.cm", "course-materials", "c1/ab cd.pdf")).toBe("https://uel.cm/offline-files/course-materials/c1/ab%20cd.pdf");
    const file = (courseId: string, size: number): KeptFile => ({ id: `b/${courseId}${size}`, bucket: "b", path: `${courseId}${size}`, courseId, title: "t", size, keptAt: 0 });
    const space = keptSpace([file("c1", 100), file("c1", 50), file("c2", 7)]);
    expect(space).toMatchObject({ total: 157, count: 3 });
    expect(space.byCourse.get("c1")).toEqual({ bytes: 150, count: 2 });
  });
});

describe("web app manifest", () => {
  it("starts at the user's dashboard in each language, one application for both", () => {
    const fr = webManifest("fr", { name: "Université en ligne du Cameroun", shortName: "UEL Cameroun" });
    const en = webManifest("en", { name: "Online University of Cameroon", shortName: "OUC Cameroon" });
    expect([fr.start_url, en.start_url]).toEqual(["/dashboard", "/en/dashboard"]);
    expect(fr.id).toBe(en.id);
    expect(fr.display).toBe("standalone");
    expect(fr.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    expect(fr.short_name.length).toBeLessThanOrEqual(12);
    expect(en.short_name.length).toBeLessThanOrEqual(12);
  });
});

describe("the local stack's caching headers", () => {
  it("keeps every API answer out of shared caches", () => {
    expect(privateCacheControl(null)).toBe("no-store");
    expect(privateCacheControl("max-age=3600")).toBe("private, max-age=3600");
    expect(privateCacheControl("public, max-age=60")).toBe("private, max-age=60");
    expect(privateCacheControl("no-store")).toBe("no-store");
    expect(privateCacheControl("private, no-cache")).toBe("private, no-cache");
  });
});

describe("what the service worker precaches", () => {
  const chunks: Record<string, string> = {
    "Dashboard.aa.js": 'import{a}from"./react.bb.js";import"./side.cc.js";const p=()=>import("./AdminUsersPage.dd.js");',
    "react.bb.js": "export const a=1;",
    "side.cc.js": 'export*from"./deep.ee.js"',
    "deep.ee.js": "",
    "AdminUsersPage.dd.js": 'import{x}from"./admin-only.ff.js"',
    "admin-only.ff.js": "",
    "StudentSchedulePage.gg.js": 'import{a}from"./react.bb.js"',
    "CalendarView.hh.js": "",
    "CalendarView.ii.css": "",
    "client.jj.js": "",
    "Head.kk.css": "",
    "AccountArea.astro_astro_type_script_index_0_lang.ll.js": "",
    "SignInForm.mm.js": 'import"./auth.nn.js"',
    "auth.nn.js": "",
  };
  const page = `<link rel="stylesheet" href="/_astro/Head.kk.css"><script type="module" src="/_astro/AccountArea.astro_astro_type_script_index_0_lang.ll.js"></script>
    <astro-island component-url="/_astro/SignInForm.mm.js" renderer-url="/_astro/client.jj.js"></astro-island><img src="/_astro/photo.zz.webp">`;
  const shell = `<link rel="stylesheet" href="/_astro/Head.kk.css"><astro-island component-url="/_astro/Dashboard.aa.js" renderer-url="/_astro/client.jj.js"></astro-island>`;

  it("finds a page's stylesheets and module scripts, the shell's island and renderer, and static imports only", () => {
    expect(pageAssets(page)).toEqual(["/_astro/Head.kk.css", "/_astro/AccountArea.astro_astro_type_script_index_0_lang.ll.js"]);
    expect(shellAssets(shell)).toEqual(["/_astro/Head.kk.css", "/_astro/Dashboard.aa.js", "/_astro/client.jj.js"]);
    expect(staticImports(chunks["Dashboard.aa.js"])).toEqual(["react.bb.js", "side.cc.js"]);
    expect(chunkOf("CalendarView", Object.keys(chunks))).toBe("CalendarView.hh.js");
    expect(chunkOf("StudentCoursePage", ["StudentCoursesPage.x1.js"])).toBeUndefined();
  });

  it("takes the public site's CSS and scripts, the shell's code and the student's offline pages; not forms, admin pages or images", () => {
    const plan = planPrecache({ pages: [page], shells: [shell], assets: Object.keys(chunks), read: (name) => chunks[name] ?? null });
    expect(plan.files).toEqual(
      [
        "AccountArea.astro_astro_type_script_index_0_lang.ll.js",
        "CalendarView.hh.js",
        "Dashboard.aa.js",
        "Head.kk.css",
        "StudentSchedulePage.gg.js",
        "client.jj.js",
        "deep.ee.js",
        "react.bb.js",
        "side.cc.js",
      ].sort(),
    );
    expect(plan.missing).toContain("StudentHomePage");
  });
});
