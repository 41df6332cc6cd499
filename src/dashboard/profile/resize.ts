// Shrinks a chosen photo in the browser before upload: drawn on a canvas with its larger
// side at most AVATAR_MAX_DIMENSION, encoded as JPEG (WebP/PNG kept when small enough), and
// re-encoded at lower quality until it fits the avatars bucket's 2 MB limit.
import { AVATAR_MAX_BYTES, AVATAR_TYPES, fitWithin } from "../../lib/forms/profile.ts";

export type ResizeError = "photoType" | "photoTooLarge" | "photoUnreadable";

export async function resizeAvatar(file: File): Promise<{ blob: Blob } | { error: ResizeError }> {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return { error: "photoType" };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { error: "photoUnreadable" };
  }
  const { width, height } = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) return { error: "photoUnreadable" };
  context.fillStyle = "#ffffff"; // transparent PNGs become white, not black, in JPEG
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  for (const quality of [0.88, 0.75, 0.6, 0.45]) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
    if (blob && blob.size <= AVATAR_MAX_BYTES) return { blob };
  }
  return { error: "photoTooLarge" };
}
