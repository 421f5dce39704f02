/** Largest project image: 5 MiB. */
export const PROJECT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PROJECT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ProjectImageType = (typeof PROJECT_IMAGE_TYPES)[number];
/** bytes sniffImageType needs to see */
export const IMAGE_SNIFF_BYTES = 12;

export const isProjectImageType = (value: string): value is ProjectImageType => (PROJECT_IMAGE_TYPES as readonly string[]).includes(value);

const startsWith = (bytes: Uint8Array, prefix: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + prefix.length && prefix.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** The image type the first bytes of a file show (magic numbers), or null when none of the accepted ones. */
export const sniffImageType = (head: Uint8Array): ProjectImageType | null => {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  return null;
};
