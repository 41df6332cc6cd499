// The CMS's guard (src/cms/guard.ts): in local mode it opens only on this machine. The real
// server refusing it on a non-loopback bind is tests/e2e/keystatic.spec.ts.
import { describe, expect, it } from "vitest";
import { cmsRefusal, hostOfHeader, isCmsPath, isLoopback, type CmsRequest } from "../../src/cms/guard.ts";
import { cmsStorage } from "../../src/cms/storage.ts";

const local: CmsRequest = { storage: "local", listenHost: "127.0.0.1", clientAddress: "127.0.0.1", hostHeader: "127.0.0.1:4321" };

describe("isLoopback", () => {
  it("knows this machine's names and addresses, and nothing else", () => {
    for (const host of ["127.0.0.1", "127.4.5.6", "::1", "[::1]", "::ffff:127.0.0.1", "localhost", "LOCALHOST"]) expect(isLoopback(host), host).toBe(true);
    for (const host of ["0.0.0.0", "::", "192.168.1.10", "10.0.0.1", "example.cm", "127.0.0.1.example.cm", "localhost.example.cm", ""]) expect(isLoopback(host), host).toBe(false);
  });

  it("reads the host of a Host header", () => {
    expect(hostOfHeader("127.0.0.1:4321")).toBe("127.0.0.1");
    expect(hostOfHeader("[::1]:4321")).toBe("[::1]");
    expect(hostOfHeader("localhost")).toBe("localhost");
    expect(hostOfHeader("www.example.cm:80")).toBe("www.example.cm");
  });
});

describe("cmsRefusal", () => {
  it("lets this machine edit in local mode", () => {
    expect(cmsRefusal(local)).toBeNull();
    expect(cmsRefusal({ ...local, listenHost: "::1", clientAddress: "::1", hostHeader: "[::1]:4321" })).toBeNull();
  });

  it("refuses local mode on a server that listens beyond this machine", () => {
    for (const listenHost of ["0.0.0.0", "::", "192.168.1.10"]) expect(cmsRefusal({ ...local, listenHost }), listenHost).toMatch(/listens on/);
  });

  it("refuses a request from another machine, or one addressed to another name (DNS rebinding)", () => {
    expect(cmsRefusal({ ...local, clientAddress: "10.0.0.5" })).toMatch(/does not come from this machine/);
    expect(cmsRefusal({ ...local, clientAddress: undefined })).toMatch(/does not come from this machine/);
    expect(cmsRefusal({ ...local, hostHeader: "attacker.example:4321" })).toMatch(/not addressed to this machine/);
    expect(cmsRefusal({ ...local, hostHeader: null })).toMatch(/not addressed to this machine/);
  });

  it("leaves GitHub mode to GitHub's sign-in, on any server", () => {
    expect(cmsRefusal({ storage: "github", listenHost: "0.0.0.0", clientAddress: "203.0.113.7", hostHeader: "www.example.cm" })).toBeNull();
  });

  it("covers the CMS's page, its API and the preview links, not the site", () => {
    for (const path of ["/keystatic", "/keystatic/collection/filieres-fr", "/api/keystatic/tree", "/keystatic/[...params]", "/keystatic/preview/[collection]/[lang]/[slug]"])
      expect(isCmsPath(path), path).toBe(true);
    for (const path of ["/", "/programs/keystatic", "/keystatics", "/api/other"]) expect(isCmsPath(path), path).toBe(false);
  });
});

describe("cmsStorage", () => {
  it("is local unless GitHub mode names its repository", () => {
    expect(cmsStorage({})).toEqual({ kind: "local" });
    expect(cmsStorage({ PUBLIC_KEYSTATIC_STORAGE: "github", PUBLIC_KEYSTATIC_GITHUB_REPO: "uel/site" })).toMatchObject({ kind: "github", repo: "uel/site" });
    expect(() => cmsStorage({ PUBLIC_KEYSTATIC_STORAGE: "github" })).toThrow(/PUBLIC_KEYSTATIC_GITHUB_REPO/);
    expect(() => cmsStorage({ PUBLIC_KEYSTATIC_STORAGE: "cloud" })).toThrow(/"local" or "github"/);
  });
});
