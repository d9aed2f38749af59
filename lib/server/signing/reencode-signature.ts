import "server-only";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { MAX_SIGNATURE_HEIGHT, MAX_SIGNATURE_WIDTH } from "@/lib/api/signing";
import { declaredImageSize } from "@/lib/server/processing/image-size";


export type SignatureImageProblem = { problem: "too_large"; width: number; height: number } | { problem: "unreadable" };

/**
 * Decodes a signer's image and encodes it again as our own PNG, so what is
 * stored (and later drawn into the signed PDF) is a plain bitmap the server
 * made: no metadata, no trailing data, no decoder quirks of the original.
 * The declared size is checked before decoding (an image bomb never gets its
 * pixels allocated), the decoded size again after (EXIF orientation applied).
 */
export async function reencodeSignature(bytes: Uint8Array, kind: "png" | "jpeg"): Promise<Uint8Array | SignatureImageProblem> {
  const declared = declaredImageSize(bytes, kind);
  if (!declared || declared.width < 1 || declared.height < 1) return { problem: "unreadable" };
  // Either orientation here: a JPEG turned by EXIF swaps them when decoded.
  if (Math.max(declared.width, declared.height) > MAX_SIGNATURE_WIDTH || declared.width * declared.height > MAX_SIGNATURE_WIDTH * MAX_SIGNATURE_HEIGHT) {
    return { problem: "too_large", ...declared };
  }
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    return { problem: "unreadable" };
  }
  if (image.width < 1 || image.height < 1) return { problem: "unreadable" };
  if (image.width > MAX_SIGNATURE_WIDTH || image.height > MAX_SIGNATURE_HEIGHT) return { problem: "too_large", width: image.width, height: image.height };
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext("2d").drawImage(image, 0, 0);
  return new Uint8Array(await canvas.encode("png"));
}
