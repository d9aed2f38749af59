/**
 * PUTs the file straight to the sending request's signed upload address.
 * XMLHttpRequest rather than fetch because only it reports upload progress.
 * Resolves when the server accepted the file; rejects with a message a person
 * can act on. `signal` aborts the upload.
 */
export function putFile(url: string, file: File, onProgress: (loaded: number, total: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(file.size, file.size);
        return resolve();
      }
      let message = `The upload failed (HTTP ${xhr.status}).`;
      try {
        const body = JSON.parse(xhr.responseText) as { error?: unknown };
        if (typeof body.error === "string") message = body.error;
      } catch {
        // Not JSON: keep the status line.
      }
      reject(new Error(message));
    };
    xhr.onerror = () => reject(new Error("The upload was interrupted. Check your connection and try again."));
    xhr.onabort = () => reject(new Error("The upload was cancelled."));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
