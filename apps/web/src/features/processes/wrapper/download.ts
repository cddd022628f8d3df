/** Saves text as a file through a temporary link (spec 2 §7: the wrapper download makes no call). */
export function downloadText(fileName: string, text: string, type = 'text/x-python'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // revoked after the click has been handled, or the download could be cancelled
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
