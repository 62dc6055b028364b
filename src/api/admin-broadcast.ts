/**
 * The console's Telegram broadcasts (docs/telegram.md § Broadcasts): a draft in four languages
 * with an optional image and button, a preview to the operator's chat, the send, and the progress
 * the outbox reports (queued, sent, failed, with the failures). Answers keep the server's shapes.
 */
import type { Api, Envelope } from './client';
import { toPage } from './normalise';
import type { PageOf } from './types';

export type BroadcastLang = 'en' | 'mm' | 'zh' | 'th';
export type BroadcastTexts = Record<BroadcastLang, string>;

/** The form as sent: flat fields (text_en … th, button_en … th, button_url or button_page, image, agent_code). */
export type BroadcastDraftInput = Partial<Record<`text_${BroadcastLang}` | `button_${BroadcastLang}` | 'button_url' | 'button_page' | 'image' | 'agent_code', string>>;

export interface BroadcastProgress {
  total: number;
  queued: number;
  sent: number;
  failed: number;
  failures: { user_id: number | null; user_name: string | null; status: string; error: string | null }[];
}

export interface Broadcast {
  id: number;
  texts: BroadcastTexts;
  image: string | null;
  button: { texts: BroadcastTexts; url?: string; page?: string } | null;
  agent_code?: string | null;
  agent_id: number | null;
  status: 'draft' | 'sent';
  queued: number | null;
  created_by: string;
  created_at: string;
  previewed_at: string | null;
  sent_at: string | null;
  progress: BroadcastProgress;
}

/** A row of the list (GET /broadcasts?page=): the broadcast with its counts, without the failures. */
export interface BroadcastSummary extends Omit<Broadcast, 'progress'> {
  progress: Omit<BroadcastProgress, 'failures'>;
}

/** A sent broadcast with messages still waiting to be handed to Telegram (its counts are read live). */
export const isSending = (b: BroadcastSummary) => b.status === 'sent' && b.progress.queued > 0;

/** What "send me a preview" takes: the draft and the chat the preview goes to. */
export interface BroadcastPreviewInput {
  draft: BroadcastDraftInput;
  /** An image to upload first (POST /admin/media); its URL becomes the draft's `image`. */
  file?: Blob | null;
  chatId: string;
}

export function broadcastCalls(api: Api) {
  const post = <T>(path: string, body: object) => api.request<Envelope<T>>(`/admin${path}`, { method: 'POST', body }).then((r) => r.data);
  return {
    /** The broadcasts, newest first, ten a page, each with its counts. */
    broadcasts: async (page: number): Promise<PageOf<BroadcastSummary>> => toPage<BroadcastSummary>(await api.request<unknown>(`/admin/broadcasts?page=${page}`)),
    broadcast: (id: number) => api.request<Envelope<Broadcast>>(`/admin/broadcasts/${id}`).then((r) => r.data),
    /** Saves the draft, then sends its preview (one message per language) to the chat. */
    previewBroadcast: async ({ draft, file, chatId }: BroadcastPreviewInput): Promise<Broadcast> => {
      if (file) {
        const form = new FormData();
        form.append('file', file);
        const stored = await api.request<Envelope<{ url: string }>>('/admin/media', { method: 'POST', body: form });
        draft = { ...draft, image: stored.data.url };
      }
      const saved = await post<Omit<Broadcast, 'progress'>>('/broadcasts', draft);
      return post<Broadcast>(`/broadcasts/${saved.id}/preview`, { chat_id: chatId });
    },
    sendBroadcast: (id: number) => post<Broadcast>(`/broadcasts/${id}/send`, {}),
  };
}
