/** Content type of the .xlsx exports (spec section 7: "openxml file content type"). */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Whether a response's content type is a spreadsheet download. */
export function isFileResponse(contentType: string | null): boolean {
  return (
    contentType !== null &&
    contentType.toLowerCase().includes('application/vnd.openxmlformats-officedocument')
  );
}

/** Keeps the last path segment and drops control characters, so a header cannot choose a folder. */
function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean === '.' || clean === '..' ? '' : clean;
}

function decodeMaybe(value: string): string {
  if (!/%[0-9a-f]{2}/i.test(value)) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The file name of a `content-disposition` header: the RFC 5987 `filename*=UTF-8''…` form first, then the
 * plain `filename="…"` (percent-decoded when it is encoded, as many servers send Chinese names), else
 * `fallback`.
 */
export function fileNameFromContentDisposition(header: string | null, fallback = 'download.xlsx'): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^;]+)/i
    .exec(header)?.[1]
    ?.trim()
    .replace(/^"(.*)"$/, '$1');
  if (extended) {
    const parts = /^([\w!#$%&+^`{}~.-]*)'[^']*'(.*)$/.exec(extended);
    const encoded = parts ? (parts[2] ?? '') : extended;
    try {
      const name = sanitizeFileName(decodeURIComponent(encoded));
      if (name) return name;
    } catch {
      // A malformed extended value falls through to the plain parameter.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*("(?:\\.|[^"\\])*"|[^;]*)/i.exec(header)?.[1]?.trim();
  if (plain) {
    const unquoted = plain.startsWith('"') ? plain.slice(1, -1).replace(/\\(.)/g, '$1') : plain;
    const name = sanitizeFileName(decodeMaybe(unquoted));
    if (name) return name;
  }
  return fallback;
}

/** Saves a blob through a temporary link, as a browser download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the object URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
