// Who is signed in, for every page of the application: the user, their roles and the
// role whose area is open. Provided once by App.tsx.
import { createContext, useContext } from "react";
import type { Session } from "@supabase/supabase-js";
import type { Role } from "./paths.ts";

export interface SignedIn {
  session: Session;
  userId: string;
  /** Every role the user holds (none for a new account awaiting admission). */
  roles: readonly Role[];
  /** The role whose area the current page belongs to, or the remembered one. */
  role: Role | undefined;
  /** The profile's full name, once read. */
  name: string | undefined;
}

export const SignedInContext = createContext<SignedIn | null>(null);

export function useSignedIn(): SignedIn {
  const value = useContext(SignedInContext);
  if (!value) throw new Error("useSignedIn() outside the signed-in application");
  return value;
}
