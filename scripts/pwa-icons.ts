// node scripts/pwa-icons.ts — the installed application's icons (public/icons/), drawn from
// the site's logo (public/favicon.svg) with sharp (which Astro brings for its images). Run it
// again after changing the logo; the PNGs are committed.
//   icon-192.png, icon-512.png   the logo as it is (rounded square), purpose "any"
//   maskable-512.png             full-bleed brand green, the logo's mark within the central
//                                safe zone (a circle of 80 % of the side), purpose "maskable"
//   apple-touch-icon.png         180 px, full bleed (iOS rounds the corners itself)
import { readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";

const root = join(import.meta.dirname, "..");
const logo = readFileSync(join(root, "public", "favicon.svg"), "utf8");
const out = (name: string) => join(root, "public", "icons", name);

// The logo's mark (its paths) without its rounded background, on a square of `bg`, scaled to `scale` of the side.
function fullBleed(bg: string, scale: number): Buffer {
  const mark = logo
    .replace(/<rect[^>]*\/>/, "")
    .replace(/^<svg[^>]*>/, "")
    .replace(/<\/svg>\s*$/, "");
  const offset = (32 - 32 * scale) / 2;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${bg}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${mark}</g></svg>`,
  );
}
const green = /fill="(#[0-9a-f]{6})"/i.exec(logo)?.[1] ?? "#0b6b3a";

for (const size of [192, 512])
  await sharp(Buffer.from(logo), { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toFile(out(`icon-${size}.png`));
await sharp(fullBleed(green, 0.7), { density: (72 * 512) / 32 })
  .resize(512, 512)
  .png()
  .toFile(out("maskable-512.png"));
await sharp(fullBleed(green, 0.85), { density: (72 * 180) / 32 })
  .resize(180, 180)
  .png()
  .toFile(out("apple-touch-icon.png"));
console.log("public/icons: icon-192.png, icon-512.png, maskable-512.png, apple-touch-icon.png");
