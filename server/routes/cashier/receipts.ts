import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sniffImage, type ImageKind } from '../../domain/cashier';
import { refuse } from '../../i18n/refusals';

/**
 * Deposit receipts: judged by their bytes (PNG, JPEG, WebP magic numbers; the file name and the
 * declared type are ignored), stored under `<UPLOAD_DIR>/receipts/<random>.<ext>` outside the
 * database; the request row keeps only the file name.
 */
export interface CheckedReceipt {
  bytes: Uint8Array;
  kind: ImageKind;
}

export type ReceiptCheck = { receipt: CheckedReceipt | null } | { error: string };

const KIB = 1024;
const STORED_NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

/** The optional `receipt` field: absent, a valid image within `maxBytes`, or an error message. */
export async function checkReceipt(value: unknown, maxBytes: number): Promise<ReceiptCheck> {
  if (value === undefined || value === null || value === '') return { receipt: null };
  if (!(value instanceof File)) return { error: refuse('field.file', { field: 'receipt' }) };
  // A multipart form whose file input was left empty sends an unnamed, empty part.
  if (value.size === 0 && value.name === '') return { receipt: null };
  if (value.size > maxBytes) {
    return { error: refuse('field.file_size', { field: 'receipt', kb: Math.floor(maxBytes / KIB) }) };
  }
  const bytes = new Uint8Array(await value.arrayBuffer());
  const kind = sniffImage(bytes);
  if (!kind) return { error: refuse('field.file_type', { field: 'receipt', types: 'jpg, png, webp' }) };
  return { receipt: { bytes, kind } };
}

function receiptsDir(uploadDir: string): string {
  return join(uploadDir, 'receipts');
}

/** Writes the receipt under a fresh random name and returns that name. */
export async function storeReceipt(uploadDir: string, receipt: CheckedReceipt): Promise<string> {
  const dir = receiptsDir(uploadDir);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${receipt.kind.ext}`;
  await writeFile(join(dir, name), receipt.bytes, { flag: 'wx', mode: 0o640 });
  return name;
}

/** Removes a stored receipt whose request was never committed. */
export async function discardReceipt(uploadDir: string, name: string): Promise<void> {
  if (STORED_NAME.test(name)) await rm(join(receiptsDir(uploadDir), name), { force: true });
}

/** A stored receipt as a stream with the content type of its real bytes, or null when missing. */
export async function openReceipt(uploadDir: string, name: string) {
  if (!STORED_NAME.test(name)) return null;
  const path = join(receiptsDir(uploadDir), name);
  let head: Uint8Array;
  let size: number;
  try {
    const handle = await open(path, 'r');
    try {
      head = new Uint8Array(12);
      await handle.read(head, 0, 12, 0);
      size = (await handle.stat()).size;
    } finally {
      await handle.close();
    }
  } catch {
    return null;
  }
  const kind = sniffImage(head);
  if (!kind) return null;
  return { kind, size, stream: createReadStream(path) };
}
