import { vi } from 'vitest';

type Listener = (event: ProgressEvent) => void;

/** One request the page sent, and the controls to answer it as the server would. */
export type FakeUpload = {
  method: string;
  url: string;
  body: FormData | undefined;
  withCredentials: boolean;
  /** Reports bytes sent (the browser's upload progress event). */
  progress: (loaded: number, total: number) => void;
  /** Ends the request with a status and a JSON body. */
  respond: (status: number, body: unknown) => void;
  /** The network dropped. */
  fail: () => void;
  isAborted: () => boolean;
};

/**
 * Stands in for XMLHttpRequest (jsdom's cannot reach a server): each request the code opens is
 * recorded in `uploads`, for the test to move its progress and give the answer.
 */
export function stubXhr() {
  const uploads: FakeUpload[] = [];

  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    private method = 'GET';
    private url = '';
    private listeners = new Map<string, Listener[]>();
    private uploadListeners = new Map<string, Listener[]>();
    private aborted = false;

    readonly upload = {
      addEventListener: (type: string, listener: Listener) => {
        this.uploadListeners.set(type, [...(this.uploadListeners.get(type) ?? []), listener]);
      },
    };

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader() {}

    getResponseHeader() {
      return null;
    }

    addEventListener(type: string, listener: Listener) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }

    private emit(map: Map<string, Listener[]>, type: string, init: ProgressEventInit = {}) {
      for (const listener of map.get(type) ?? []) listener(new ProgressEvent(type, init));
    }

    abort() {
      if (this.aborted) return;
      this.aborted = true;
      this.emit(this.listeners, 'abort');
    }

    send(body?: FormData) {
      uploads.push({
        method: this.method,
        url: this.url,
        body,
        withCredentials: this.withCredentials,
        progress: (loaded, total) =>
          this.emit(this.uploadListeners, 'progress', { loaded, total, lengthComputable: true }),
        respond: (status, answer) => {
          this.status = status;
          this.statusText = status < 300 ? 'OK' : 'Error';
          this.responseText = JSON.stringify(answer);
          this.emit(this.listeners, 'load');
        },
        fail: () => this.emit(this.listeners, 'error'),
        isAborted: () => this.aborted,
      });
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { uploads };
}
