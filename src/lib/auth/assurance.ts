// SPEC §4: the authentication level moves from aal1 to aal2 once a factor is verified. A
// user with a verified factor who is still at aal1 must give a code before going on; this
// covers the admin area too (an admin who enrolled needs aal2 there).
export interface AssuranceLevels {
  currentLevel: string | null;
  nextLevel: string | null;
}

export function needsSecondFactor(levels: AssuranceLevels | null | undefined): boolean {
  return Boolean(levels && levels.nextLevel === "aal2" && levels.currentLevel !== "aal2");
}
