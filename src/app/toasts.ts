/**
 * Toasts without sonner in the first download: the first toast loads the toaster (a lazy chunk),
 * and messages raised before it is on screen wait in a queue it drains when it mounts.
 */
export type ToastKind = 'success' | 'error';
export interface ToastRequest {
  kind: ToastKind;
  message: string;
  duration: number;
  /** A second line under the message: a server failure's reference for support (issue 28). */
  description?: string;
}

type Show = (request: ToastRequest) => void;

let show: Show | null = null;
const queue: ToastRequest[] = [];
const listeners = new Set<() => void>();
let wanted = false;

export function showToast(request: ToastRequest): void {
  if (show) return show(request);
  queue.push(request);
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
}

/** Whether the toaster has been asked for yet (read by the layout to mount it). */
export function toasterWanted(): boolean {
  return wanted;
}

export function onToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the mounted toaster: from now on toasts go straight to it. */
export function attachToaster(next: Show): () => void {
  show = next;
  queue.splice(0).forEach(next);
  return () => {
    if (show === next) show = null;
  };
}
