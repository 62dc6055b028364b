/** Path model of contentEditorMachine: texts, a picked file checked, previewed and uploaded, the save. */
import type { SnapshotFrom } from 'xstate';
import { contentEditorMachine, type ContentEditorInput } from '../../src/machines/content-editor/content-editor.machine';
import { apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { networkDown } from './money-fixtures';

type EditorSnapshot = SnapshotFrom<typeof contentEditorMachine>;

const KIB = 1024;
/** The server's defaults (docs/operator.md § Content): images 2 MiB, videos 20 MiB. */
export const LIMITS = { image: 2048 * KIB, video: 20480 * KIB };
export const BURMESE_TITLE = 'ကြိုဆိုရေး ဘောနပ်စ်';

const file = (size: number, type: string) => new Blob([new Uint8Array(size)], { type });
/** The same Blob every time a model offers it, so replay and generation agree on the context. */
export const FILES = {
  png: file(120 * KIB, 'image/png'),
  pdf: file(40 * KIB, 'application/pdf'),
  bigPng: file(3 * 1024 * KIB, 'image/png'),
  mp4: file(900 * KIB, 'video/mp4'),
};
export const STORED_PNG = { url: '/assets/media/5e1f.png', mime: 'image/png', size: 120 * KIB };
export const STORED_MP4 = { url: '/assets/media/9a0c.mp4', mime: 'video/mp4', size: 900 * KIB };

/** Banner #3: its image (required) and a title. */
export const bannerStart: ContentEditorInput = {
  kind: 'banners',
  id: 3,
  values: { img_url: '/assets/art/banner/3.svg', title_en: 'Weekend', title_mm: '', title_zh: '', title_th: '' },
  media: [{ field: 'img_url', file: 'image', allow: 'image', required: true }],
  limits: LIMITS,
};
/** A new video ad: the video (required) and a poster (optional). */
export const videoStart: ContentEditorInput = {
  kind: 'video-ads',
  id: null,
  values: { video_url: '', poster_url: '/assets/media/old.png', title_en: '', title_mm: '', title_zh: '', title_th: '' },
  media: [
    { field: 'video_url', file: 'video', allow: 'video', required: true },
    { field: 'poster_url', file: 'poster', allow: 'image', required: false },
  ],
  limits: LIMITS,
};

export const notAnImage = apiError(422, 'The file must be a PNG, JPEG, WebP or GIF image, or an MP4 or WebM video.', {
  file: 'The file must be a PNG, JPEG, WebP or GIF image, or an MP4 or WebM video.',
});
export const titleRequired = apiError(422, 'The title en field is required when other languages are given.', {
  title_en: 'The title en field is required when other languages are given.',
});

function events(snapshot: EditorSnapshot): PhrasedEvent[] {
  const { kind, id } = snapshot.context;
  if (snapshot.matches('uploading')) {
    const stored = snapshot.context.pending?.field === 'video_url' ? STORED_MP4 : STORED_PNG;
    return [
      ['the server stores the file', done('uploadMedia', stored)],
      ["the server refuses the file's bytes (422)", failed('uploadMedia', notAnImage)],
      ['the upload fails (network)', failed('uploadMedia', networkDown)],
      ['they type the Burmese title meanwhile', { type: 'field.change', name: 'title_mm', value: BURMESE_TITLE }],
    ];
  }
  if (snapshot.matches('saving')) {
    return [
      ['the server saves it, the Burmese title read as Zawgyi', done('saveContent', { item: { id: id ?? 12, sort: 1, status: 1 }, zawgyi: ['title_mm'] })],
      ['the server refuses it (422)', failed('saveContent', titleRequired)],
      ['the save fails (network)', failed('saveContent', networkDown)],
    ];
  }
  const chooser: PhrasedEvent[] =
    kind === 'video-ads'
      ? [
          ['they pick reel.mp4 (900 KB)', { type: 'media.choose', field: 'video_url', file: FILES.mp4, name: 'reel.mp4', preview: 'blob:reel' }],
          ['they pick a PNG as the video', { type: 'media.choose', field: 'video_url', file: FILES.png, name: 'banner.png', preview: 'blob:png' }],
          ['they remove the poster', { type: 'media.remove', field: 'poster_url' }],
          ['they try to remove the video', { type: 'media.remove', field: 'video_url' }],
        ]
      : [
          ['they pick banner.png (120 KB)', { type: 'media.choose', field: 'img_url', file: FILES.png, name: 'banner.png', preview: 'blob:png' }],
          ['they pick a PDF', { type: 'media.choose', field: 'img_url', file: FILES.pdf, name: 'terms.pdf', preview: 'blob:pdf' }],
          ['they pick a 3 MB image', { type: 'media.choose', field: 'img_url', file: FILES.bigPng, name: 'huge.png', preview: 'blob:huge' }],
          ['they try to remove the image', { type: 'media.remove', field: 'img_url' }],
        ];
  return [['they type the Burmese title', { type: 'field.change', name: 'title_mm', value: BURMESE_TITLE }], ...chooser, ['they press Save', { type: 'draft.save' }]];
}

function describeState(snapshot: EditorSnapshot): string {
  const { context } = snapshot;
  const what = context.id === null ? `a new ${context.kind} row` : `${context.kind} #${context.id}`;
  const mode = snapshot.matches('uploading') ? 'the file uploading, Save disabled' : snapshot.matches('saving') ? 'saving, fields read-only' : 'editing';
  const notes: string[] = [];
  if (context.values.title_mm) notes.push(`Burmese title "${context.values.title_mm}"`);
  for (const [field, p] of Object.entries(context.previews)) notes.push(`${field} previews ${p.name}${p.stored ? `, stored at ${context.values[field]}` : ' (local)'}`);
  for (const [field, r] of Object.entries(context.refusals)) {
    notes.push(`under ${field}: refused without sending (${r.code === 'type' ? `not an ${r.allow}` : `larger than ${Math.round(r.max / 1024 / 1024)} MB`})`);
  }
  for (const [field, message] of Object.entries(context.fieldErrors)) notes.push(`under ${field}: "${message}"`);
  if (context.saved) notes.push(`"Saved."${context.zawgyi.length ? ` and the note that ${context.zawgyi.join(', ')} came in Zawgyi` : ''}; the list reloads`);
  if (context.error) notes.push(`"${context.error}"`);
  return `${what}, ${mode}${notes.length ? `: ${notes.join('; ')}` : ''}`;
}

export const contentEditorPaths = definePathModel({
  name: 'content-editor',
  title: 'The console editor of one content row: texts, upload with preview, save',
  source: 'src/machines/content-editor/content-editor.machine.ts',
  machine: contentEditorMachine,
  starts: [
    { name: 'editing banner #3', input: bannerStart },
    { name: 'a new video ad', input: videoStart, maxSteps: 3 },
  ],
  events,
  describeState,
});
