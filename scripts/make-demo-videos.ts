/**
 * Generates the demo promo videos (server/assets/demo-videos/promo-<n>.mp4, with a JPEG poster
 * promo-<n>.jpg each) that the demo seed stores in table `media` for the video ads and reels.
 *
 * Debian's Chromium (headless, via playwright-core) draws a 360×640 canvas animation per video
 * and records it in real time with MediaRecorder as MP4/H.264 (Constrained Baseline,
 * 'video/mp4;codecs=avc1.42E01E') at a modest bitrate, so each file stays well under 300 kB.
 * Only system fonts are used (DejaVu / Liberation Sans). At the end every file is loaded into a
 * <video> element, which must report a duration over 3 s, seek, and play.
 *
 *   npm run media:videos            (CHROMIUM_PATH overrides /usr/bin/chromium)
 *   npm run media:videos -- 4       only promo-4 (the others' committed bytes stay as they are)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';

const OUT = fileURLToPath(new URL('../server/assets/demo-videos/', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const MIME = 'video/mp4;codecs=avc1.42E01E';
const BITRATE = 300_000;
const SECONDS = 6;
const FPS = 30;
const MAX_BYTES = 300 * 1024;

/**
 * The page side, as plain JavaScript (a string, so no bundler helper leaks into the page).
 * window.recordPromo(n) draws scene n for SECONDS and resolves to { video, poster } in base64.
 */
const PAGE_SCRIPT = String.raw`
const W = 360, H = 640;
const FONT = '"DejaVu Sans", "Liberation Sans", Arial, sans-serif';
const TAU = Math.PI * 2;
const clamp = (x, a = 0, b = 1) => Math.max(a, Math.min(b, x));
const ease = (x) => { x = clamp(x); return 1 - Math.pow(1 - x, 3); };
/** An overshooting ease for pops. */
const back = (x) => { x = clamp(x); const c = 1.9; return 1 + (c + 1) * Math.pow(x - 1, 3) + c * Math.pow(x - 1, 2); };
/** Seeded random numbers, so every run draws the same film. */
function rng(seed) { let s = seed >>> 0; return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 4294967296; }; }

function background(ctx, t, from, to, glow) {
  const a = t * 0.35;
  const g = ctx.createLinearGradient(W / 2 + Math.cos(a) * 400, H / 2 + Math.sin(a) * 400, W / 2 - Math.cos(a) * 400, H / 2 - Math.sin(a) * 400);
  g.addColorStop(0, from); g.addColorStop(1, to);
  ctx.fillStyle = g; ctx.fillRect(0, 0, W, H);
  const r = ctx.createRadialGradient(W / 2, H * 0.42, 10, W / 2, H * 0.42, 330);
  r.addColorStop(0, glow); r.addColorStop(1, 'rgba(0,0,0,0)');
  ctx.globalAlpha = 0.55 + 0.15 * Math.sin(t * 3); ctx.fillStyle = r; ctx.fillRect(0, 0, W, H); ctx.globalAlpha = 1;
}

function rays(ctx, cx, cy, t, count, alpha) {
  ctx.save(); ctx.translate(cx, cy); ctx.rotate(t * 0.4); ctx.fillStyle = 'rgba(255,255,255,' + alpha + ')';
  for (let i = 0; i < count; i++) {
    const a = (TAU * i) / count, b = a + Math.PI / count / 1.5;
    ctx.beginPath(); ctx.moveTo(0, 0); ctx.lineTo(Math.cos(a) * 700, Math.sin(a) * 700); ctx.lineTo(Math.cos(b) * 700, Math.sin(b) * 700); ctx.fill();
  }
  ctx.restore();
}

function bokeh(ctx, t, seed, color) {
  const r = rng(seed);
  for (let i = 0; i < 14; i++) {
    const x = r() * W, y0 = r() * H, rad = 8 + r() * 30, sp = 20 + r() * 40;
    const y = ((y0 - t * sp) % (H + 80) + H + 80) % (H + 80) - 40;
    ctx.globalAlpha = 0.08 + r() * 0.14; ctx.fillStyle = color;
    ctx.beginPath(); ctx.arc(x + Math.sin(t + i) * 10, y, rad, 0, TAU); ctx.fill();
  }
  ctx.globalAlpha = 1;
}

function gold(ctx, y0, y1) {
  const g = ctx.createLinearGradient(0, y0, 0, y1);
  g.addColorStop(0, '#fff5b8'); g.addColorStop(0.5, '#f7c548'); g.addColorStop(1, '#d4850f');
  return g;
}

function coin(ctx, x, y, r, spin) {
  const sx = Math.max(0.12, Math.abs(Math.cos(spin)));
  ctx.save(); ctx.translate(x, y); ctx.scale(sx, 1);
  ctx.fillStyle = gold(ctx, -r, r); ctx.strokeStyle = '#9a5b08'; ctx.lineWidth = r / 8;
  ctx.beginPath(); ctx.arc(0, 0, r, 0, TAU); ctx.fill(); ctx.stroke();
  ctx.globalAlpha = 0.7; ctx.lineWidth = r / 12; ctx.beginPath(); ctx.arc(0, 0, r * 0.68, 0, TAU); ctx.stroke(); ctx.globalAlpha = 1;
  if (sx > 0.45) { ctx.fillStyle = '#9a5b08'; ctx.font = '900 ' + Math.round(r * 0.95) + 'px ' + FONT; ctx.textAlign = 'center'; ctx.textBaseline = 'middle'; ctx.fillText('K', 0, r * 0.05); }
  ctx.restore();
}

function fallingCoins(ctx, t, seed, n) {
  const r = rng(seed);
  for (let i = 0; i < n; i++) {
    const x = 20 + r() * (W - 40), delay = r() * 6, sp = 120 + r() * 120, size = 10 + r() * 14;
    const y = ((t + delay) * sp) % (H + 80) - 40;
    coin(ctx, x + Math.sin(t * 2 + i) * 8, y, size, t * 4 + i);
  }
}

function sparkle(ctx, x, y, s, alpha) {
  ctx.save(); ctx.translate(x, y); ctx.globalAlpha = alpha; ctx.fillStyle = '#fff';
  ctx.beginPath(); ctx.moveTo(0, -s); ctx.quadraticCurveTo(0, 0, s, 0); ctx.quadraticCurveTo(0, 0, 0, s); ctx.quadraticCurveTo(0, 0, -s, 0); ctx.quadraticCurveTo(0, 0, 0, -s); ctx.fill();
  ctx.restore();
}

function sparkles(ctx, t, seed) {
  const r = rng(seed);
  for (let i = 0; i < 10; i++) {
    const x = r() * W, y = r() * H, ph = r() * TAU, s = 6 + r() * 10;
    sparkle(ctx, x, y, s * (0.6 + 0.4 * Math.sin(t * 5 + ph)), clamp(0.35 + 0.65 * Math.sin(t * 3 + ph)));
  }
}

/** Big text: scaled in around (x, y), gold or white, with a dark outline. */
function text(ctx, str, x, y, size, opts = {}) {
  const { scale = 1, alpha = 1, fill = '#fff', weight = 900, stroke = 'rgba(30,10,0,.55)', spacing = 0 } = opts;
  if (alpha <= 0 || scale <= 0) return;
  ctx.save(); ctx.globalAlpha = clamp(alpha); ctx.translate(x, y); ctx.scale(scale, scale);
  ctx.font = weight + ' ' + size + 'px ' + FONT; ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
  if (spacing) ctx.letterSpacing = spacing + 'px';
  ctx.fillStyle = fill === 'gold' ? gold(ctx, -size / 2, size / 2) : fill;
  if (stroke) { ctx.lineJoin = 'round'; ctx.lineWidth = Math.max(3, size / 11); ctx.strokeStyle = stroke; ctx.strokeText(str, 0, 0); }
  ctx.fillText(str, 0, 0);
  ctx.restore();
}

function pill(ctx, label, y, t, from, to) {
  const pulse = 1 + 0.05 * Math.sin(t * 7);
  ctx.save(); ctx.translate(W / 2, y); ctx.scale(pulse, pulse);
  const g = ctx.createLinearGradient(0, -28, 0, 28); g.addColorStop(0, from); g.addColorStop(1, to);
  ctx.fillStyle = g; ctx.shadowColor = 'rgba(0,0,0,.35)'; ctx.shadowBlur = 12; ctx.shadowOffsetY = 4;
  ctx.beginPath(); ctx.roundRect(-120, -28, 240, 56, 28); ctx.fill(); ctx.shadowColor = 'transparent';
  ctx.fillStyle = '#2a1600'; ctx.font = '900 22px ' + FONT; ctx.textAlign = 'center'; ctx.textBaseline = 'middle'; ctx.letterSpacing = '2px';
  ctx.fillText(label, 0, 1);
  ctx.restore();
}

function brandBar(ctx, alpha) {
  ctx.save(); ctx.globalAlpha = alpha;
  ctx.fillStyle = 'rgba(0,0,0,.28)'; ctx.fillRect(0, H - 56, W, 56);
  coin(ctx, W / 2 - 66, H - 28, 13, 0);
  ctx.fillStyle = '#fff'; ctx.font = '800 22px ' + FONT; ctx.textAlign = 'left'; ctx.textBaseline = 'middle'; ctx.fillText('KyatPlay', W / 2 - 46, H - 27);
  ctx.restore();
}

/** Fades in from and out to black, so a looping reel has no hard cut. */
function fade(ctx, t, total) {
  const a = Math.max(1 - t / 0.35, 1 - (total - t) / 0.35);
  if (a > 0) { ctx.fillStyle = 'rgba(0,0,0,' + clamp(a) + ')'; ctx.fillRect(0, 0, W, H); }
}

// ─── The four films ──────────────────────────────────────────────────────────────────────────

/** 1: the brand, and the welcome bonus. */
function sceneWelcome(ctx, t) {
  background(ctx, t, '#2a0f5c', '#a21caf', '#ff5fd2');
  rays(ctx, W / 2, 250, t, 16, 0.06);
  bokeh(ctx, t, 11, '#ffd6f5');
  fallingCoins(ctx, t, 5, 9);
  const logo = back((t - 0.2) / 0.7);
  text(ctx, 'KyatPlay', W / 2, 150 - 30 * ease((t - 2.2) / 0.6), 62, { scale: logo * (1 - 0.25 * ease((t - 2.2) / 0.6)), fill: 'gold' });
  text(ctx, 'PLAY IN KYAT', W / 2, 205 - 40 * ease((t - 2.2) / 0.6), 20, { alpha: ease((t - 0.9) / 0.5) - ease((t - 2.1) / 0.3), weight: 700, stroke: null, spacing: 6 });
  text(ctx, 'WELCOME BONUS', W / 2, 215, 30, { alpha: ease((t - 2.4) / 0.5), scale: 0.8 + 0.2 * ease((t - 2.4) / 0.5), spacing: 2 });
  text(ctx, '100%', W / 2, 318, 100, { scale: back((t - 2.7) / 0.6), fill: 'gold' });
  text(ctx, 'up to 100,000 Ks', W / 2, 410, 26, { alpha: ease((t - 3.2) / 0.5), weight: 700 });
  if (t > 3.6) pill(ctx, 'JOIN NOW', 490, t, '#fff3b0', '#f5b942');
  sparkles(ctx, t, 3);
  brandBar(ctx, ease((t - 0.5) / 0.5));
}

/** 2: the 2D lottery: a rolling number lands, the 80× payout. */
function scene2D(ctx, t) {
  background(ctx, t, '#061a3a', '#0d7d86', '#35f0d2');
  const r = rng(7);
  ctx.font = '700 18px ' + FONT; ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
  for (let i = 0; i < 22; i++) {
    const x = r() * W, y0 = r() * H, sp = 15 + r() * 35, n = Math.floor(r() * 100);
    const y = ((y0 + t * sp) % (H + 60)) - 30;
    ctx.globalAlpha = 0.18; ctx.fillStyle = '#bff7ef';
    ctx.beginPath(); ctx.arc(x, y, 19, 0, TAU); ctx.fill();
    ctx.globalAlpha = 0.5; ctx.fillStyle = '#062b3a'; ctx.fillText(String(n).padStart(2, '0'), x, y + 1);
  }
  ctx.globalAlpha = 1;
  text(ctx, '2D', W / 2, 110, 96, { scale: back((t - 0.1) / 0.6), fill: 'gold' });
  text(ctx, 'LUCKY NUMBER', W / 2, 180, 22, { alpha: ease((t - 0.5) / 0.4), weight: 800, stroke: null, spacing: 5 });
  // Two number wheels, settling on 4 and 7.
  const final = [4, 7];
  for (let k = 0; k < 2; k++) {
    const x = W / 2 - 62 + k * 124, y = 300, stop = 1.7 + k * 0.5;
    ctx.save();
    ctx.fillStyle = 'rgba(255,255,255,.95)'; ctx.shadowColor = 'rgba(0,0,0,.35)'; ctx.shadowBlur = 14;
    ctx.beginPath(); ctx.roundRect(x - 54, y - 70, 108, 140, 20); ctx.fill(); ctx.shadowColor = 'transparent';
    ctx.beginPath(); ctx.rect(x - 54, y - 70, 108, 140); ctx.clip();
    // Spins fast, then settles onto its digit with a little overshoot.
    const pos = t < stop ? (t * 22 + k * 3) % 10 : final[k] - 0.6 * (1 - back((t - stop) / 0.35));
    const base = Math.floor(pos), frac = pos - base;
    ctx.font = '900 96px ' + FONT; ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
    ctx.fillStyle = '#0b3550';
    for (let d = -1; d <= 1; d++) {
      const digit = ((base + d) % 10 + 10) % 10;
      ctx.fillText(String(digit), x, y + 6 + (d - frac) * 110);
    }
    ctx.restore();
  }
  if (t > 2.3) {
    const flash = clamp(1 - (t - 2.3) / 0.5);
    if (flash > 0) { ctx.fillStyle = 'rgba(255,255,255,' + flash * 0.5 + ')'; ctx.fillRect(0, 0, W, H); }
  }
  text(ctx, '80×', W / 2, 455, 104, { scale: back((t - 2.6) / 0.6), fill: 'gold' });
  text(ctx, 'PAYOUT ON EVERY WIN', W / 2, 525, 20, { alpha: ease((t - 3.1) / 0.5), weight: 800, spacing: 1 });
  text(ctx, '12:01 PM · 4:30 PM', W / 2, 560, 19, { alpha: ease((t - 3.5) / 0.5), weight: 700, stroke: null, fill: '#bff7ef' });
  sparkles(ctx, t, 9);
  brandBar(ctx, ease((t - 0.5) / 0.5));
}

/** 3: slots: three reels spin and land on 7 7 7, jackpot. */
function sceneSlots(ctx, t) {
  background(ctx, t, '#3d0a0a', '#ea580c', '#ffb347');
  rays(ctx, W / 2, 330, t, 18, 0.07);
  bokeh(ctx, t, 21, '#ffe2b0');
  text(ctx, 'SLOTS', W / 2, 105, 78, { scale: back((t - 0.1) / 0.6), fill: 'gold', spacing: 4 });
  const symbols = ['7', '★', 'BAR', '♦', '7', 'K', '★', '♣'];
  const colors = { '7': '#d61f2c', '★': '#f59e0b', 'BAR': '#1f2937', '♦': '#2563eb', 'K': '#7c3aed', '♣': '#059669' };
  // Cabinet.
  ctx.save(); ctx.shadowColor = 'rgba(0,0,0,.45)'; ctx.shadowBlur = 20;
  ctx.fillStyle = gold(ctx, 190, 440); ctx.beginPath(); ctx.roundRect(24, 190, W - 48, 250, 26); ctx.fill(); ctx.restore();
  for (let k = 0; k < 3; k++) {
    const x = 44 + k * 96, y = 208, w = 88, h = 214, stop = 1.6 + k * 0.45;
    ctx.save(); ctx.fillStyle = '#fffaf0'; ctx.beginPath(); ctx.roundRect(x, y, w, h, 12); ctx.fill(); ctx.clip();
    // Reel position in symbols: fast until stop, then eased onto a 7 (index 0 ≡ 8).
    const target = 24;
    const pos = t < stop ? t * 14 + k * 2.6 : target - 2 * (1 - back((t - stop) / 0.4));
    const at = t < stop ? pos % symbols.length : pos;
    for (let d = -2; d <= 2; d++) {
      const i = Math.floor(at) + d, frac = at - Math.floor(at);
      const sym = symbols[((i % symbols.length) + symbols.length) % symbols.length];
      const cy = y + h / 2 + (d - frac) * 80;
      ctx.fillStyle = colors[sym]; ctx.font = (sym === 'BAR' ? '900 30px ' : '900 62px ') + FONT; ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
      ctx.fillText(sym, x + w / 2, cy + 3);
    }
    const shade = ctx.createLinearGradient(0, y, 0, y + h);
    shade.addColorStop(0, 'rgba(0,0,0,.35)'); shade.addColorStop(0.3, 'rgba(0,0,0,0)'); shade.addColorStop(0.7, 'rgba(0,0,0,0)'); shade.addColorStop(1, 'rgba(0,0,0,.35)');
    ctx.fillStyle = shade; ctx.fillRect(x, y, w, h);
    ctx.restore();
  }
  // Pay line.
  ctx.strokeStyle = 'rgba(220,38,38,.8)'; ctx.lineWidth = 4; ctx.beginPath(); ctx.moveTo(34, 315); ctx.lineTo(W - 34, 315); ctx.stroke();
  if (t > 2.9) {
    const burst = t - 2.9, r = rng(4);
    for (let i = 0; i < 16; i++) {
      const a = r() * TAU, v = 160 + r() * 220;
      coin(ctx, W / 2 + Math.cos(a) * v * burst, 315 + Math.sin(a) * v * burst + 260 * burst * burst, 10 + r() * 10, burst * 9 + i);
    }
    text(ctx, 'JACKPOT!', W / 2, 500, 52, { scale: back((t - 2.9) / 0.5) * (1 + 0.04 * Math.sin(t * 12)), fill: 'gold' });
    text(ctx, '5% weekly slot rebate', W / 2, 560, 22, { alpha: ease((t - 3.5) / 0.5), weight: 700 });
  }
  sparkles(ctx, t, 13);
  brandBar(ctx, ease((t - 0.5) / 0.5));
}

/**
 * 4: a gift box opens: Digit Bet, every roll checked. (Until issue 25 it promised a daily 10%
 * cashback the product never paid: demo content promises only what the product does.)
 */
function sceneBonus(ctx, t) {
  background(ctx, t, '#052e1c', '#059669', '#fde047');
  const open = ease((t - 1.3) / 0.6);
  if (open > 0) rays(ctx, W / 2, 330, t, 14, 0.09 * open);
  bokeh(ctx, t, 31, '#fef9c3');
  text(ctx, 'DIGIT BET', W / 2, 100, 50, { scale: back((t - 0.1) / 0.6), fill: 'gold', spacing: 3 });
  // Gift box with a lid that pops.
  const bounce = t < 1.3 ? Math.abs(Math.sin(t * 9)) * 8 * (1 - t / 1.3) : 0;
  const bx = W / 2, by = 350 - bounce;
  ctx.save();
  ctx.fillStyle = '#dc2626'; ctx.beginPath(); ctx.roundRect(bx - 80, by - 60, 160, 120, 10); ctx.fill();
  ctx.fillStyle = gold(ctx, by - 60, by + 60); ctx.fillRect(bx - 14, by - 60, 28, 120);
  ctx.translate(bx, by - 66 - open * 120); ctx.rotate(-0.45 * open);
  ctx.fillStyle = '#ef4444'; ctx.beginPath(); ctx.roundRect(-92, -22, 184, 34, 8); ctx.fill();
  ctx.fillStyle = gold(ctx, -22, 12); ctx.fillRect(-14, -22, 28, 34);
  ctx.beginPath(); ctx.ellipse(-26, -34, 26, 14, -0.5, 0, TAU); ctx.ellipse(26, -34, 26, 14, 0.5, 0, TAU); ctx.fill();
  ctx.restore();
  if (t > 1.4) {
    const r = rng(8), b = t - 1.4;
    for (let i = 0; i < 26; i++) {
      const a = -Math.PI / 2 + (r() - 0.5) * 2.2, v = 180 + r() * 240;
      const x = bx + Math.cos(a) * v * b, y = by - 60 + Math.sin(a) * v * b + 300 * b * b;
      if (i % 3 === 0) coin(ctx, x, y, 12 + r() * 8, b * 8 + i);
      else { ctx.save(); ctx.translate(x, y); ctx.rotate(b * 6 + i); ctx.fillStyle = ['#fde047', '#f472b6', '#60a5fa', '#fff'][i % 4]; ctx.fillRect(-5, -3, 10, 6); ctx.restore(); }
    }
  }
  text(ctx, 'CHECK EVERY ROLL', W / 2, 466, 30, { scale: back((t - 1.6) / 0.6), fill: '#fff' });
  text(ctx, 'see how each roll was made', W / 2, 512, 19, { alpha: ease((t - 2.4) / 0.5), weight: 700 });
  if (t > 3) pill(ctx, 'PLAY NOW', 572, t, '#fef9c3', '#facc15');
  sparkles(ctx, t, 17);
  brandBar(ctx, ease((t - 0.5) / 0.5) * (t > 3 ? 0 : 1));
}

const SCENES = [sceneWelcome, scene2D, sceneSlots, sceneBonus];

function toBase64(buffer) {
  const bytes = new Uint8Array(buffer); let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

window.recordPromo = async (n, mime, bitrate, seconds, fps, posterAt) => {
  const canvas = document.createElement('canvas'); canvas.width = W; canvas.height = H; document.body.append(canvas);
  const ctx = canvas.getContext('2d');
  const scene = SCENES[n - 1];
  const frame = (t) => { scene(ctx, t); fade(ctx, t, seconds); };
  frame(0);
  const stream = canvas.captureStream(fps);
  const recorder = new MediaRecorder(stream, { mimeType: mime, videoBitsPerSecond: bitrate });
  const chunks = [];
  recorder.ondataavailable = (e) => { if (e.data.size) chunks.push(e.data); };
  const stopped = new Promise((resolve) => { recorder.onstop = resolve; });
  recorder.start(1000);
  const t0 = performance.now();
  let poster = null, frames = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const t = (performance.now() - t0) / 1000;
      if (t >= seconds) return resolve();
      frame(t); frames++;
      if (!poster && t >= posterAt) { frame(posterAt); poster = canvas.toDataURL('image/jpeg', 0.82).split(',')[1]; }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  recorder.stop(); await stopped;
  stream.getTracks().forEach((tr) => tr.stop()); canvas.remove();
  const blob = new Blob(chunks, { type: mime });
  return { video: toBase64(await blob.arrayBuffer()), poster, frames };
};

/** Loads a file into a <video>: duration, a seek to the middle, and half a second of muted play. */
window.checkVideo = async (base64, type) => {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const video = document.createElement('video'); video.muted = true; video.playsInline = true; video.preload = 'auto';
  document.body.append(video);
  const once = (name) => new Promise((resolve, reject) => {
    video.addEventListener(name, resolve, { once: true });
    video.addEventListener('error', () => reject(new Error('media error ' + (video.error && video.error.code))), { once: true });
  });
  video.src = url; await once('loadedmetadata');
  const duration = video.duration, width = video.videoWidth, height = video.videoHeight;
  video.currentTime = duration / 2; await once('seeked');
  const seekedTo = video.currentTime;
  await video.play(); await new Promise((r) => setTimeout(r, 600));
  const played = video.currentTime - seekedTo; video.pause();
  video.remove(); URL.revokeObjectURL(url);
  return { duration, width, height, seekedTo, played };
};
`;

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 400, height: 700 } });
    page.on('pageerror', (err) => console.error('[page]', err.message));
    await page.setContent('<!doctype html><html><body style="margin:0;background:#000"></body></html>');
    await page.addScriptTag({ content: PAGE_SCRIPT });
    if (!(await page.evaluate((m) => MediaRecorder.isTypeSupported(m), MIME))) throw new Error(`this Chromium cannot record ${MIME}`);

    const written: { file: string; base64: string }[] = [];
    const only = process.argv.slice(2).map(Number).filter((n) => n >= 1 && n <= 4);
    for (let n = 1; n <= 4; n++) {
      if (only.length && !only.includes(n)) continue;
      const out = await record(page, n);
      const video = Buffer.from(out.video, 'base64');
      if (video.length > MAX_BYTES) throw new Error(`promo-${n}.mp4 is ${video.length} bytes (> ${MAX_BYTES})`);
      writeFileSync(`${OUT}promo-${n}.mp4`, video);
      writeFileSync(`${OUT}promo-${n}.jpg`, Buffer.from(out.poster, 'base64'));
      written.push({ file: `promo-${n}.mp4`, base64: out.video });
      console.log(`promo-${n}.mp4  ${(video.length / 1024).toFixed(1)} kB, ${out.frames} frames drawn; poster ${(Buffer.from(out.poster, 'base64').length / 1024).toFixed(1)} kB`);
    }

    let ok = true;
    for (const w of written) {
      const c = await page.evaluate(([b64, type]) => (window as any).checkVideo(b64, type), [w.base64, 'video/mp4'] as const);
      const good = Number.isFinite(c.duration) && c.duration > 3 && c.width === 360 && c.height === 640 && c.played > 0.2;
      ok &&= good;
      console.log(
        `${w.file}: duration ${c.duration.toFixed(2)} s, ${c.width}×${c.height}, seeked to ${c.seekedTo.toFixed(2)} s, played ${c.played.toFixed(2)} s  ${good ? 'OK' : 'FAILED'}`,
      );
    }
    if (!ok) throw new Error('a video did not load, seek or play');
  } finally {
    await browser.close();
  }
}

async function record(page: Page, n: number): Promise<{ video: string; poster: string; frames: number }> {
  return page.evaluate(
    ([n, mime, bitrate, seconds, fps]) => (window as any).recordPromo(n, mime, bitrate, seconds, fps, 3.9),
    [n, MIME, BITRATE, SECONDS, FPS] as const,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
