/** Hands a file made in the browser (Excel export, CSV) to the user as a download named `fileName`. */
export function downloadFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the object URL only after the click has returned.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
