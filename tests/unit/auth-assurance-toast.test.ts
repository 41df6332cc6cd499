import { describe, expect, it, vi } from "vitest";
import { needsSecondFactor } from "../../src/lib/auth/assurance.ts";
import { $toasts, LOGOUT_FAILURE_TOAST, LOGOUT_SUCCESS_TOAST, setPendingToast, showToast, takePendingToast, translatedToast } from "../../src/lib/auth/toast.ts";
import { useTranslations } from "../../src/lib/i18n.ts";

describe("assurance level (SPEC §4)", () => {
  it("asks for a code only when a verified factor exists and the session is aal1", () => {
    expect(needsSecondFactor({ currentLevel: "aal1", nextLevel: "aal2" })).toBe(true);
    expect(needsSecondFactor({ currentLevel: "aal2", nextLevel: "aal2" })).toBe(false);
    expect(needsSecondFactor({ currentLevel: "aal1", nextLevel: "aal1" })).toBe(false);
    expect(needsSecondFactor(null)).toBe(false);
  });
});

describe("logout toasts (SPEC §8)", () => {
  it("say exactly what the spec says, in French and English", () => {
    expect(translatedToast(useTranslations("fr"), LOGOUT_SUCCESS_TOAST)).toEqual({
      title: "Déconnexion réussie",
      description: "Votre session est bien fermée.",
      variant: "success",
    });
    expect(translatedToast(useTranslations("fr"), LOGOUT_FAILURE_TOAST)).toEqual({
      title: "Erreur de déconnexion",
      description: "Une erreur est survenue lors de la déconnexion.",
      variant: "destructive",
    });
    expect(translatedToast(useTranslations("en"), LOGOUT_SUCCESS_TOAST).title).toBe("Signed out");
  });

  it("survive the navigation to the home page once, and disappear after a while", () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
    setPendingToast(storage, { title: "A", variant: "success" });
    expect(takePendingToast(storage)).toEqual({ title: "A", variant: "success" });
    expect(takePendingToast(storage)).toBeNull();
    vi.useFakeTimers();
    showToast({ title: "B", variant: "success" }, 5000);
    expect($toasts.get().map((t) => t.title)).toEqual(["B"]);
    vi.advanceTimersByTime(5000);
    expect($toasts.get()).toEqual([]);
    vi.useRealTimers();
  });
});
