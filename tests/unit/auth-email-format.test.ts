// The local stack checks e-mail addresses as GoTrue does (checkmail's format, 255 characters),
// so an address refused on a hosted project is refused locally, and one it takes is taken.
import { describe, expect, it } from "vitest";
import { emailRefusal, isEmail, phoneRefusal } from "../../supabase/local/auth/validate.ts";

const message = async (response: Response | null) => (response ? ((await response.json()) as { msg: string }).msg : null);

describe("GoTrue's e-mail format", () => {
  it("takes what GoTrue takes, a host without a dot included", () => {
    for (const email of ["eleve@uel.cm", "Prenom.Nom+cours@Example.CM", "root@localhost", "a!#$%&'*/=?^_`{|}~-@x-y.z"]) expect(isEmail(email), email).toBe(true);
  });

  it("refuses what GoTrue refuses", () => {
    for (const email of ["xx:;x@x.x", "élève@uel.cm", "a b@uel.cm", "a@-uel.cm", "a@uel-.cm", "a@uel..cm", "a@", "@uel.cm", "a@b@c.cm"]) expect(isEmail(email), email).toBe(false);
  });

  it("answers with GoTrue's three messages", async () => {
    expect(await message(emailRefusal(""))).toBe("An email address is required");
    expect(await message(emailRefusal(`${"a".repeat(250)}@uel.cm`))).toBe("An email address is too long");
    expect(await message(emailRefusal("xx:;x@x.x"))).toBe("Unable to validate email address: invalid format");
    expect(emailRefusal("eleve@uel.cm")).toBeNull();
  });

  it("asks for E.164 phone numbers, with or without the + and spaces", async () => {
    expect(phoneRefusal("+237 6 90 00 00 00")).toBeNull();
    expect(await message(phoneRefusal("0690000000"))).toBe("Invalid phone number format (E.164 required)");
  });
});
