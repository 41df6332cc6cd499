// Where the CMS saves: the files on this machine (local, the default) or the GitHub
// repository (each save a commit on a branch, the editor opens a pull request from
// Keystatic; the deployment's CI builds and publishes what is merged). Chosen when the
// site is built, from PUBLIC_ variables because the CMS page in the browser needs it too
// (docs/editing-the-site.md). Browser-safe.

export type CmsStorage = { kind: "local" } | { kind: "github"; repo: `${string}/${string}`; branchPrefix: string };

/** Branches the CMS creates in GitHub mode start with this (a pull request per change). */
export const CMS_BRANCH_PREFIX = "contenu/";

export function cmsStorage(env: Record<string, string | undefined>): CmsStorage {
  const kind = env.PUBLIC_KEYSTATIC_STORAGE || "local";
  if (kind === "local") return { kind: "local" };
  if (kind === "github") {
    const repo = env.PUBLIC_KEYSTATIC_GITHUB_REPO ?? "";
    if (!/^[\w.-]+\/[\w.-]+$/.test(repo)) {
      throw new Error(`PUBLIC_KEYSTATIC_STORAGE=github needs PUBLIC_KEYSTATIC_GITHUB_REPO=owner/name (got "${repo}"): see docs/editing-the-site.md`);
    }
    return { kind: "github", repo: repo as `${string}/${string}`, branchPrefix: CMS_BRANCH_PREFIX };
  }
  throw new Error(`PUBLIC_KEYSTATIC_STORAGE is "local" or "github", not "${kind}"`);
}
