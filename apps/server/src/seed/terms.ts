import type { LocalizedText } from "@hcoins/domain/languages";

/**
 * The programme's terms and conditions (location `general`, slug
 * `terms-and-conditions`), shown before registration. The operator, its
 * addresses and the brands are fictional.
 */
export const TERMS_TITLE: LocalizedText = {
  en: "H Coins Membership Terms and Conditions",
  tc: "H Coins 會員條款及細則",
  sc: "H Coins 会员条款及细则",
};

const en = `
<p><em>Last updated: 1 November 2026</em></p>
<p>These terms and conditions (the "Terms") govern the H Coins membership programme (the "Programme") operated by H Coins Rewards Limited ("we", "us" or "our"). By registering as a member you agree to these Terms. Please read them together with our <a href="/pages/privacy-policy">Privacy Policy</a>, which explains how we handle your personal data.</p>

<h2>1. Membership</h2>
<ol>
<li>Membership is free and open to individuals aged 11 or above who hold a mobile phone number of Hong Kong (+852), Macau (+853) or Mainland China (+86). Members under 18 should obtain the consent of a parent or guardian before registering.</li>
<li>Each person may hold one membership only, registered with one mobile number. Your mobile number is your login; a membership cannot be transferred to another person.</li>
<li>You must give true, accurate and complete information when you register and keep it up to date in your member profile. Your birth month cannot be changed once it has been set.</li>
<li>Your member number, member QR code and password are personal to you. Keep your password secret: we will never ask you for it. Contact Customer Service at once if you believe someone else has used your account.</li>
</ol>

<h2>2. Earning H Coins</h2>
<ol>
<li>You earn 1 H Coin for every HK$1 of net spending at participating stores when you show your member QR code before you pay. Net spending is the amount you pay after discounts, coupons and returns, and excludes gift cards, stored-value top-ups, bill payments and tobacco products.</li>
<li>At participating stores in partner properties, you earn 1 extra H Coin for every HK$1 paid electronically (credit card, debit card or e-wallet), on top of the H Coins in clause 2.1. The store list shows which stores are in partner properties.</li>
<li>Extra H Coins may be awarded in your birthday month and on selected holidays, as announced from time to time. Birthday rewards follow the birth month recorded in your profile.</li>
<li>H Coins are awarded on whole Hong Kong dollars; cents are not rounded up. Spending in other currencies is converted into Hong Kong dollars at the rate the store uses on the day of purchase.</li>
<li>H Coins cannot be added after the purchase. The member QR code refreshes every minute, so please open it at the counter rather than showing a screenshot.</li>
<li>If goods are returned or a purchase is cancelled, the H Coins earned on it are deducted from your account.</li>
</ol>

<h2>3. Redeeming H Coins</h2>
<ol>
<li>H Coins can be redeemed for electronic gift vouchers and selected products shown in the H Coins app, while stocks last.</li>
<li>H Coins have no cash value. They cannot be exchanged for cash, sold, or transferred or combined between accounts.</li>
<li>Electronic gift vouchers have their own terms, including a validity period. A lost or expired voucher cannot be replaced.</li>
<li>Redeemed H Coins cannot be returned to your account, unless the redemption fails for a reason within our control.</li>
</ol>

<h2>4. Validity of H Coins</h2>
<p>H Coins are valid until 31 December of the year after the year in which they are earned. Expired H Coins are removed from your account automatically. Your balance and expiry dates are shown in the H Coins app.</p>

<h2>5. Linked accounts</h2>
<p>Your membership is linked to the H Coins account registered with the same mobile number, so that H Coins earned in stores and in the companion app are kept in one balance. If you already have an H Coins account, it is linked when you register or log in.</p>

<h2>6. Messages from us</h2>
<p>We send service messages, such as verification codes and account notices, by SMS. We send marketing messages only as your subscription preferences allow. You can change your preferences at any time in your member profile or through the unsubscribe link in our messages, free of charge.</p>

<h2>7. Suspension and cancellation</h2>
<ol>
<li>We may suspend or cancel a membership, and cancel the H Coins in it, if we reasonably believe the account has been used fraudulently, for resale or in breach of these Terms.</li>
<li>You may cancel your membership at any time by contacting Customer Service. H Coins not redeemed by then are forfeited.</li>
</ol>

<h2>8. Changes to the Programme</h2>
<ol>
<li>We may change these Terms, the earning rates and the rewards from time to time. We will give at least 14 days' notice of any material change on this page and, where appropriate, by SMS or email. If you keep using your membership after a change takes effect, you accept the changed Terms.</li>
<li>We may end the Programme by giving at least 90 days' notice. You may redeem your H Coins during the notice period.</li>
</ol>

<h2>9. Our responsibility</h2>
<p>We are not responsible for any delay or failure caused by events beyond our reasonable control, including outages of networks or systems run by others. Nothing in these Terms limits any liability that cannot be limited by law, or your rights as a consumer.</p>

<h2>10. Governing law and language</h2>
<ol>
<li>These Terms are governed by the laws of the Hong Kong Special Administrative Region, and the courts of Hong Kong have non-exclusive jurisdiction.</li>
<li>These Terms are published in English, Traditional Chinese and Simplified Chinese. If the versions differ, the English version prevails.</li>
<li>No one other than you and us has any right under the Contracts (Rights of Third Parties) Ordinance (Cap. 623) to enforce these Terms.</li>
</ol>

<h2>11. Contact us</h2>
<p>H Coins Customer Service: <a href="mailto:hello@hcoins.example">hello@hcoins.example</a>, Monday to Friday 09:00–18:00 (except public holidays).</p>
`;

const tc = `
<p><em>最後更新：2026年11月1日</em></p>
<p>本條款及細則（「本條款」）適用於 H Coins 獎賞有限公司（「我們」）營運的 H Coins 會員計劃（「本計劃」）。登記成為會員，即表示你同意本條款。請同時細閱我們的<a href="/pages/privacy-policy">私隱政策</a>，了解我們如何處理你的個人資料。</p>

<h2>1. 會員資格</h2>
<ol>
<li>會員資格免費，凡年滿11歲並持有香港（+852）、澳門（+853）或中國內地（+86）手提電話號碼的人士均可登記。未滿18歲的會員應在登記前取得家長或監護人同意。</li>
<li>每人只可持有一個會員帳戶，並以一個手提電話號碼登記。手提電話號碼即為你的登入名稱；會員資格不可轉讓予他人。</li>
<li>登記時你須提供真實、準確及完整的資料，並在會員資料中保持更新。出生月份一經設定，不可更改。</li>
<li>你的會員號碼、會員 QR Code 及密碼只供你本人使用。請將密碼保密：我們絕不會向你索取密碼。如你懷疑帳戶被他人使用，請立即聯絡客戶服務部。</li>
</ol>

<h2>2. 賺取 H Coins</h2>
<ol>
<li>於參與商店付款前出示會員 QR Code，每淨消費 HK$1 可賺取 1 H Coin。淨消費指扣除折扣、優惠券及退貨後的實付金額，不包括購買禮品卡、儲值增值、繳費及煙草產品。</li>
<li>於位於合作物業的參與商店以電子支付（信用卡、扣賬卡或電子錢包）付款，除第2.1條的 H Coins 外，每 HK$1 可額外賺取 1 H Coin。分店列表會標示哪些分店位於合作物業。</li>
<li>我們可不時公布於會員生日月份及指定節日額外送出 H Coins。生日獎賞以會員資料中登記的出生月份為準。</li>
<li>H Coins 按整數港元計算，不足一元的部分不設進位。以其他貨幣消費的金額，按商店於交易當日採用的匯率折算為港元。</li>
<li>H Coins 不可於交易後補加。會員 QR Code 每分鐘更新，請於櫃檯即時開啟，切勿出示截圖。</li>
<li>如貨品退回或交易取消，該交易所賺取的 H Coins 將從你的帳戶扣除。</li>
</ol>

<h2>3. 兌換 H Coins</h2>
<ol>
<li>H Coins 可於 H Coins 應用程式兌換電子禮券及指定貨品，數量有限，換完即止。</li>
<li>H Coins 並無現金價值，不可兌換現金、出售、轉讓或於不同帳戶之間合併。</li>
<li>電子禮券受其本身條款約束，包括有效期。遺失或過期的禮券恕不補發。</li>
<li>已兌換的 H Coins 不會退回帳戶，除非兌換因我們可控制的原因而未能完成。</li>
</ol>

<h2>4. H Coins 有效期</h2>
<p>H Coins 的有效期至賺取年度翌年的12月31日。過期的 H Coins 將自動從帳戶中移除。你可於 H Coins 應用程式查閱結餘及到期日。</p>

<h2>5. 連結帳戶</h2>
<p>你的會員帳戶會與以同一手提電話號碼登記的 H Coins 帳戶連結，讓你於商店及配套應用程式賺取的 H Coins 合併計算。如你已有 H Coins 帳戶，將於登記或登入時自動連結。</p>

<h2>6. 我們發出的訊息</h2>
<p>我們以短訊發出驗證碼及帳戶通知等服務訊息；推廣訊息只會按你的訂閱設定發出。你可隨時在會員資料或透過訊息內的取消訂閱連結免費更改訂閱設定。</p>

<h2>7. 暫停及取消會籍</h2>
<ol>
<li>如我們有合理理由相信帳戶涉及欺詐、轉售或違反本條款，我們可暫停或取消該會籍，並取消帳戶內的 H Coins。</li>
<li>你可隨時聯絡客戶服務部取消會籍。屆時尚未兌換的 H Coins 將被沒收。</li>
</ol>

<h2>8. 計劃的更改</h2>
<ol>
<li>我們可不時修訂本條款、賺取比率及獎賞。如有重大修訂，我們會最少提前14日在本頁公布，並在適當情況下以短訊或電郵通知。修訂生效後繼續使用會籍，即表示你接受經修訂的條款。</li>
<li>我們可最少提前90日通知終止本計劃。你可於通知期內兌換 H Coins。</li>
</ol>

<h2>9. 我們的責任</h2>
<p>對於超出我們合理控制範圍的事件（包括由他人營運的網絡或系統故障）所引致的延誤或失誤，我們概不負責。本條款並不限制任何依法不可限制的責任，亦不影響你作為消費者的權利。</p>

<h2>10. 管轄法律及語言</h2>
<ol>
<li>本條款受香港特別行政區法律管轄，香港法院具非專屬司法管轄權。</li>
<li>本條款以英文、繁體中文及簡體中文刊載。各版本如有歧異，以英文版本為準。</li>
<li>除你與我們外，任何人均無權根據《合約（第三者權利）條例》（第623章）執行本條款。</li>
</ol>

<h2>11. 聯絡我們</h2>
<p>H Coins 客戶服務部：<a href="mailto:hello@hcoins.example">hello@hcoins.example</a>，星期一至五 09:00–18:00（公眾假期除外）。</p>
`;

const sc = `
<p><em>最后更新：2026年11月1日</em></p>
<p>本条款及细则（"本条款"）适用于 H Coins 奖赏有限公司（"我们"）运营的 H Coins 会员计划（"本计划"）。注册成为会员，即表示您同意本条款。请同时阅读我们的<a href="/pages/privacy-policy">隐私政策</a>，了解我们如何处理您的个人资料。</p>

<h2>1. 会员资格</h2>
<ol>
<li>会员资格免费，凡年满11岁并持有香港（+852）、澳门（+853）或中国内地（+86）手机号码的人士均可注册。未满18岁的会员应在注册前取得父母或监护人同意。</li>
<li>每人只可持有一个会员账户，并以一个手机号码注册。手机号码即为您的登录名；会员资格不可转让给他人。</li>
<li>注册时您须提供真实、准确及完整的资料，并在会员资料中保持更新。出生月份一经设置，不可更改。</li>
<li>您的会员号码、会员二维码及密码仅供您本人使用。请妥善保管密码：我们绝不会向您索取密码。如您怀疑账户被他人使用，请立即联系客户服务部。</li>
</ol>

<h2>2. 赚取 H Coins</h2>
<ol>
<li>在参与门店付款前出示会员二维码，每净消费 HK$1 可赚取 1 H Coin。净消费指扣除折扣、优惠券及退货后的实付金额，不包括购买礼品卡、储值充值、缴费及烟草产品。</li>
<li>在位于合作物业的参与门店以电子支付（信用卡、借记卡或电子钱包）付款，除第2.1条的 H Coins 外，每 HK$1 可额外赚取 1 H Coin。门店列表会标示哪些门店位于合作物业。</li>
<li>我们可不时公布在会员生日月份及指定节日额外送出 H Coins。生日奖赏以会员资料中登记的出生月份为准。</li>
<li>H Coins 按整数港元计算，不足一元的部分不进位。以其他货币消费的金额，按门店在交易当日采用的汇率折算为港元。</li>
<li>H Coins 不可在交易后补加。会员二维码每分钟更新，请在柜台即时打开，切勿出示截图。</li>
<li>如货品退回或交易取消，该交易所赚取的 H Coins 将从您的账户扣除。</li>
</ol>

<h2>3. 兑换 H Coins</h2>
<ol>
<li>H Coins 可在 H Coins 应用程序兑换电子礼券及指定商品，数量有限，兑完即止。</li>
<li>H Coins 并无现金价值，不可兑换现金、出售、转让或在不同账户之间合并。</li>
<li>电子礼券受其本身条款约束，包括有效期。遗失或过期的礼券恕不补发。</li>
<li>已兑换的 H Coins 不会退回账户，除非兑换因我们可控制的原因而未能完成。</li>
</ol>

<h2>4. H Coins 有效期</h2>
<p>H Coins 的有效期至赚取年度次年的12月31日。过期的 H Coins 将自动从账户中移除。您可在 H Coins 应用程序查看余额及到期日。</p>

<h2>5. 关联账户</h2>
<p>您的会员账户会与以同一手机号码注册的 H Coins 账户关联，让您在门店及配套应用程序赚取的 H Coins 合并计算。如您已有 H Coins 账户，将在注册或登录时自动关联。</p>

<h2>6. 我们发出的信息</h2>
<p>我们以短信发送验证码及账户通知等服务信息；推广信息只会按您的订阅设置发送。您可随时在会员资料或通过信息内的取消订阅链接免费更改订阅设置。</p>

<h2>7. 暂停及取消会籍</h2>
<ol>
<li>如我们有合理理由相信账户涉及欺诈、转售或违反本条款，我们可暂停或取消该会籍，并取消账户内的 H Coins。</li>
<li>您可随时联系客户服务部取消会籍。届时尚未兑换的 H Coins 将被没收。</li>
</ol>

<h2>8. 计划的变更</h2>
<ol>
<li>我们可不时修订本条款、赚取比率及奖赏。如有重大修订，我们会至少提前14日在本页公布，并在适当情况下以短信或电子邮件通知。修订生效后继续使用会籍，即表示您接受经修订的条款。</li>
<li>我们可至少提前90日通知终止本计划。您可在通知期内兑换 H Coins。</li>
</ol>

<h2>9. 我们的责任</h2>
<p>对于超出我们合理控制范围的事件（包括由他人运营的网络或系统故障）所导致的延误或失误，我们概不负责。本条款并不限制任何依法不可限制的责任，亦不影响您作为消费者的权利。</p>

<h2>10. 管辖法律及语言</h2>
<ol>
<li>本条款受香港特别行政区法律管辖，香港法院具非专属管辖权。</li>
<li>本条款以英文、繁体中文及简体中文刊载。各版本如有歧义，以英文版本为准。</li>
<li>除您与我们外，任何人均无权根据《合约（第三者权利）条例》（第623章）执行本条款。</li>
</ol>

<h2>11. 联系我们</h2>
<p>H Coins 客户服务部：<a href="mailto:hello@hcoins.example">hello@hcoins.example</a>，周一至周五 09:00–18:00（公众假期除外）。</p>
`;

export const TERMS_CONTENT: LocalizedText = { en: en.trim(), tc: tc.trim(), sc: sc.trim() };
