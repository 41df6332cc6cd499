// The demo accounts supabase/seed.sql creates. npm start prints them; a test signs in
// with each one against a freshly seeded stack, so this list and the seed cannot drift.
// They exist only in the local demo database: the seed is never pushed to production.
export interface DemoAccount {
  role: "student" | "teacher" | "admin";
  email: string;
  password: string;
  fullName: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: "student", email: "etudiant@demo.univ.cm", password: "Etudiant-Demo-2026", fullName: "Awa Ngono" },
  { role: "teacher", email: "enseignant@demo.univ.cm", password: "Enseignant-Demo-2026", fullName: "Jean-Paul Mbarga" },
  { role: "admin", email: "admin@demo.univ.cm", password: "Admin-Demo-2026", fullName: "Chantal Essomba" },
];
