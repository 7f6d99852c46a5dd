import { toApiError, trpcFetch } from '../../lib/api-fetch';

/**
 * Downloads a file answer (PDF, CSV) through the one fetch wrapper, so the
 * bearer token goes with it, and hands it to the browser as a download.
 * Throws ApiError ("status: message") when the server refuses.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const res = await trpcFetch(path, { headers: { accept: '*/*' } });
  if (!res.ok) throw await toApiError(res);
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
