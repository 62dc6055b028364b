import type { LocalisedText } from './schema';

/**
 * The demo promotions as seeded before decision 0032, word for word. They promised bonuses and
 * cashback paid by themselves, which the product does not do; seed-content.ts replaces a row with
 * today's words only while it still reads exactly like this (an operator's edit is never touched).
 */
export const PREVIOUS_DEMO_PROMOTIONS: readonly { id: number; title: LocalisedText; description: LocalisedText }[] = [
  {
    id: 1,
    title: {
      en: '100% First Deposit Bonus',
      mm: 'ပထမဆုံး ငွေဖြည့် ဘောနပ်စ် 100%',
      zh: '首存 100% 奖金',
      th: 'โบนัสฝากครั้งแรก 100%',
    },
    description: {
      en: 'Make your first deposit with KBZPay, WavePay, AYA Pay or CB Pay and we double it: a 100% bonus up to 100,000 Ks. The bonus is added once your deposit is approved; play it through 5 times before you withdraw.',
      mm: 'KBZPay၊ WavePay၊ AYA Pay သို့မဟုတ် CB Pay ဖြင့် ပထမဆုံး ငွေဖြည့်ပါက ကျပ် ၁၀၀,၀၀၀ အထိ 100% ဘောနပ်စ် ထပ်ဆောင်း ရယူနိုင်ပါသည်။ ငွေဖြည့်မှု အတည်ပြုပြီးနောက် ဘောနပ်စ်ကို ထည့်ပေးမည်ဖြစ်ပြီး ငွေမထုတ်မီ ၅ ဆ လောင်းကစားရပါမည်။',
      zh: '使用 KBZPay、WavePay、AYA Pay 或 CB Pay 完成首次存款，即可获得 100% 奖金，最高 100,000 缅币。存款审核通过后发放奖金，提款前需完成 5 倍流水。',
      th: 'ฝากเงินครั้งแรกผ่าน KBZPay, WavePay, AYA Pay หรือ CB Pay รับโบนัส 100% สูงสุด 100,000 จ๊าด โบนัสจะเข้าบัญชีเมื่อการฝากได้รับการอนุมัติ และต้องทำยอดเล่น 5 เท่าก่อนถอน',
    },
  },
  {
    id: 2,
    title: {
      en: '2D Cashback 5%',
      mm: '2D ငွေပြန်အမ်း 5%',
      zh: '2D 返水 5%',
      th: 'คืนยอด 2D 5%',
    },
    description: {
      en: 'Every 2D bet earns 5% back, win or lose. Cashback for the 12:01 PM and 4:30 PM draws is paid into your main wallet the next morning.',
      mm: '2D လောင်းကြေးတိုင်းအတွက် နိုင်သည်ဖြစ်စေ ရှုံးသည်ဖြစ်စေ 5% ပြန်လည် ရရှိပါမည်။ နေ့လယ် 12:01 နှင့် ညနေ 4:30 ထီပေါက်စဉ်များ၏ ငွေပြန်အမ်းကို နောက်တစ်နေ့ နံနက်တွင် ပင်မပိုက်ဆံအိတ်ထဲသို့ ထည့်ပေးပါမည်။',
      zh: '每一注 2D 投注，无论输赢均返还 5%。12:01 和 16:30 两期开奖的返水将于次日上午存入您的主钱包。',
      th: 'ทุกการแทง 2D รับคืน 5% ไม่ว่าจะได้หรือเสีย ยอดคืนของงวด 12:01 น. และ 16:30 น. จะโอนเข้ากระเป๋าหลักในเช้าวันถัดไป',
    },
  },
  {
    id: 3,
    title: {
      en: 'Weekly Slot Rebate 5%',
      mm: 'အပတ်စဉ် စလော့ ပြန်အမ်းငွေ 5%',
      zh: '每周老虎机返利 5%',
      th: 'คืนยอดเสียสล็อตรายสัปดาห์ 5%',
    },
    description: {
      en: "Spin slots from JILI, Pragmatic Play, PG Soft and more. Every Monday we pay 5% of last week's slot losses back into your wallet, up to 500,000 Ks.",
      mm: 'JILI၊ Pragmatic Play၊ PG Soft စသည့် စလော့ဂိမ်းများကို ကစားပါ။ ပြီးခဲ့သည့်အပတ် စလော့ ရှုံးငွေ၏ 5% ကို ကျပ် ၅၀၀,၀၀၀ အထိ တနင်္လာနေ့တိုင်း သင့်ပိုက်ဆံအိတ်ထဲသို့ ပြန်ထည့်ပေးပါသည်။',
      zh: '畅玩 JILI、Pragmatic Play、PG Soft 等老虎机：每周一我们将上周老虎机净输额的 5% 返还至您的钱包，最高 500,000 缅币。',
      th: 'เล่นสล็อตจาก JILI, Pragmatic Play, PG Soft และอื่นๆ ทุกวันจันทร์เราคืน 5% ของยอดเสียสล็อตสัปดาห์ที่แล้วเข้ากระเป๋าของคุณ สูงสุด 500,000 จ๊าด',
    },
  },
  {
    id: 4,
    title: {
      en: 'Refer a Friend: 10,000 Ks',
      mm: 'သူငယ်ချင်းကို ဖိတ်ခေါ်ပြီး ကျပ် ၁၀,၀၀၀ ရယူပါ',
      zh: '推荐好友得 10,000 缅币',
      th: 'ชวนเพื่อนรับ 10,000 จ๊าด',
    },
    description: {
      en: 'Share your referral code. When a friend registers with it and makes a first deposit of 20,000 Ks or more, you receive 10,000 Ks — for every friend, no limit.',
      mm: 'သင်၏ ရည်ညွှန်းကုဒ်ကို မျှဝေပါ။ သူငယ်ချင်းတစ်ဦးက ထိုကုဒ်ဖြင့် စာရင်းသွင်းပြီး ကျပ် ၂၀,၀၀၀ နှင့်အထက် ပထမဆုံး ငွေဖြည့်ပါက သင် ကျပ် ၁၀,၀၀၀ ရရှိပါမည်။ သူငယ်ချင်း အရေအတွက် ကန့်သတ်ချက် မရှိပါ။',
      zh: '分享您的推荐码。好友使用该推荐码注册并首次存款 20,000 缅币或以上，您即可获得 10,000 缅币，推荐人数不限。',
      th: 'แชร์รหัสแนะนำของคุณ เมื่อเพื่อนสมัครด้วยรหัสนี้และฝากเงินครั้งแรก 20,000 จ๊าดขึ้นไป คุณจะได้รับ 10,000 จ๊าด ชวนได้ไม่จำกัดจำนวน',
    },
  },
];

/**
 * Promotion 1 as seeded with decision 0032, before balance adjustments (issue 26): replaced by
 * words that say how the bonus is paid (an operator's bonus adjustment, "Bonus" in the player's
 * transactions), on the same terms as the rows above.
 */
export const PROMOTIONS_BEFORE_ADJUSTMENTS: readonly { id: number; title: LocalisedText; description: LocalisedText }[] = [
  {
    id: 1,
    title: {
      en: '100% First Deposit Bonus',
      mm: 'ပထမဆုံး ငွေသွင်း ဘောနပ်စ် 100%',
      zh: '首存 100% 奖金',
      th: 'โบนัสฝากครั้งแรก 100%',
    },
    description: {
      en: 'Make your first deposit with KBZPay, WavePay, AYA Pay or CB Pay and we double it: a 100% bonus up to 100,000 Ks. The bonus is not added by itself: once your deposit is approved, press Claim Offer and message our support team, and they add it to your game balance. Play it through 5 times before you withdraw.',
      mm: 'KBZPay၊ WavePay၊ AYA Pay သို့မဟုတ် CB Pay ဖြင့် ပထမဆုံး ငွေသွင်းပါက ကျပ် ၁၀၀,၀၀၀ အထိ 100% ဘောနပ်စ် ရယူနိုင်ပါသည်။ ဘောနပ်စ်ကို အလိုအလျောက် မထည့်ပေးပါ။ ငွေသွင်းမှု အတည်ပြုပြီးနောက် "ရယူမည်" ကို နှိပ်ပြီး ဝန်ဆောင်မှုအဖွဲ့ထံ စာပို့ပါ၊ ဂိမ်းလက်ကျန်ငွေထဲသို့ ထည့်ပေးပါမည်။ ငွေမထုတ်မီ ၅ ဆ လောင်းကစားရပါမည်။',
      zh: '使用 KBZPay、WavePay、AYA Pay 或 CB Pay 完成首次存款，即可获得 100% 奖金，最高 100,000 缅币。奖金不会自动发放：存款审核通过后，请点击"领取优惠"并联系客服，客服会将奖金加入您的游戏余额。提款前需完成 5 倍流水。',
      th: 'ฝากเงินครั้งแรกผ่าน KBZPay, WavePay, AYA Pay หรือ CB Pay รับโบนัส 100% สูงสุด 100,000 จ๊าด โบนัสไม่ได้เข้าบัญชีเอง: เมื่อการฝากได้รับการอนุมัติ กด "รับข้อเสนอ" แล้วส่งข้อความถึงทีมบริการ ทีมงานจะเพิ่มโบนัสเข้ายอดเงินในเกมของคุณ ต้องทำยอดเล่น 5 เท่าก่อนถอน',
    },
  },
];

/**
 * Home banner 2 as seeded before issue 25: a daily 10% cashback the product never paid. Its art
 * (/assets/art/banner/2.svg) now draws the new words; the title is replaced only while unchanged.
 */
export const PREVIOUS_DEMO_BANNERS: readonly { id: number; title: LocalisedText }[] = [
  {
    id: 2,
    title: { en: 'Daily Cashback 10%', mm: 'နေ့စဉ် ငွေပြန်အမ်း 10%', zh: '每日返水 10%', th: 'คืนยอดเสียรายวัน 10%' },
  },
];

/**
 * Video ad 4 as seeded before issue 25: "10% daily cashback", its video and poster drawing the
 * same promise (by their sha256, as stored in table media). Replaced only while all three are so.
 */
export const PREVIOUS_DEMO_VIDEOS: readonly { id: number; title: LocalisedText; videoSha256: string; posterSha256: string }[] = [
  {
    id: 4,
    title: { en: '10% daily cashback', mm: 'နေ့စဉ် ငွေပြန်အမ်း 10%', zh: '每日返水 10%', th: 'คืนยอดเสียรายวัน 10%' },
    videoSha256: 'db7f5a29a266f7dd2e54a106c777fd3d295af61b7419c5bf4cdd3f51a6886085',
    posterSha256: '16b52926ca627c9be991660dd845ea27856c9811135688f0760f4e0e5b9500bb',
  },
];
