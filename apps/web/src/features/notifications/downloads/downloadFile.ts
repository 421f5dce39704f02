/**
 * GET /api/downloads/{id} needs the bearer token, so a plain link cannot fetch it: the file is fetched, then handed
 * to the browser as a download under its own name.
 */
export const downloadFile = async (id: string, filename: string, token: string): Promise<void> => {
  const res = await fetch(`/api/downloads/${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`download failed: ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
};

/** '12.3 kB', '1.2 MB' in the interface language */
export const formatSize = (bytes: number, language: string): string => {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
};
