/**
 * A `fetch` over XMLHttpRequest, for the one thing fetch cannot tell: how
 * much of a request body has been sent. `onUploadProgress` hears the share
 * sent (0 to 1) as an upload goes; everything else behaves as fetch does (a
 * network failure rejects with a TypeError, an abort with an AbortError).
 */
export function xhrFetch(onUploadProgress: (sent: number) => void): typeof globalThis.fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const request = new Request(input, init);
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      new Headers(init.headers).forEach((value, name) => {
        xhr.setRequestHeader(name, value);
      });
      xhr.responseType = 'text';
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onUploadProgress(event.loaded / event.total);
      };
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        const empty = [101, 204, 205, 304].includes(xhr.status);
        resolve(new Response(empty ? null : xhr.responseText, { status: xhr.status, headers }));
      };
      xhr.onerror = () => reject(new TypeError('The network request failed'));
      xhr.onabort = () => reject(new DOMException('The upload was stopped', 'AbortError'));
      init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(init.body as XMLHttpRequestBodyInit | null);
    });
}
