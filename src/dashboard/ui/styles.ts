// Class strings the kit's components share, so every control shows the same focus ring
// (the site's gold outline, DESIGN §6) and the same invalid look.

export const focusRing =
  "outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-400 data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-400";

export const inputBox =
  "block w-full rounded-md border border-gray-500 bg-white px-3 py-2 text-base text-gray-900 placeholder:text-gray-600 outline-none data-[focused]:border-brand-700 data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-1 data-[focus-visible]:outline-gold-400 focus-visible:outline-3 focus-visible:outline-gold-400 data-[invalid]:border-red-700 data-[disabled]:bg-gray-100 data-[disabled]:text-gray-600";

export const labelText = "block text-sm font-semibold text-gray-900";
export const descriptionText = "mt-1 block text-sm text-gray-700";
export const errorText = "mt-1 block text-sm font-medium text-red-800";

// The list inside scrolls, not the popover: react-aria closes a popover when something other
// than its list scrolls (a ComboBox's list would close on the first ArrowDown otherwise).
export const popover = "min-w-[var(--trigger-width)] max-w-[calc(100vw-1rem)] rounded-md border border-gray-300 bg-white p-1 shadow-lg outline-none";
export const scrollingList = "max-h-72 overflow-auto outline-none";

export const listItem =
  "flex cursor-default items-center rounded px-3 py-2 text-gray-900 outline-none data-[focused]:bg-brand-50 data-[focused]:text-brand-900 data-[selected]:font-semibold data-[disabled]:text-gray-500";

/** Joins class names, skipping empty ones. */
export function cx(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(" ");
}
