import { backBar, escapeHtml, expiredPage, gamePageStart } from '../../lib/game-page';

/**
 * The demo Shan provider's table page: one self-contained document (inline CSS and JS under a
 * CSP nonce, no external resources), dark, laid out for a 390 px phone and wider. It holds only
 * the opaque session token; the balance comes from the provider, which asks the operator.
 * Stable hooks for browser tests: #balance, [data-stake], #deal, #draw, #stand, #result
 * (data-result win|lose|push), #player-cards, #banker-cards, #player-points, #banker-points.
 */

const STYLE = `
*{box-sizing:border-box}
html,body{margin:0;min-height:100%;background:#0b1020;color:#e8ecf4;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;-webkit-text-size-adjust:100%}
body{display:flex;justify-content:center;background:radial-gradient(120% 60% at 50% 0%,#1a2342 0%,#0b1020 70%)}
main{width:100%;max-width:480px;padding:12px 16px calc(24px + env(safe-area-inset-bottom));display:flex;flex-direction:column;gap:14px}
.top{display:flex;align-items:center;justify-content:space-between;gap:8px}
.back{color:#ffd166;text-decoration:none;font-weight:600;padding:10px;margin-left:-10px;border-radius:10px;min-height:44px;display:inline-flex;align-items:center}
.back:focus-visible,.back:hover{background:#ffffff12}
.tag{font-size:11px;letter-spacing:.08em;text-transform:uppercase;color:#9aa4bf;border:1px solid #2c3556;border-radius:999px;padding:3px 9px}
h1{margin:0;font-size:22px;line-height:1.2}
.balance{display:flex;align-items:center;justify-content:space-between;background:#141a2e;border:1px solid #252e4d;border-radius:14px;padding:12px 14px}
.balance span{color:#9aa4bf;font-size:13px}
.balance strong{font-size:20px;font-variant-numeric:tabular-nums;color:#ffd166}
.felt{position:relative;background:radial-gradient(130% 90% at 50% 50%,#17603f 0%,#0e4530 60%,#0a3323 100%);border:3px solid #6b4a1f;border-radius:26px;padding:14px 12px;box-shadow:0 10px 30px #0009,inset 0 0 0 2px #ffd16633,inset 0 8px 24px #0006;display:flex;flex-direction:column;gap:10px}
.seat{display:flex;flex-direction:column;align-items:center;gap:6px}
.who{display:flex;align-items:center;gap:8px;font-size:12px;letter-spacing:.08em;text-transform:uppercase;color:#cfe9dc}
.pts{min-width:28px;padding:1px 8px;border-radius:999px;background:#0008;color:#fff;font-weight:700;font-variant-numeric:tabular-nums;text-align:center;letter-spacing:0}
.pts.shan{background:#ffd166;color:#2a1602}
.hand{display:flex;justify-content:center;gap:8px;min-height:92px}
.card{width:62px;height:88px;border-radius:9px;background:linear-gradient(180deg,#fff,#eef0f6);color:#1b2233;box-shadow:0 3px 8px #0007;display:flex;flex-direction:column;justify-content:space-between;padding:5px 6px;font-weight:800;animation:deal .22s ease-out both}
.card .r{font-size:19px;line-height:1}
.card .s{font-size:24px;line-height:1;align-self:flex-end}
.card.red{color:#d62839}
.card.back{background:repeating-linear-gradient(45deg,#23306b 0 6px,#1b2555 6px 12px);border:3px solid #f6f7fb;padding:0}
.slot{width:62px;height:88px;border-radius:9px;border:2px dashed #ffffff2e}
@keyframes deal{from{transform:translateY(-14px) scale(.96);opacity:0}to{transform:none;opacity:1}}
.result{min-height:48px;margin:2px 0;text-align:center;font-weight:800;font-size:18px;display:flex;align-items:center;justify-content:center;border-radius:12px;padding:4px 10px;color:#e8ecf4}
.result.win{color:#2a1602;background:#ffd166}
.result.lose{color:#ffd7da;background:#d6283955}
.result.push{color:#e8ecf4;background:#ffffff22}
.result.error{color:#ffb3b8;font-size:15px;font-weight:700}
.label{color:#9aa4bf;font-size:12px;letter-spacing:.08em;text-transform:uppercase;margin:0 0 8px}
.stakes{display:grid;grid-template-columns:repeat(4,1fr);gap:8px}
.stakes button{min-height:44px;border-radius:12px;border:1px solid #2c3556;background:#141a2e;color:#e8ecf4;font:inherit;font-weight:700;cursor:pointer;font-variant-numeric:tabular-nums}
.stakes button[aria-pressed="true"]{background:#ffd16622;border-color:#ffd166;color:#ffd166}
.actions{display:grid;grid-template-columns:1fr 1fr;gap:10px;margin-top:12px}
.btn{min-height:52px;border-radius:14px;border:0;font:inherit;font-size:17px;font-weight:800;letter-spacing:.03em;cursor:pointer}
.deal{grid-column:1/-1;background:linear-gradient(180deg,#ffd166,#f4a261);color:#2a1602;box-shadow:0 5px 0 #b5651d,0 10px 20px #0006}
.deal:active{transform:translateY(3px);box-shadow:0 2px 0 #b5651d}
.draw{background:#4cc9f0;color:#04202b}
.stand{background:#e8ecf4;color:#141a2e}
[hidden]{display:none!important}
button:disabled{opacity:.5;cursor:not-allowed}
button:focus-visible,a:focus-visible,summary:focus-visible{outline:3px solid #4cc9f0;outline-offset:2px}
details{background:#141a2e;border:1px solid #252e4d;border-radius:14px;padding:10px 14px}
summary{cursor:pointer;font-weight:700;min-height:32px;display:flex;align-items:center}
details ul{margin:6px 0 2px;padding-left:18px;color:#c9d1e6;font-size:13px;display:grid;gap:4px}
.fine{color:#6c7695;font-size:12px;text-align:center;margin:0}
@media (prefers-reduced-motion:reduce){.card{animation:none}}
`;

const SCRIPT = `
(function () {
  var root = document.getElementById('app');
  var session = root.getAttribute('data-session');
  var $ = function (id) { return document.getElementById(id); };
  var bal = $('balance'), result = $('result'), dealBtn = $('deal'), drawBtn = $('draw'), standBtn = $('stand');
  var pCards = $('player-cards'), bCards = $('banker-cards'), pPts = $('player-points'), bPts = $('banker-points');
  var stakeBtns = Array.prototype.slice.call(document.querySelectorAll('[data-stake]'));
  var stake = 100, round = null, busy = false, dead = false;
  var SUIT = { S: '\\u2660', H: '\\u2665', D: '\\u2666', C: '\\u2663' };

  function money(s) { return Number(s).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) + ' Ks'; }
  function whole(s) { return Number(s).toLocaleString('en-US', { maximumFractionDigits: 2 }) + ' Ks'; }
  function setBalance(s) { if (typeof s === 'string') bal.textContent = money(s); }
  function say(text, kind, res) {
    result.textContent = text;
    result.className = 'result' + (kind ? ' ' + kind : '');
    if (res) result.setAttribute('data-result', res); else result.removeAttribute('data-result');
  }
  function cardEl(code) {
    var el = document.createElement('div');
    if (!code) { el.className = 'card back'; el.setAttribute('aria-label', 'face-down card'); return el; }
    var rank = code.slice(0, -1), suit = code.slice(-1);
    el.className = 'card' + (suit === 'H' || suit === 'D' ? ' red' : '');
    el.setAttribute('data-card', code);
    el.setAttribute('aria-label', rank + ' ' + { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' }[suit]);
    var r = document.createElement('span'); r.className = 'r'; r.textContent = rank;
    var s = document.createElement('span'); s.className = 's'; s.textContent = SUIT[suit];
    el.appendChild(r); el.appendChild(s);
    return el;
  }
  function renderHand(box, pts, hand) {
    var shown = Array.prototype.map.call(box.children, function (c) { return c.getAttribute('data-card') || (c.classList.contains('back') ? '?' : ''); });
    var want = hand.cards.map(function (c) { return c || '?'; });
    if (shown.join() !== want.join()) {
      // Keep the cards already on the table (no re-deal animation); replace from the first change.
      var i = 0;
      while (i < shown.length && i < want.length && shown[i] === want[i]) i++;
      while (box.children.length > i) box.removeChild(box.lastChild);
      for (; i < hand.cards.length; i++) box.appendChild(cardEl(hand.cards[i]));
      if (!hand.cards.length) { box.appendChild(slot()); box.appendChild(slot()); }
    }
    pts.textContent = hand.points === null ? '–' : String(hand.points);
    pts.className = 'pts' + (hand.shan ? ' shan' : '');
  }
  function slot() { var d = document.createElement('div'); d.className = 'slot'; return d; }
  function controls() {
    var turn = !!round && round.status === 'player_turn';
    dealBtn.hidden = turn; drawBtn.hidden = !turn; standBtn.hidden = !turn;
    dealBtn.disabled = busy || dead;
    drawBtn.disabled = standBtn.disabled = busy || dead || !turn;
    stakeBtns.forEach(function (b) { b.disabled = busy || dead || turn; });
  }
  function render(r, message) {
    round = r;
    renderHand(pCards, pPts, r.player);
    renderHand(bCards, bPts, r.banker);
    if (r.result) {
      var shan = r.player.shan && r.result === 'win';
      var gain = Number(r.payout) - Number(r.stake);
      if (r.result === 'win') say((shan ? 'Shan! ' : '') + 'You Win +' + whole(String(gain)), 'win', 'win');
      else if (r.result === 'lose') say((r.banker.shan ? 'Banker Shan. ' : '') + 'You Lose \\u2212' + whole(r.stake), 'lose', 'lose');
      else say('Push \\u2014 stake returned', 'push', 'push');
      if (message) result.textContent += ' \\u00b7 ' + message;
    } else if (r.status === 'player_turn') {
      say('You have ' + r.player.points + '. Draw or stand?', '');
    } else if (r.status === 'betting') {
      say('Placing your bet\\u2026', '');
    }
    controls();
  }
  function request(method, path, body) {
    var opts = { method: method, headers: { accept: 'application/json' } };
    if (body) { opts.headers['content-type'] = 'application/json'; opts.body = JSON.stringify(body); }
    return fetch(path, opts)
      .then(function (res) { return res.json().catch(function () { return { ok: false }; }).then(function (d) { d.status = res.status; return d; }); })
      .catch(function () { return { ok: false, status: 0, message: 'Network error. Please try again.' }; });
  }
  function handle(d) {
    if (d.status === 403) dead = true;
    if (typeof d.balance === 'string') setBalance(d.balance);
    if (d.round) render(d.round, d.ok ? d.message : null);
    if (!d.ok) say(d.message || 'Something went wrong. Please try again.', 'error');
    busy = false;
    controls();
  }
  function act(path, body) {
    if (busy || dead) return;
    busy = true; controls();
    request('POST', path, body).then(handle);
  }

  stakeBtns.forEach(function (b) {
    b.addEventListener('click', function () {
      if (busy) return;
      stake = Number(b.getAttribute('data-stake'));
      stakeBtns.forEach(function (x) { x.setAttribute('aria-pressed', String(x === b)); });
      dealBtn.textContent = 'Deal \\u00b7 ' + stake.toLocaleString('en-US') + ' Ks';
    });
  });
  dealBtn.addEventListener('click', function () {
    if (busy || dead) return;
    round = null;
    [pCards, bCards].forEach(function (box) { box.textContent = ''; box.appendChild(slot()); box.appendChild(slot()); });
    say('Dealing\\u2026', '');
    act('api/round/deal', { session: session, stake: stake });
  });
  drawBtn.addEventListener('click', function () { if (round) act('api/round/' + encodeURIComponent(round.id) + '/draw', { session: session }); });
  standBtn.addEventListener('click', function () { if (round) act('api/round/' + encodeURIComponent(round.id) + '/stand', { session: session }); });

  busy = true; controls();
  request('GET', 'api/balance?session=' + encodeURIComponent(session)).then(function (d) {
    handle(d);
    if (d.ok && !d.round) say('Pick a stake and press Deal', '');
  });
})();
`;

/** The rules, folded under the table. */
const HOW_TO_PLAY = `<details>
    <summary>How to play</summary>
    <ul>
      <li>A = 1, 2–9 face value, 10/J/Q/K = 0; a hand scores the last digit of its sum.</li>
      <li>8 or 9 on two cards is <b>Shan</b> and settles at once (the banker's too).</li>
      <li>Otherwise draw one card or stand; the banker draws on 4 or less.</li>
      <li>Higher score wins; on a tie fewer cards win, then the higher card (K high, A low); else a push.</li>
      <li>A win pays 1:1, a Shan win 2×; a push returns your stake.</li>
    </ul>
  </details>`;

export function tablePage(opts: { session: string; nonce: string; stakes: readonly number[] }): string {
  const stakes = opts.stakes
    .map((s, i) => `<button type="button" data-stake="${s}" data-testid="stake-${s}" aria-pressed="${i === 0}">${s.toLocaleString('en-US')}</button>`)
    .join('');
  return `${gamePageStart({ title: 'Shan Koe Mee · KyatPlay demo table', nonce: opts.nonce, style: STYLE })}
<main id="app" data-session="${escapeHtml(opts.session)}">
  ${backBar('Demo table')}
  <h1>Shan Koe Mee</h1>
  <div class="balance"><span>Game balance</span><strong id="balance" data-testid="balance" aria-live="polite">…</strong></div>
  <section class="felt" aria-label="Table">
    <div class="seat"><div class="who">Banker <span id="banker-points" class="pts">–</span></div>
      <div id="banker-cards" data-testid="banker-cards" class="hand" aria-label="Banker's cards"><div class="slot"></div><div class="slot"></div></div></div>
    <p id="result" data-testid="result" class="result" role="status" aria-live="polite">Loading…</p>
    <div class="seat"><div id="player-cards" data-testid="player-cards" class="hand" aria-label="Your cards"><div class="slot"></div><div class="slot"></div></div>
      <div class="who">You <span id="player-points" class="pts">–</span></div></div>
  </section>
  <section>
    <p class="label" id="stake-label">Stake (Ks)</p>
    <div class="stakes" role="group" aria-labelledby="stake-label">${stakes}</div>
    <div class="actions">
      <button id="deal" data-testid="deal" class="btn deal" type="button" disabled>Deal · ${opts.stakes[0]!.toLocaleString('en-US')} Ks</button>
      <button id="draw" data-testid="draw" class="btn draw" type="button" hidden disabled>Draw</button>
      <button id="stand" data-testid="stand" class="btn stand" type="button" hidden disabled>Stand</button>
    </div>
  </section>
  ${HOW_TO_PLAY}
  <p class="fine">Demo provider · cards shuffled on the server · settled through your KyatPlay game balance</p>
</main>
<script nonce="${opts.nonce}">${SCRIPT}</script>
</body>
</html>`;
}

export function errorPage(message: string, nonce: string): string {
  return expiredPage({ message, nonce, style: STYLE, tag: 'Demo table', frameClass: 'felt', messageClass: 'result' });
}
