// The data saver's default (src/dashboard/ui/data-saver.ts): the device's own choice,
// else the browser's Save-Data preference; off when neither says.
import { describe, expect, it } from "vitest";
import { dataSaverOf } from "../../src/dashboard/ui/data-saver.ts";

describe("the data saver's setting", () => {
  it("follows the browser's Save-Data until the user chooses on this device", () => {
    expect(dataSaverOf(null, true)).toBe(true);
    expect(dataSaverOf(null, false)).toBe(false);
    expect(dataSaverOf(null, undefined)).toBe(false);
    expect(dataSaverOf("off", true)).toBe(false);
    expect(dataSaverOf("on", false)).toBe(true);
    expect(dataSaverOf("something else", true)).toBe(true);
  });
});
