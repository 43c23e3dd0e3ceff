import { Transform } from 'node:stream';
import { fileExtension, programNameProblem } from '@portal/domain';
import { fileTypeFromBuffer } from 'file-type';

/** Bytes file-type needs to recognise every format it knows. */
const SAMPLE_BYTES = 4100;

/** A pass-through stream that keeps the first bytes it sees, to sniff the type once the upload is stored. */
export function sampler(): { stream: Transform; sample: () => Buffer } {
  const chunks: Buffer[] = [];
  let kept = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (kept < SAMPLE_BYTES) {
        const part = chunk.subarray(0, SAMPLE_BYTES - kept);
        chunks.push(Buffer.from(part));
        kept += part.length;
      }
      callback(null, chunk);
    },
  });
  return { stream, sample: () => Buffer.concat(chunks) };
}

/** Reads the first bytes of a stream and stops it. */
export async function headOf(stream: NodeJS.ReadableStream & { destroy(): void }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let kept = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    chunks.push(buffer);
    kept += buffer.length;
    if (kept >= SAMPLE_BYTES) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, SAMPLE_BYTES);
}

const TEXT_TYPES: Record<string, string> = { csv: 'text/csv', txt: 'text/plain' };

/** The file's extension, lower case, or '' (the domain's rule, which the program name check uses too). */
export const extensionOf = fileExtension;

function looksLikeText(sample: Buffer): boolean {
  if (sample.includes(0)) return false;
  try {
    // A cut in the middle of a multi-byte character at the sample's end is not a reason to call it binary.
    new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, Math.max(0, sample.length - 4)));
    return true;
  } catch {
    return false;
  }
}

/**
 * The content type from the bytes, never from what the client said: a known signature (file-type), else UTF-8
 * text (text/csv for a .csv name, text/plain otherwise), else application/octet-stream.
 */
export async function sniffType(sample: Buffer, name: string): Promise<string> {
  const found = await fileTypeFromBuffer(sample);
  if (found) return found.mime;
  if (sample.length > 0 && looksLikeText(sample)) return TEXT_TYPES[extensionOf(name)] ?? 'text/plain';
  return 'application/octet-stream';
}

/** Types file-type finds that run as programs: executables and libraries, installer packages, Java and Wasm. */
const PROGRAM_TYPES = new Set([
  'application/x-msdownload',
  'application/x-elf',
  'application/x-mach-binary',
  'application/x-deb',
  'application/x-rpm',
  'application/java-archive',
  'application/wasm',
  'application/x-shockwave-flash',
]);

/**
 * Whether a file would run as a program: by its sniffed type (an executable named `.pdf` is still one) or by its
 * name (a script is text to the sniffer; the domain's programNameProblem, which the dialogs ask too). The file
 * manager holds documents that nurses open with a click.
 */
export function isProgram(mimetype: string, name: string): boolean {
  return PROGRAM_TYPES.has(mimetype) || programNameProblem(name) !== null;
}
