/**
 * Google's Zawgyi detector and converter (myanmar-tools, Apache-2.0; docs/decisions/0011-zawgyi.md).
 * The package ships JavaScript only. Ambient, so it types the client's lazy import too.
 */
declare module 'myanmar-tools' {
  export class ZawgyiDetector {
    /** 0..1, how likely the text is Zawgyi rather than Unicode; -Infinity without Myanmar letters. */
    getZawgyiProbability(text: string): number;
  }
  export class ZawgyiConverter {
    zawgyiToUnicode(text: string): string;
    unicodeToZawgyi(text: string): string;
    normalizeZawgyi(text: string): string;
  }
  const tools: { ZawgyiDetector: typeof ZawgyiDetector; ZawgyiConverter: typeof ZawgyiConverter };
  export default tools;
}
