import "server-only";
import { MAX_SIGNATURE_BYTES, MAX_SIGNATURE_HEIGHT, MAX_SIGNATURE_WIDTH } from "@/lib/api/signing";
import { MIN_SIZE } from "@/lib/server/completion/fit-text";
import { textFitsBox } from "@/lib/server/completion/text-fits-box";
import type { FieldDefinition, PageInfo } from "@/lib/server/db/schema";
import { reencodeSignature } from "./reencode-signature";
import { SigningError } from "./signing-error";

export type ValidatedValue = {
  fieldId: string;
  value: string;
  image?: { bytes: Uint8Array; contentType: string };
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATA_URL = /^data:(image\/(?:png|jpeg));base64,([A-Za-z0-9+/=]+)$/;

/**
 * Checks one signer's answers against their fields: every required field is
 * filled, each value fits its type, and nothing names a field that is not
 * theirs. Errors name the field so the page can point at it. Typed text must
 * fit its box in the signed PDF (shrunk at most to the smallest size, the
 * rule the signer page shows), or it would be cut there.
 */
export async function validateFieldValues(fields: FieldDefinition[], values: Record<string, string>, pages: PageInfo[]): Promise<ValidatedValue[]> {
  const mine = new Map(fields.map((f) => [f.id, f]));
  for (const id of Object.keys(values)) {
    if (!mine.has(id)) throw new SigningError(422, "One of the answers belongs to a field that is not yours.", id);
  }
  const out: ValidatedValue[] = [];
  for (const field of fields) {
    const raw = values[field.id]?.trim() ?? "";
    const label = field.name.replace(/_/g, " ");
    const empty = raw === "" || (field.type === "checkbox" && raw !== "true");
    if (empty) {
      if (field.required) throw new SigningError(422, `Please fill in "${label}": it is required.`, field.id);
      if (field.type === "checkbox" && raw === "false") out.push({ fieldId: field.id, value: "false" });
      continue;
    }
    switch (field.type) {
      case "text":
        if (raw.length > 1000) throw new SigningError(422, `"${label}" is too long (at most 1000 characters).`, field.id);
        if (!(await fitsItsBox(raw, field, pages))) {
          throw new SigningError(422, `"${label}" is too long for its box: even at ${MIN_SIZE} pt it would not fit in the signed document. Shorten it.`, field.id);
        }
        out.push({ fieldId: field.id, value: raw });
        break;
      case "date":
        if (!isDate(raw)) throw new SigningError(422, `"${label}" must be a date (yyyy-mm-dd).`, field.id);
        out.push({ fieldId: field.id, value: raw });
        break;
      case "checkbox":
        out.push({ fieldId: field.id, value: "true" });
        break;
      case "signature":
      case "initials":
        out.push({ fieldId: field.id, value: "", image: await decodeImage(raw, field, label) });
        break;
    }
  }
  return out;
}

function fitsItsBox(value: string, field: FieldDefinition, pages: PageInfo[]) {
  const page = pages[field.page - 1];
  if (!page) return true;
  return textFitsBox(value, field.width * page.width, field.height * page.height, field.fontSize);
}

async function decodeImage(raw: string, field: FieldDefinition, label: string) {
  const m = DATA_URL.exec(raw);
  if (!m) throw new SigningError(422, `"${label}" needs a drawn, typed or uploaded ${field.type}.`, field.id);
  const bytes = new Uint8Array(Buffer.from(m[2]!, "base64"));
  if (bytes.byteLength > MAX_SIGNATURE_BYTES) throw new SigningError(422, `The image for "${label}" is too large (at most 1 MB).`, field.id);
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!png && !jpeg) throw new SigningError(422, `The image for "${label}" is not a PNG or JPEG.`, field.id);
  // Stored is our own PNG, decoded and encoded again within a pixel bound.
  const clean = await reencodeSignature(bytes, png ? "png" : "jpeg");
  if (clean instanceof Uint8Array) return { bytes: clean, contentType: "image/png" };
  if (clean.problem === "too_large") {
    throw new SigningError(
      422,
      `The image for "${label}" is ${clean.width} × ${clean.height} pixels; at most ${MAX_SIGNATURE_WIDTH} × ${MAX_SIGNATURE_HEIGHT} are accepted.`,
      field.id,
    );
  }
  throw new SigningError(422, `The image for "${label}" is damaged or could not be read.`, field.id);
}

function isDate(value: string) {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}
