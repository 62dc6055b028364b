/**
 * One content row in the console's editor (banner, marquee text, pop-up, promotion, contact, video
 * ad): the operator types its texts, picks an image or video — checked here against the server's
 * limits, previewed at once, then sent to POST /media so the server judges its bytes — and saves.
 * Host provides: `uploadMedia` (a file → its stored URL), `saveContent` (the row's values → the
 * saved row and the texts the server read as Zawgyi), `saved` (reload the list, select the row).
 */
import { assertEvent, assign, setup } from 'xstate';
import type { MediaLimits, SaveContentInput, SavedContent, StoredMedia } from '../../api/admin';
import { toErrorInfo } from '../shared/error-info';
import { ioActor, mustProvide } from '../shared/placeholders';

/** A media field of the kind: `field` holds the URL (img_url), `file` names the upload (image). */
export interface MediaSlot {
  field: string;
  file: string;
  allow: 'image' | 'video';
  required: boolean;
}

export interface MediaPreview {
  src: string;
  mime: string;
  size: number;
  name: string;
  /** True once the server stored it (src is then its URL). */
  stored: boolean;
}

/** A file refused before it was sent: the view words it in the operator's language. */
export type MediaRefusal = { code: 'type'; allow: 'image' | 'video' } | { code: 'size'; max: number };

export interface ContentEditorInput {
  kind: SaveContentInput['kind'];
  id: number | null;
  values: Record<string, string>;
  media: MediaSlot[];
  limits: MediaLimits;
}

export interface ContentEditorContext extends ContentEditorInput {
  previews: Record<string, MediaPreview>;
  /** The file on its way to the server. */
  pending: { field: string; file: Blob } | null;
  refusals: Record<string, MediaRefusal>;
  fieldErrors: Record<string, string>;
  error: string | null;
  saved: boolean;
  zawgyi: string[];
}

export type ContentEditorEvent =
  | { type: 'field.change'; name: string; value: string }
  | { type: 'media.choose'; field: string; file: Blob; name: string; preview: string }
  | { type: 'media.remove'; field: string }
  | { type: 'draft.save' };

const slotOf = (context: ContentEditorContext, field: string) => context.media.find((m) => m.field === field);
const without = <T>(record: Record<string, T>, ...keys: string[]) => Object.fromEntries(Object.entries(record).filter(([k]) => !keys.includes(k)));
const kindOfMime = (mime: string) => (mime.startsWith('image/') ? 'image' : mime.startsWith('video/') ? 'video' : null);

export const contentEditorMachine = setup({
  types: {
    context: {} as ContentEditorContext,
    events: {} as ContentEditorEvent,
    input: {} as ContentEditorInput,
  },
  actors: {
    uploadMedia: ioActor<StoredMedia, Blob>('uploadMedia'),
    saveContent: ioActor<SavedContent, SaveContentInput>('saveContent'),
  },
  guards: {
    wrongType: ({ context, event }) => {
      assertEvent(event, 'media.choose');
      return kindOfMime(event.file.type) !== slotOf(context, event.field)?.allow;
    },
    tooLarge: ({ context, event }) => {
      assertEvent(event, 'media.choose');
      const slot = slotOf(context, event.field);
      return !!slot && event.file.size > context.limits[slot.allow];
    },
    optionalMedia: ({ context, event }) => {
      assertEvent(event, 'media.remove');
      return slotOf(context, event.field)?.required === false;
    },
  },
  actions: {
    edit: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return { values: { ...context.values, [event.name]: event.value }, fieldErrors: without(context.fieldErrors, event.name), saved: false };
    }),
    refuse: assign(({ context, event }, params: { code: 'type' | 'size' }) => {
      assertEvent(event, 'media.choose');
      const slot = slotOf(context, event.field)!;
      const refusal: MediaRefusal = params.code === 'type' ? { code: 'type', allow: slot.allow } : { code: 'size', max: context.limits[slot.allow] };
      return { refusals: { ...context.refusals, [slot.file]: refusal }, fieldErrors: without(context.fieldErrors, slot.file, slot.field) };
    }),
    take: assign(({ context, event }) => {
      assertEvent(event, 'media.choose');
      const slot = slotOf(context, event.field)!;
      const preview: MediaPreview = { src: event.preview, mime: event.file.type, size: event.file.size, name: event.name, stored: false };
      return {
        pending: { field: event.field, file: event.file },
        previews: { ...context.previews, [event.field]: preview },
        refusals: without(context.refusals, slot.file),
        fieldErrors: without(context.fieldErrors, slot.file, slot.field),
        saved: false,
      };
    }),
    storeUpload: assign(({ context }, params: { media: StoredMedia }) => {
      const field = context.pending!.field;
      const preview = { ...context.previews[field]!, src: params.media.url, mime: params.media.mime, size: params.media.size, stored: true };
      return { pending: null, values: { ...context.values, [field]: params.media.url }, previews: { ...context.previews, [field]: preview } };
    }),
    dropUpload: assign(({ context }, params: { error: unknown }) => {
      const slot = slotOf(context, context.pending!.field)!;
      const error = toErrorInfo(params.error);
      const message = error.fieldErrors.file ?? error.message;
      return { pending: null, previews: without(context.previews, slot.field), fieldErrors: { ...context.fieldErrors, [slot.file]: message } };
    }),
    clearMedia: assign(({ context, event }) => {
      assertEvent(event, 'media.remove');
      return { values: { ...context.values, [event.field]: '' }, previews: without(context.previews, event.field), saved: false };
    }),
    startSave: assign({ fieldErrors: {}, error: null, saved: false, zawgyi: [] }),
    storeSaved: assign((_, params: { saved: SavedContent }) => ({ id: params.saved.item.id, saved: true, zawgyi: params.saved.zawgyi })),
    storeFailure: assign((_, params: { error: unknown }) => {
      const error = toErrorInfo(params.error);
      return { error: error.message, fieldErrors: error.fieldErrors };
    }),
    saved: (_, _params: { id: number }) => mustProvide('saved'),
  },
}).createMachine({
  id: 'contentEditor',
  context: ({ input }) => ({ ...input, previews: {}, pending: null, refusals: {}, fieldErrors: {}, error: null, saved: false, zawgyi: [] }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'edit' },
        'media.choose': [
          { guard: 'wrongType', actions: { type: 'refuse', params: { code: 'type' } } },
          { guard: 'tooLarge', actions: { type: 'refuse', params: { code: 'size' } } },
          { target: 'uploading', actions: 'take' },
        ],
        'media.remove': { guard: 'optionalMedia', actions: 'clearMedia' },
        'draft.save': { target: 'saving', actions: 'startSave' },
      },
    },
    uploading: {
      tags: ['busy'],
      on: { 'field.change': { actions: 'edit' } },
      invoke: {
        id: 'uploadMedia',
        src: 'uploadMedia',
        input: ({ context }) => context.pending!.file,
        onDone: { target: 'editing', actions: { type: 'storeUpload', params: ({ event }) => ({ media: event.output }) } },
        onError: { target: 'editing', actions: { type: 'dropUpload', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The fields are read-only while the row is on its way.
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveContent',
        src: 'saveContent',
        input: ({ context }) => ({ kind: context.kind, id: context.id, values: context.values }),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'storeSaved', params: ({ event }) => ({ saved: event.output }) },
            { type: 'saved', params: ({ event }) => ({ id: event.output.item.id }) },
          ],
        },
        onError: { target: 'editing', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
