/**
 * The words on the generated banners, pop-up and promotion cards, per language (the art is
 * requested with `?lang=`; English when absent or unknown). Money carries the currency word of
 * that language (docs/decisions/0010-currency-word.md). `playerCta` replaces `cta` for a
 * logged-in player (`?for=player`): a player is never asked to join.
 */
import type { Lang } from '../content/lang';

export interface PromoWords {
  kicker: string;
  big: string;
  sub: string;
  cta: string;
  playerCta?: string;
}

export type Localised = Record<Lang, PromoWords>;

export const BANNER_WORDS: readonly Localised[] = [
  {
    en: { kicker: 'WELCOME BONUS', big: '100%', sub: 'on your first deposit in Kyat', cta: 'JOIN NOW', playerCta: 'DEPOSIT NOW' },
    mm: { kicker: 'ကြိုဆိုရေး ဘောနပ်စ်', big: '100%', sub: 'ပထမဆုံး ကျပ်ငွေ ဖြည့်သွင်းမှုအတွက်', cta: 'အကောင့်ဖွင့်ပါ', playerCta: 'ငွေဖြည့်ပါ' },
    zh: { kicker: '欢迎奖金', big: '100%', sub: '首次存入缅元即可获得', cta: '立即加入', playerCta: '立即存款' },
    th: { kicker: 'โบนัสต้อนรับ', big: '100%', sub: 'สำหรับการฝากเงินจ๊าดครั้งแรก', cta: 'สมัครเลย', playerCta: 'ฝากเลย' },
  },
  {
    // Until issue 25 a daily 10% cashback the product never paid; now what 2D does.
    en: { kicker: '2D TWICE A DAY', big: '12:01 · 4:30', sub: 'draws Monday to Friday, Yangon time', cta: 'BET 2D' },
    mm: { kicker: '2D တစ်နေ့ နှစ်ကြိမ်', big: '12:01 · 4:30', sub: 'တနင်္လာမှ သောကြာအထိ၊ ရန်ကုန်စံတော်ချိန်', cta: '2D ထိုးမည်' },
    zh: { kicker: '2D 每天两期', big: '12:01 / 16:30', sub: '周一至周五开奖，仰光时间', cta: '投注 2D' },
    th: { kicker: '2D วันละสองงวด', big: '12:01 · 16:30', sub: 'ออกผลจันทร์ถึงศุกร์ เวลาย่างกุ้ง', cta: 'แทง 2D' },
  },
  {
    en: { kicker: 'SLOT TOURNAMENT', big: '5,000,000 Ks', sub: 'prize pool every week', cta: 'PLAY NOW' },
    mm: { kicker: 'စလော့ ပြိုင်ပွဲ', big: '5,000,000 ကျပ်', sub: 'အပတ်စဉ် ဆုကြေးငွေ စုစုပေါင်း', cta: 'ကစားမည်' },
    zh: { kicker: '老虎机锦标赛', big: '5,000,000 缅元', sub: '每周奖池', cta: '立即游戏' },
    th: { kicker: 'ทัวร์นาเมนต์สล็อต', big: '5,000,000 จ๊าด', sub: 'เงินรางวัลรวมทุกสัปดาห์', cta: 'เล่นเลย' },
  },
];

export const POPUP_WORDS: readonly Localised[] = [
  {
    en: { kicker: 'FIRST DEPOSIT BONUS', big: '100%', sub: 'up to 100,000 Ks', cta: 'DEPOSIT NOW' },
    mm: { kicker: 'ပထမ ငွေဖြည့် ဘောနပ်စ်', big: '100%', sub: '100,000 ကျပ်အထိ', cta: 'ငွေဖြည့်ပါ' },
    zh: { kicker: '首存奖金', big: '100%', sub: '最高 100,000 缅元', cta: '立即存款' },
    th: { kicker: 'โบนัสฝากครั้งแรก', big: '100%', sub: 'สูงสุด 100,000 จ๊าด', cta: 'ฝากเลย' },
  },
];

export const PROMOTION_WORDS: readonly Localised[] = [
  {
    en: { kicker: 'FIRST DEPOSIT', big: '100%', sub: 'bonus up to 100,000 Ks', cta: 'DEPOSIT NOW' },
    mm: { kicker: 'ပထမ ငွေဖြည့်', big: '100%', sub: '100,000 ကျပ်အထိ ဘောနပ်စ်', cta: 'ငွေဖြည့်ပါ' },
    zh: { kicker: '首次存款', big: '100%', sub: '奖金最高 100,000 缅元', cta: '立即存款' },
    th: { kicker: 'ฝากครั้งแรก', big: '100%', sub: 'โบนัสสูงสุด 100,000 จ๊าด', cta: 'ฝากเลย' },
  },
  {
    en: { kicker: '2D CASHBACK', big: '5%', sub: 'back on every 2D bet', cta: 'BET 2D' },
    mm: { kicker: '2D ငွေပြန်အမ်း', big: '5%', sub: '2D ထိုးကြေးတိုင်း ပြန်ရမည်', cta: '2D ထိုးမည်' },
    zh: { kicker: '2D 返水', big: '5%', sub: '每注 2D 均返还', cta: '投注 2D' },
    th: { kicker: 'คืนยอด 2D', big: '5%', sub: 'คืนทุกการแทง 2D', cta: 'แทง 2D' },
  },
  {
    en: { kicker: 'WEEKLY SLOT REBATE', big: '5%', sub: 'back on weekly slot losses', cta: 'SPIN NOW' },
    mm: { kicker: 'အပတ်စဉ် စလော့ ပြန်အမ်းငွေ', big: '5%', sub: 'စလော့ ရှုံးငွေမှ အပတ်စဉ် ပြန်ရမည်', cta: 'လှည့်မည်' },
    zh: { kicker: '每周老虎机返利', big: '5%', sub: '返还每周老虎机净输额', cta: '立即旋转' },
    th: { kicker: 'คืนยอดเสียสล็อตรายสัปดาห์', big: '5%', sub: 'คืนจากยอดเสียสล็อตทุกสัปดาห์', cta: 'หมุนเลย' },
  },
  {
    en: { kicker: 'REFER A FRIEND', big: '10,000 Ks', sub: 'for every friend who plays', cta: 'INVITE' },
    mm: { kicker: 'သူငယ်ချင်းကို ဖိတ်ပါ', big: '10,000 ကျပ်', sub: 'ကစားသော သူငယ်ချင်းတိုင်းအတွက်', cta: 'ဖိတ်ခေါ်မည်' },
    zh: { kicker: '推荐好友', big: '10,000 缅元', sub: '每位参与游戏的好友', cta: '邀请' },
    th: { kicker: 'ชวนเพื่อน', big: '10,000 จ๊าด', sub: 'สำหรับเพื่อนทุกคนที่เล่น', cta: 'ชวนเลย' },
  },
];

/** Who the art is for: a guest may be asked to join, a player is not. */
export type Audience = 'guest' | 'player';

/** The words of design `n` (1-based) in `lang`, for `audience`; undefined when there is no such design. */
export function wordsFor(table: readonly Localised[], n: number, lang: Lang, audience: Audience): PromoWords | undefined {
  const words = table[n - 1]?.[lang];
  if (!words) return undefined;
  return audience === 'player' && words.playerCta ? { ...words, cta: words.playerCta } : words;
}

/** Fonts that carry each script, before the shared system stack (SVG in <img> sees only system fonts). */
export const SCRIPT_FONTS: Record<Lang, string> = {
  en: '',
  mm: "'Noto Sans Myanmar','Padauk','Myanmar Text',",
  zh: "'Noto Sans CJK SC','Noto Sans SC','PingFang SC','Microsoft YaHei',",
  th: "'Noto Sans Thai','Leelawadee UI','Thonburi',",
};

/**
 * A rough width of `text` in ems for a bold face, per script: enough to shrink a line that would
 * run past its box (Burmese and Thai marks that stack take no width; CJK is square).
 */
export function emWidth(text: string): number {
  let em = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c >= 0x1000 && c <= 0x109f) em += myanmarWidth(c);
    else if (c >= 0x0e00 && c <= 0x0e7f) em += thaiWidth(c);
    else if (c >= 0x2e80 && c <= 0xffef) em += 1;
    else if (ch === ' ') em += 0.3;
    else if (/[A-Z%]/.test(ch)) em += 0.74;
    else if (/[0-9a-z]/.test(ch)) em += 0.6;
    else em += 0.35;
  }
  return em;
}

function myanmarWidth(c: number): number {
  if (c <= 0x102a || (c >= 0x1040 && c <= 0x104f)) return 0.9; // consonants, independent vowels, digits, punctuation
  if (c === 0x102b || c === 0x102c || c === 0x1031) return 0.5; // aa (tall and round), the e written before
  if (c === 0x1038 || c === 0x103b || c === 0x103c) return 0.3; // visarga, medial ya, medial ra
  return 0; // marks above and below
}

function thaiWidth(c: number): number {
  if (c === 0x0e31 || (c >= 0x0e34 && c <= 0x0e3a) || (c >= 0x0e47 && c <= 0x0e4e)) return 0;
  return 0.62;
}

/** `base` px, or smaller so that `text` fits in `maxWidth` px. */
export function fitSize(text: string, base: number, maxWidth: number): number {
  const em = emWidth(text);
  return em === 0 ? base : Math.min(base, maxWidth / em);
}

export interface LineStyle {
  /** px before fitting */
  size: number;
  /** px the line may take */
  maxWidth: number;
  weight: number;
  /** px between letters, Latin text only (it breaks up Burmese and Thai clusters' rhythm). */
  spacing?: number;
  anchor?: 'middle' | 'end';
  /** Further attributes, written as they are. */
  attrs?: string;
}

const round = (v: number) => String(Math.round(v * 10) / 10);

/** One line of `text` at (x, y), shrunk to fit its width. The caller escapes nothing: this does. */
export function textLine(x: number, y: number, text: string, style: LineStyle, escape: (t: string) => string): string {
  const latin = !/[^\u0000-\u024f]/.test(text);
  const spacing = latin ? (style.spacing ?? 0) : 0;
  const count = [...text].length;
  const size = fitSize(text, style.size, Math.max(style.maxWidth - spacing * count, style.maxWidth / 2));
  const ls = spacing ? ` letter-spacing="${round((spacing * size) / style.size)}"` : '';
  const anchor = style.anchor ? ` text-anchor="${style.anchor}"` : '';
  return `<text x="${round(x)}" y="${round(y)}"${anchor} font-size="${round(size)}" font-weight="${style.weight}"${ls}${style.attrs ? ` ${style.attrs}` : ''}>${escape(text)}</text>`;
}
