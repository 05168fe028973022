import type { LocalizedText } from "@hcoins/domain/languages";

/** A merchant page of the first start: `/pages/merchant/h-coins-partners` in the web app. */
export interface SeedPage {
  location: string;
  slug: string;
  title: LocalizedText;
  content: LocalizedText;
}

const partnersEn = `
<p>Show your member QR code at any of our partner brands and every purchase brings you closer to your next reward. Here is where you can earn H Coins and how to get the most from them.</p>

<h2>Our partner brands</h2>
<ul>
<li><strong>Harbour Fresh</strong> – neighbourhood supermarkets with fresh produce every morning.</li>
<li><strong>Pearl Convenience</strong> – snacks, drinks and daily essentials, most stores open 24 hours.</li>
<li><strong>Jade Wellness</strong> – health and beauty, with a registered pharmacist on duty.</li>
<li><strong>Golden Crust Bakery</strong> – bread, pastries and egg tarts baked in store.</li>
</ul>

<h2>How to earn</h2>
<ol>
<li>Log in and open <a href="/qrcode">My QR code</a>.</li>
<li>Show the code to the cashier before you pay. It refreshes every minute, so please do not use a screenshot.</li>
<li>Earn 1 H Coin for every HK$1 of net spending. Your H Coins appear in your account shortly after the purchase.</li>
</ol>

<h2>Earn double at partner properties</h2>
<p>Stores in our partner properties give you 1 extra H Coin for every HK$1 you pay electronically, by credit card, debit card or e-wallet. Look for "partner property" in the <a href="/store-list">store list</a>.</p>

<h2>Birthday and holiday rewards</h2>
<p>Add your birth month to your profile and earn extra H Coins throughout your birthday month. Watch for bonus days on selected holidays too.</p>

<h2>Redeem</h2>
<p>Use your H Coins for electronic gift vouchers and popular products in the H Coins app. See the <a href="/pages/general/terms-and-conditions">terms and conditions</a> for the details.</p>

<p><a href="/register">Not a member yet? Register now</a> – it takes a minute and is free.</p>
`;

const partnersTc = `
<p>於任何合作品牌出示會員 QR Code，每次消費都讓你離下一份獎賞更近。以下為你介紹可賺取 H Coins 的地方，以及善用 H Coins 的方法。</p>

<h2>合作品牌</h2>
<ul>
<li><strong>港灣鮮生</strong> – 社區超級市場，每朝新鮮蔬果直送。</li>
<li><strong>明珠便利店</strong> – 零食、飲品及日用品，大部分分店24小時營業。</li>
<li><strong>翠安健康</strong> – 健康及美容專門店，註冊藥劑師駐場。</li>
<li><strong>金酥餅店</strong> – 店內新鮮烘焗麪包、西餅及蛋撻。</li>
</ul>

<h2>如何賺取</h2>
<ol>
<li>登入並開啟<a href="/qrcode">我的會員 QR Code</a>。</li>
<li>付款前向收銀員出示 QR Code。QR Code 每分鐘更新，請勿使用截圖。</li>
<li>每淨消費 HK$1 賺取 1 H Coin，H Coins 會在消費後短時間內存入你的帳戶。</li>
</ol>

<h2>合作物業雙倍賺</h2>
<p>於合作物業內的分店以信用卡、扣賬卡或電子錢包付款，每 HK$1 可額外多賺 1 H Coin。請於<a href="/store-list">分店列表</a>留意「合作物業」標示。</p>

<h2>生日及節日獎賞</h2>
<p>在個人資料中登記出生月份，生日月份內消費即可賺取額外 H Coins。指定節日亦設有獎賞日，敬請留意。</p>

<h2>兌換</h2>
<p>於 H Coins 應用程式以 H Coins 兌換電子禮券及人氣貨品。詳情請參閱<a href="/pages/general/terms-and-conditions">條款及細則</a>。</p>

<p><a href="/register">尚未成為會員？立即登記</a>，免費而且只需一分鐘。</p>
`;

const partnersSc = `
<p>在任何合作品牌出示会员二维码，每次消费都让您离下一份奖赏更近。以下为您介绍可赚取 H Coins 的地方，以及善用 H Coins 的方法。</p>

<h2>合作品牌</h2>
<ul>
<li><strong>港湾鲜生</strong> – 社区超市，每天早上新鲜蔬果直送。</li>
<li><strong>明珠便利店</strong> – 零食、饮品及日用品，大部分门店24小时营业。</li>
<li><strong>翠安健康</strong> – 健康及美容专门店，注册药剂师驻场。</li>
<li><strong>金酥饼店</strong> – 店内新鲜烘焙面包、西饼及蛋挞。</li>
</ul>

<h2>如何赚取</h2>
<ol>
<li>登录并打开<a href="/qrcode">我的会员二维码</a>。</li>
<li>付款前向收银员出示二维码。二维码每分钟更新，请勿使用截图。</li>
<li>每净消费 HK$1 赚取 1 H Coin，H Coins 会在消费后短时间内存入您的账户。</li>
</ol>

<h2>合作物业双倍赚</h2>
<p>在合作物业内的门店以信用卡、借记卡或电子钱包付款，每 HK$1 可额外多赚 1 H Coin。请在<a href="/store-list">门店列表</a>留意"合作物业"标示。</p>

<h2>生日及节日奖赏</h2>
<p>在个人资料中登记出生月份，生日月份内消费即可赚取额外 H Coins。指定节日亦设有奖赏日，敬请留意。</p>

<h2>兑换</h2>
<p>在 H Coins 应用程序以 H Coins 兑换电子礼券及人气商品。详情请参阅<a href="/pages/general/terms-and-conditions">条款及细则</a>。</p>

<p><a href="/register">还不是会员？立即注册</a>，免费且只需一分钟。</p>
`;

export const SEED_MERCHANT_PAGES: readonly SeedPage[] = [
  {
    location: "merchant",
    slug: "h-coins-partners",
    title: {
      en: "Earn H Coins with our partner brands",
      tc: "於合作品牌賺取 H Coins",
      sc: "在合作品牌赚取 H Coins",
    },
    content: { en: partnersEn.trim(), tc: partnersTc.trim(), sc: partnersSc.trim() },
  },
];
