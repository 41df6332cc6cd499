// The sign-in form's shape: shared by the island (client validation) and the tests.
// Messages are i18n keys, resolved in the form's language.
import { z } from "zod";

export const signInSchema = z.object({
  email: z
    .string({ error: "signIn.errors.emailInvalid" })
    .trim()
    .pipe(z.email({ error: "signIn.errors.emailInvalid" })),
  password: z.string({ error: "signIn.errors.passwordRequired" }).min(1, { error: "signIn.errors.passwordRequired" }),
});

export type SignInInput = z.infer<typeof signInSchema>;
