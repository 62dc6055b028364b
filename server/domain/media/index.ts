/** Uploaded images and videos (table `media`), checked by their bytes and served by server/routes/media. */
export { sniffMedia, type SniffedMedia } from './sniff';
export {
  MediaRejected,
  mediaLimits,
  mediaUrl,
  readMediaBytes,
  readMediaInfo,
  saveMedia,
  type MediaInfo,
  type MediaKind,
  type SavedMedia,
} from './store';
