/** Hands a file to the browser's download through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // revoked after the click has been handled, or the download could be cancelled
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves text as a file (UTF-8 of the given media type). */
export function downloadText(fileName: string, text: string, type: string): void {
  saveBlob(new Blob([text], { type: `${type};charset=utf-8` }), fileName);
}
