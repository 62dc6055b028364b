import { backBar, escapeHtml, expiredPage, gamePageStart } from '../../lib/game-page';
import { GAME_FRAME_MESSAGES } from '../../routes/game-frame';

/**
 * The demo slot's page: one self-contained document (inline CSS and JS under a CSP nonce, inline
 * SVG symbols, no external resources), dark, laid out for a 390 px phone and wider. The launch
 * token is the only secret it holds; the balance comes from the aggregator's getbalance call.
 */

const SYMBOL_SVGS: Record<string, string> = {
  SEVEN:
    '<svg viewBox="0 0 64 64" aria-hidden="true"><path d="M14 10h36v8L32 56H21l17-36H14z" fill="#e63946" stroke="#ffd166" stroke-width="3" stroke-linejoin="round"/></svg>',
  DIAMOND:
    '<svg viewBox="0 0 64 64" aria-hidden="true"><path d="M17 12h30l11 14-26 30L6 26z" fill="#4cc9f0" stroke="#caf0f8" stroke-width="2" stroke-linejoin="round"/><path d="M6 26h52M17 12l8 14 7-14 7 14 8-14M25 26l7 30 7-30" fill="none" stroke="#caf0f8" stroke-width="1.6" stroke-linejoin="round"/></svg>',
  BELL:
    '<svg viewBox="0 0 64 64" aria-hidden="true"><circle cx="32" cy="9" r="4" fill="#f4a261"/><path d="M32 12c-10 0-16 8-16 19v9l-6 8h44l-6-8v-9c0-11-6-19-16-19z" fill="#ffd166" stroke="#f4a261" stroke-width="2" stroke-linejoin="round"/><circle cx="32" cy="52" r="5" fill="#f4a261"/><path d="M23 24c2-4 5-6 9-6" stroke="#fff3c4" stroke-width="3" fill="none" stroke-linecap="round"/></svg>',
  CHERRY:
    '<svg viewBox="0 0 64 64" aria-hidden="true"><path d="M21 38C25 24 33 14 45 9M43 38c-1-10 0-20 2-29" stroke="#52b788" stroke-width="3" fill="none" stroke-linecap="round"/><path d="M45 9c6 0 11 3 13 8-6 1-11-2-13-8z" fill="#52b788"/><circle cx="20" cy="44" r="11" fill="#e63946"/><circle cx="43" cy="44" r="11" fill="#d62839"/><circle cx="16" cy="40" r="3" fill="#ffb3c1"/><circle cx="39" cy="40" r="3" fill="#ffb3c1"/></svg>',
  LEMON:
    '<svg viewBox="0 0 64 64" aria-hidden="true"><g transform="rotate(-25 32 34)"><ellipse cx="32" cy="34" rx="23" ry="16" fill="#ffe066" stroke="#f4c430" stroke-width="2"/><ellipse cx="8" cy="34" rx="4" ry="3" fill="#f4c430"/><ellipse cx="56" cy="34" rx="4" ry="3" fill="#f4c430"/><path d="M20 27c5-4 12-5 18-3" stroke="#fff7c2" stroke-width="3" fill="none" stroke-linecap="round"/></g></svg>',
  PLUM:
    '<svg viewBox="0 0 64 64" aria-hidden="true"><path d="M32 17c2-6 7-9 13-9-1 6-6 9-13 9z" fill="#52b788"/><circle cx="32" cy="38" r="20" fill="#7b2cbf" stroke="#9d4edd" stroke-width="2"/><path d="M32 20c-3 8-3 28 0 36" stroke="#5a189a" stroke-width="2" fill="none"/><circle cx="23" cy="31" r="4" fill="#c77dff"/></svg>',
};

const STYLE = `
*{box-sizing:border-box}
html,body{margin:0;min-height:100%;background:#0b0f1a;color:#e8ecf4;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;-webkit-text-size-adjust:100%}
body{display:flex;justify-content:center;background:radial-gradient(120% 60% at 50% 0%,#1d2440 0%,#0b0f1a 70%)}
main{width:100%;max-width:480px;padding:12px 16px 24px;display:flex;flex-direction:column;gap:14px}
.top{display:flex;align-items:center;justify-content:space-between;gap:8px}
.back{color:#ffd166;text-decoration:none;font-weight:600;padding:8px 10px;margin-left:-10px;border-radius:10px}
.back:focus-visible,.back:hover{background:#ffffff12}
.tag{font-size:11px;letter-spacing:.08em;text-transform:uppercase;color:#9aa4bf;border:1px solid #2c3556;border-radius:999px;padding:3px 9px}
h1{margin:2px 0 0;font-size:22px;line-height:1.2;letter-spacing:.01em}
.balance{display:flex;align-items:center;justify-content:space-between;background:#141a2e;border:1px solid #252e4d;border-radius:14px;padding:12px 14px}
.balance span{color:#9aa4bf;font-size:13px}
.balance strong{font-size:20px;font-variant-numeric:tabular-nums}
.cabinet{background:linear-gradient(180deg,#2a1b3d,#1a1230);border:2px solid #ffd16666;border-radius:20px;padding:16px 14px 14px;box-shadow:0 10px 30px #0008,inset 0 1px 0 #ffffff14}
.reels{display:grid;grid-template-columns:repeat(3,1fr);gap:10px}
.reel{aspect-ratio:1/1.15;background:linear-gradient(180deg,#f6f7fb,#d9dcea);border-radius:14px;display:flex;align-items:center;justify-content:center;box-shadow:inset 0 6px 10px #0003,inset 0 -6px 10px #0002;overflow:hidden;transition:box-shadow .2s}
.reel svg{width:74%;height:74%;transition:transform .12s}
.reel.rolling svg{filter:blur(1.5px);transform:translateY(6px)}
.reel.win{box-shadow:0 0 0 3px #ffd166,0 0 22px #ffd166aa}
.message{min-height:44px;margin:12px 0 0;text-align:center;font-weight:600;font-size:16px;display:flex;align-items:center;justify-content:center}
.message.win{color:#ffd166}
.message.lose{color:#9aa4bf}
.message.error{color:#ff6b6b}
.label{color:#9aa4bf;font-size:12px;letter-spacing:.08em;text-transform:uppercase;margin:0 0 8px}
.bets{display:grid;grid-template-columns:repeat(4,1fr);gap:8px}
.bets button{min-height:44px;border-radius:12px;border:1px solid #2c3556;background:#141a2e;color:#e8ecf4;font:inherit;font-weight:600;cursor:pointer;font-variant-numeric:tabular-nums}
.bets button[aria-pressed="true"]{background:#ffd16622;border-color:#ffd166;color:#ffd166}
.spin{width:100%;min-height:56px;margin-top:12px;border:0;border-radius:16px;background:linear-gradient(180deg,#ffd166,#f4a261);color:#2a1602;font:inherit;font-size:19px;font-weight:800;letter-spacing:.04em;cursor:pointer;box-shadow:0 6px 0 #b5651d,0 10px 20px #0006}
.spin:active{transform:translateY(3px);box-shadow:0 3px 0 #b5651d,0 6px 12px #0006}
button:disabled{opacity:.55;cursor:not-allowed}
button:focus-visible{outline:3px solid #4cc9f0;outline-offset:2px}
.paytable{background:#141a2e;border:1px solid #252e4d;border-radius:14px;padding:12px 14px}
.paytable ul{list-style:none;margin:0;padding:0;display:grid;gap:6px}
.paytable li{display:flex;align-items:center;justify-content:space-between;gap:8px;font-size:13px;color:#c9d1e6}
.paytable .icons{display:flex;gap:2px;align-items:center}
.paytable .icons svg{width:20px;height:20px}
.paytable small{color:#9aa4bf;font-size:12px;margin-left:8px}
.paytable b{color:#ffd166;font-variant-numeric:tabular-nums}
.fine{color:#6c7695;font-size:12px;text-align:center;margin:0}
`;

const SCRIPT = `
(function () {
  var SYMS = __SYMS__;
  var NAMES = Object.keys(SYMS);
  var root = document.getElementById('app');
  var token = root.getAttribute('data-token');
  var reels = Array.prototype.slice.call(document.querySelectorAll('.reel'));
  var msg = document.getElementById('message');
  var bal = document.getElementById('balance');
  var spinBtn = document.getElementById('spin');
  var betBtns = Array.prototype.slice.call(document.querySelectorAll('.bets button'));
  var bet = 1000, busy = false, dead = false;

  function money(n) { return Number(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) + ' Ks'; }
  function show(el, name) { el.innerHTML = SYMS[name]; el.setAttribute('data-sym', name); el.setAttribute('aria-label', name.toLowerCase()); }
  function say(text, kind) { msg.textContent = text; msg.className = 'message' + (kind ? ' ' + kind : ''); }
  function setBalance(n) { if (typeof n === 'number') bal.textContent = money(n); }
  function label() { spinBtn.textContent = 'SPIN  ' + bet.toLocaleString('en-US') + ' Ks'; }
  function lock(on) { busy = on; spinBtn.disabled = on || dead; betBtns.forEach(function (b) { b.disabled = on || dead; }); }
  function post(path, body) {
    return fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (res) { return res.json().catch(function () { return { ok: false }; }).then(function (d) { d.status = res.status; return d; }); })
      .catch(function () { return { ok: false, status: 0, message: 'Network error. Please try again.' }; });
  }
  function expired(d) { if (d.status === 403) { dead = true; lock(false); } }

  // Shown in the site's own game frame (the Telegram Mini App), the way back is closing that frame:
  // the site itself cannot run in the frame's opaque origin.
  if (window.parent !== window) {
    document.querySelector('.back').addEventListener('click', function (e) {
      e.preventDefault();
      window.parent.postMessage({ type: __CLOSE__ }, '*');
    });
  }

  reels.forEach(function (r, i) { show(r, ['SEVEN', 'BELL', 'CHERRY'][i]); });
  betBtns.forEach(function (b) {
    b.addEventListener('click', function () {
      if (busy) return;
      bet = Number(b.getAttribute('data-bet'));
      betBtns.forEach(function (x) { x.setAttribute('aria-pressed', String(x === b)); });
      label();
    });
  });
  label();

  post('api/balance', { t: token }).then(function (d) {
    if (d.ok) setBalance(d.balance); else { say(d.message || 'Could not read your balance.', 'error'); expired(d); }
  });

  spinBtn.addEventListener('click', function () {
    if (busy || dead) return;
    lock(true);
    say('Good luck…', '');
    reels.forEach(function (r) { r.classList.remove('win'); r.classList.add('rolling'); });
    var timer = setInterval(function () {
      reels.forEach(function (r) { if (r.classList.contains('rolling')) show(r, NAMES[Math.floor(Math.random() * NAMES.length)]); });
    }, 70);
    var shown = reels.map(function (r) { return r.getAttribute('data-sym'); });
    var started = Date.now();
    post('api/spin', { t: token, bet: bet }).then(function (d) {
      var wait = Math.max(0, 650 - (Date.now() - started));
      setTimeout(function () {
        // A refused spin puts the reels back as they were: no outcome was drawn for the player.
        var final = d.ok ? d.reels : shown;
        reels.forEach(function (r, i) {
          setTimeout(function () {
            r.classList.remove('rolling');
            show(r, final[i]);
            if (i === reels.length - 1) {
              clearInterval(timer);
              if (d.ok) {
                if (d.win > 0) {
                  reels.forEach(function (x) { x.classList.add('win'); });
                  say('You won ' + money(d.win) + '  (×' + d.multiplier + ')', 'win');
                } else {
                  say('No win this time. Spin again!', 'lose');
                }
              } else {
                say(d.message || 'The spin failed. Please try again.', 'error');
                expired(d);
              }
              setBalance(d.balance);
              lock(false);
            }
          }, d.ok ? i * 180 : 0);
        });
      }, wait);
    });
  });
})();
`;

function paytableRow(symbols: string[], pays: string, note = ''): string {
  const icons = symbols.map((s) => SYMBOL_SVGS[s]).join('');
  return `<li><span class="icons">${icons}${note ? `<small>${note}</small>` : ''}</span><b>${pays}</b></li>`;
}

export function slotPage(opts: { token: string; gameName: string; nonce: string; bets: number[] }): string {
  const name = escapeHtml(opts.gameName);
  const bets = opts.bets
    .map((b) => `<button type="button" data-bet="${b}" aria-pressed="${b === 1000}">${b.toLocaleString('en-US')}</button>`)
    .join('');
  const script = SCRIPT.replace('__SYMS__', JSON.stringify(SYMBOL_SVGS).replace(/</g, '\\u003c')).replace('__CLOSE__', JSON.stringify(GAME_FRAME_MESSAGES.close));
  return `${gamePageStart({ title: `${opts.gameName} · KyatPlay demo slot`, nonce: opts.nonce, style: STYLE, themeColor: '#0b0f1a' })}
<main id="app" data-token="${escapeHtml(opts.token)}">
  ${backBar('Demo slot')}
  <h1>${name}</h1>
  <div class="balance"><span>Game balance</span><strong id="balance">…</strong></div>
  <section class="cabinet" aria-label="Reels">
    <div class="reels"><div class="reel" role="img"></div><div class="reel" role="img"></div><div class="reel" role="img"></div></div>
    <p id="message" class="message" aria-live="polite">Pick a bet and spin</p>
  </section>
  <section>
    <p class="label">Bet (Ks)</p>
    <div class="bets">${bets}</div>
    <button id="spin" class="spin" type="button">SPIN</button>
  </section>
  <section class="paytable" aria-label="Paytable">
    <p class="label">Pays</p>
    <ul>
      ${paytableRow(['SEVEN', 'SEVEN', 'SEVEN'], '×20')}
      ${paytableRow(['DIAMOND', 'DIAMOND', 'DIAMOND'], '×5')}
      ${paytableRow(['BELL', 'BELL', 'BELL'], '×5')}
      ${paytableRow(['CHERRY', 'LEMON', 'PLUM'], '×2', 'any three alike')}
      <li><span>Any two alike</span><b>×0.5</b></li>
    </ul>
  </section>
  <p class="fine">Demo aggregator · outcomes drawn on the server · return to player 95%</p>
</main>
<script nonce="${opts.nonce}">${script}</script>
</body>
</html>`;
}

export function errorPage(message: string, nonce: string): string {
  return expiredPage({ message, nonce, style: STYLE, tag: 'Demo slot', frameClass: 'cabinet', messageClass: 'message' });
}
