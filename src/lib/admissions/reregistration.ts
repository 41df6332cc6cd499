// Why the database refused a re-registration (public.reregister_student's messages), so the
// page can say it in the reader's language.
export const REFUSALS = ["already", "inactive", "undecided", "last", "notProgramme", "noEarlier", "reason", "other"] as const;
export type Refusal = (typeof REFUSALS)[number];

const PATTERNS: [RegExp, Refusal][] = [
  [/already registered for/, "already"],
  [/not active/, "inactive"],
  [/no published results/, "undecided"],
  [/programme's last/, "last"],
  [/licence or master programme/, "notProgramme"],
  [/no registration before/, "noEarlier"],
  [/give a reason/, "reason"],
];

export function refusalOf(message: string | null | undefined): Refusal {
  return PATTERNS.find(([pattern]) => pattern.test(message ?? ""))?.[1] ?? "other";
}
