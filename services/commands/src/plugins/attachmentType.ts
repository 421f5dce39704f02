import { fileTypeFromBuffer } from 'file-type';
import { TASK_APPENDIX_CONTENT_TYPES } from '@stramien/domain';

export type AppendixContentType = (typeof TASK_APPENDIX_CONTENT_TYPES)[number];

/**
 * Bytes of an upload looked at to tell its type: enough for file-type to read the first entries of an Office zip
 * ([Content_Types].xml, word/, xl/) and for the text check.
 */
export const APPENDIX_SNIFF_BYTES = 64 * 1024;

const STEP_HEADER = 'ISO-10303-21;';

/**
 * Is this the start of a text file: UTF-8 (a character cut at the end of the sample is fine) without control
 * characters other than tab, line feed, form feed and carriage return (and an optional byte order mark)?
 */
const isText = (head: Uint8Array): boolean => {
  if (head.length === 0) return false;
  let text: string;
  try {
    // a multi-byte character cut off by the sample's end is not an error: drop up to 3 trailing bytes and retry
    text = decodeUtf8(head);
  } catch {
    return false;
  }
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
};

const decoder = new TextDecoder('utf-8', { fatal: true });
const decodeUtf8 = (bytes: Uint8Array): string => {
  for (let cut = 0; cut <= 3 && cut < bytes.length; cut++) {
    try {
      return decoder.decode(bytes.subarray(0, bytes.length - cut));
    } catch {
      // try with one byte less
    }
  }
  return decoder.decode(bytes);
};

/**
 * The content type of an appendix from its first bytes (never the browser's claim, docs/tasks.md "Parts over HTTP"):
 * binary formats by their signatures (the `file-type` library: PDF, images, zip and the Office formats inside it,
 * executables …); text by its bytes, a STEP model by its ISO-10303-21 header, and CSV told from plain text by the
 * file name, since both are just lines of text. Returns what was found, allowed or not (the caller checks it against
 * the domain's list), or null when the bytes show nothing known.
 */
export const detectAppendixType = async (head: Uint8Array, name: string): Promise<string | null> => {
  const found = await fileTypeFromBuffer(head);
  if (found) return found.mime;
  if (!isText(head)) return null;
  const start = decodeUtf8(head.subarray(0, 64))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (start.startsWith(STEP_HEADER)) return 'application/x-step';
  return /\.csv$/i.test(name.trim()) ? 'text/csv' : 'text/plain';
};

export const isAppendixContentType = (type: string | null): type is AppendixContentType =>
  type !== null && (TASK_APPENDIX_CONTENT_TYPES as readonly string[]).includes(type);
