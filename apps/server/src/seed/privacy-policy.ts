import type { LocalizedText } from "@hcoins/domain/languages";

/**
 * The privacy policy and personal information collection statement (location
 * `general`, slug `privacy-policy`), written for Hong Kong's Personal Data
 * (Privacy) Ordinance (Cap. 486), including Part 6A on direct marketing. The
 * operator and its addresses are fictional.
 */
export const PRIVACY_TITLE: LocalizedText = {
  en: "Privacy Policy",
  tc: "私隱政策",
  sc: "隐私政策",
};

const en = `
<p><em>Last updated: 1 November 2026</em></p>
<p>H Coins Rewards Limited ("we", "us" or "our") respects your privacy. We handle personal data in accordance with the Personal Data (Privacy) Ordinance (Cap. 486) of Hong Kong (the "PDPO"). This policy is also our Personal Information Collection Statement: it explains what personal data we collect, why we collect it, who we share it with and how you can reach it.</p>

<h2>1. Personal data we collect</h2>
<ul>
<li><strong>When you register:</strong> your mobile phone number, title, first and last name, email address, gender, birth month, age range, region and district of residence and, if you give one, a referral code.</li>
<li><strong>When you use your membership:</strong> your purchases at participating stores (store, date, amount and payment type), the H Coins you earn and redeem, and your e-gift vouchers.</li>
<li><strong>When you use our web app and apps:</strong> device and browser type, IP address, and records of logins and requests, kept to secure the service.</li>
</ul>
<p>We do not ask for your full date of birth or your identity card number. Giving us personal data is voluntary, but the fields marked as required are needed to open and run your membership; without them we cannot register you.</p>

<h2>2. How we use it</h2>
<ol type="a">
<li>to register you and verify your mobile number, including by sending SMS verification codes;</li>
<li>to run the Programme: record your purchases, credit and redeem H Coins, and give birthday and holiday rewards;</li>
<li>to link your membership with your H Coins account and the companion app;</li>
<li>to answer your enquiries and handle complaints;</li>
<li>to prevent and detect fraud and misuse and to keep our services secure;</li>
<li>to analyse, in aggregate, how the Programme is used, so that we can improve our stores and services;</li>
<li>for direct marketing, only with your consent (see section 3);</li>
<li>to meet our legal and regulatory obligations.</li>
</ol>

<h2>3. Direct marketing</h2>
<p>With your consent, we intend to use your name, mobile number, email address, gender, birth month, age range, district and purchase records to send you offers, promotions, member events and birthday rewards of the H Coins Programme and its participating brands (groceries, convenience stores, health and beauty, bakeries and food and beverage) by SMS, email and phone call.</p>
<p>We will not use your personal data for direct marketing without your consent, and we do not sell your personal data to anyone. You can withdraw your consent at any time, free of charge, in the subscription preferences of your member profile, through the unsubscribe link in any of our messages, or by writing to us.</p>

<h2>4. Who we share it with</h2>
<p>We keep your personal data confidential. For the purposes in section 2 we may transfer it to:</p>
<ul>
<li>participating brands and stores, to record your purchases and honour your rewards;</li>
<li>the operator of the H Coins scheme, to link and keep your H Coins account;</li>
<li>companies that provide services to us, such as SMS delivery, IT hosting and customer service, under contracts that require them to keep it confidential and use it only for us;</li>
<li>our professional advisers, and law enforcement agencies, courts or regulators where the law requires.</li>
</ul>
<p>Some of these recipients may be outside Hong Kong, including in Macau and Mainland China. When we transfer personal data outside Hong Kong we take reasonable steps to make sure it is protected to a standard comparable with the PDPO. For members who live in Macau or Mainland China, we also handle personal data in line with Macau's Personal Data Protection Act (Law No. 8/2005) and the Personal Information Protection Law of the People's Republic of China, where they apply.</p>

<h2>5. How long we keep it</h2>
<p>We keep personal data only as long as we need it for the purposes above: while you are a member and for up to seven years after your membership ends, to meet accounting and legal obligations. After that it is deleted or made anonymous. SMS verification codes expire after five minutes and are stored only in a form that cannot be read back.</p>

<h2>6. How we protect it</h2>
<p>Passwords are stored only as one-way hashes; connections to our services are encrypted; and only staff and service providers who need personal data for their work can access it. No system is completely secure, so please keep your password and your member QR code to yourself.</p>

<h2>7. Storage on your device</h2>
<p>Our web app keeps your language choice and your login session in your browser's storage, so that you stay logged in and see the language you chose. We do not use advertising cookies. Clearing your browser's storage logs you out.</p>

<h2>8. Your rights</h2>
<p>Under the PDPO you may ask whether we hold personal data about you, ask for a copy of it (a data access request), and ask us to correct data that is inaccurate. You can update most of your details yourself in your member profile. We may charge a fee that is not excessive for complying with a data access request, and we will reply within 40 days.</p>

<h2>9. Children</h2>
<p>The Programme is open to people aged 11 or above. Members under 18 should have the consent of a parent or guardian before they register.</p>

<h2>10. Changes to this policy</h2>
<p>We may update this policy from time to time. The latest version, with its date, is always on this page; we will tell you of material changes by SMS or email.</p>

<h2>11. Contact us</h2>
<p>Requests to access or correct personal data, and any questions about this policy, should be sent to our Data Protection Officer: H Coins Rewards Limited, <a href="mailto:privacy@hcoins.example">privacy@hcoins.example</a>.</p>
<p>This policy is published in English, Traditional Chinese and Simplified Chinese. If the versions differ, the English version prevails.</p>
`;

const tc = `
<p><em>最後更新：2026年11月1日</em></p>
<p>H Coins 獎賞有限公司（「我們」）尊重你的私隱，並按照香港《個人資料（私隱）條例》（第486章）（「《私隱條例》」）處理個人資料。本政策同時是我們的收集個人資料聲明，說明我們收集哪些個人資料、收集的目的、會將資料轉交給誰，以及你可如何查閱資料。</p>

<h2>1. 我們收集的個人資料</h2>
<ul>
<li><strong>登記時：</strong>你的手提電話號碼、稱謂、名字及姓氏、電郵地址、性別、出生月份、年齡組別、居住地區及區域，以及你提供的推薦碼。</li>
<li><strong>使用會籍時：</strong>你於參與商店的消費紀錄（商店、日期、金額及付款方式）、賺取及兌換的 H Coins，以及你的電子禮券。</li>
<li><strong>使用我們的網頁應用程式及應用程式時：</strong>裝置及瀏覽器類型、IP 位址，以及為保障服務安全而保留的登入及請求紀錄。</li>
</ul>
<p>我們不會要求你提供完整出生日期或身份證號碼。提供個人資料屬自願性質，但標示為必填的資料是開設及管理會籍所必需的；如未能提供，我們將無法為你登記。</p>

<h2>2. 資料的用途</h2>
<ol type="a">
<li>為你登記會籍及核實手提電話號碼，包括發送短訊驗證碼；</li>
<li>營運本計劃：記錄消費、存入及兌換 H Coins，以及提供生日及節日獎賞；</li>
<li>將你的會籍與 H Coins 帳戶及配套應用程式連結；</li>
<li>回覆你的查詢及處理投訴；</li>
<li>防止及偵測欺詐和濫用，並保障服務安全；</li>
<li>以整體統計方式分析本計劃的使用情況，以改善我們的商店及服務；</li>
<li>在取得你同意的情況下作直接促銷（見第3節）；</li>
<li>遵守法律及規管要求。</li>
</ol>

<h2>3. 直接促銷</h2>
<p>在取得你同意後，我們擬使用你的姓名、手提電話號碼、電郵地址、性別、出生月份、年齡組別、區域及消費紀錄，透過短訊、電郵及電話向你發送 H Coins 計劃及其參與品牌（超級市場、便利店、健康及美容、餅店及餐飲）的優惠、推廣、會員活動及生日獎賞。</p>
<p>未經你同意，我們不會將你的個人資料用於直接促銷，亦不會向任何人出售你的個人資料。你可隨時免費撤回同意：在會員資料的訂閱設定中更改、點擊我們任何訊息內的取消訂閱連結，或以書面通知我們。</p>

<h2>4. 資料的轉交</h2>
<p>我們會將你的個人資料保密。為第2節所述用途，我們可能將資料轉交予：</p>
<ul>
<li>參與品牌及商店，以記錄你的消費及兌現獎賞；</li>
<li>H Coins 計劃的營運者，以連結及管理你的 H Coins 帳戶；</li>
<li>為我們提供服務的公司，例如短訊發送、資訊科技寄存及客戶服務，並以合約要求其將資料保密及只可代我們使用；</li>
<li>我們的專業顧問，以及在法律要求下的執法機關、法院或監管機構。</li>
</ul>
<p>部分接收者可能位於香港以外地方，包括澳門及中國內地。將個人資料轉移至香港以外地方時，我們會採取合理步驟，確保資料受到與《私隱條例》相若的保障。對於居住在澳門或中國內地的會員，我們亦會在適用情況下按照澳門《個人資料保護法》（第8/2005號法律）及《中華人民共和國個人信息保護法》處理個人資料。</p>

<h2>5. 資料的保留期</h2>
<p>我們只會在達致上述用途所需的期間保留個人資料：即你的會籍有效期間，以及會籍終止後最多七年，以履行會計及法律責任。其後資料將被刪除或匿名化。短訊驗證碼於五分鐘後失效，並只以無法還原的形式儲存。</p>

<h2>6. 資料的保障</h2>
<p>密碼只以單向雜湊形式儲存；與我們服務的連線均經加密；只有工作上需要的員工及服務供應商才可查閱個人資料。沒有系統是絕對安全的，請妥善保管你的密碼及會員 QR Code。</p>

<h2>7. 儲存於你裝置的資料</h2>
<p>我們的網頁應用程式會在瀏覽器儲存空間中保存你選擇的語言及登入狀態，讓你保持登入並以所選語言瀏覽。我們不使用廣告 Cookie。清除瀏覽器儲存資料後，你將被登出。</p>

<h2>8. 你的權利</h2>
<p>根據《私隱條例》，你有權查詢我們是否持有你的個人資料、要求取得該資料的副本（查閱資料要求），以及要求改正不準確的資料。你可在會員資料中自行更新大部分資料。我們可就處理查閱資料要求收取不超乎適度的費用，並會在40日內回覆。</p>

<h2>9. 兒童</h2>
<p>本計劃適用於年滿11歲的人士。未滿18歲的會員應在登記前取得家長或監護人同意。</p>

<h2>10. 政策的修訂</h2>
<p>我們可不時修訂本政策。最新版本及其日期均載於本頁；如有重大修訂，我們會以短訊或電郵通知你。</p>

<h2>11. 聯絡我們</h2>
<p>如欲查閱或改正個人資料，或對本政策有任何疑問，請聯絡我們的保障資料主任：H Coins 獎賞有限公司，<a href="mailto:privacy@hcoins.example">privacy@hcoins.example</a>。</p>
<p>本政策以英文、繁體中文及簡體中文刊載。各版本如有歧異，以英文版本為準。</p>
`;

const sc = `
<p><em>最后更新：2026年11月1日</em></p>
<p>H Coins 奖赏有限公司（"我们"）尊重您的隐私，并按照香港《个人资料（私隐）条例》（第486章）（"《私隐条例》"）处理个人资料。本政策同时是我们的收集个人资料声明，说明我们收集哪些个人资料、收集的目的、会将资料转交给谁，以及您可如何查阅资料。</p>

<h2>1. 我们收集的个人资料</h2>
<ul>
<li><strong>注册时：</strong>您的手机号码、称谓、名字及姓氏、电子邮箱、性别、出生月份、年龄段、居住地区及区域，以及您提供的推荐码。</li>
<li><strong>使用会籍时：</strong>您在参与门店的消费记录（门店、日期、金额及付款方式）、赚取及兑换的 H Coins，以及您的电子礼券。</li>
<li><strong>使用我们的网页应用及应用程序时：</strong>设备及浏览器类型、IP 地址，以及为保障服务安全而保留的登录及请求记录。</li>
</ul>
<p>我们不会要求您提供完整出生日期或身份证号码。提供个人资料属自愿性质，但标示为必填的资料是开设及管理会籍所必需的；如未能提供，我们将无法为您注册。</p>

<h2>2. 资料的用途</h2>
<ol type="a">
<li>为您注册会籍及核实手机号码，包括发送短信验证码；</li>
<li>运营本计划：记录消费、存入及兑换 H Coins，以及提供生日及节日奖赏；</li>
<li>将您的会籍与 H Coins 账户及配套应用程序关联；</li>
<li>回复您的查询及处理投诉；</li>
<li>防止及侦测欺诈和滥用，并保障服务安全；</li>
<li>以整体统计方式分析本计划的使用情况，以改善我们的门店及服务；</li>
<li>在取得您同意的情况下进行直接营销（见第3节）；</li>
<li>遵守法律及监管要求。</li>
</ol>

<h2>3. 直接营销</h2>
<p>在取得您同意后，我们拟使用您的姓名、手机号码、电子邮箱、性别、出生月份、年龄段、区域及消费记录，通过短信、电子邮件及电话向您发送 H Coins 计划及其参与品牌（超市、便利店、健康及美容、饼店及餐饮）的优惠、推广、会员活动及生日奖赏。</p>
<p>未经您同意，我们不会将您的个人资料用于直接营销，亦不会向任何人出售您的个人资料。您可随时免费撤回同意：在会员资料的订阅设置中更改、点击我们任何信息内的取消订阅链接，或以书面通知我们。</p>

<h2>4. 资料的转交</h2>
<p>我们会对您的个人资料保密。为第2节所述用途，我们可能将资料转交给：</p>
<ul>
<li>参与品牌及门店，以记录您的消费及兑现奖赏；</li>
<li>H Coins 计划的运营者，以关联及管理您的 H Coins 账户；</li>
<li>为我们提供服务的公司，例如短信发送、信息技术托管及客户服务，并以合同要求其对资料保密及只可代我们使用；</li>
<li>我们的专业顾问，以及在法律要求下的执法机关、法院或监管机构。</li>
</ul>
<p>部分接收方可能位于香港以外地区，包括澳门及中国内地。将个人资料转移至香港以外地区时，我们会采取合理措施，确保资料受到与《私隐条例》相若的保障。对于居住在澳门或中国内地的会员，我们亦会在适用情况下按照澳门《个人资料保护法》（第8/2005号法律）及《中华人民共和国个人信息保护法》处理个人信息。</p>

<h2>5. 资料的保存期限</h2>
<p>我们只会在实现上述用途所需的期间保存个人资料：即您的会籍有效期间，以及会籍终止后最多七年，以履行会计及法律义务。其后资料将被删除或匿名化。短信验证码在五分钟后失效，并只以无法还原的形式存储。</p>

<h2>6. 资料的保护</h2>
<p>密码只以单向哈希形式存储；与我们服务的连接均经加密；只有工作上需要的员工及服务提供商才可查阅个人资料。没有系统是绝对安全的，请妥善保管您的密码及会员二维码。</p>

<h2>7. 存储在您设备上的资料</h2>
<p>我们的网页应用会在浏览器存储空间中保存您选择的语言及登录状态，让您保持登录并以所选语言浏览。我们不使用广告 Cookie。清除浏览器存储数据后，您将退出登录。</p>

<h2>8. 您的权利</h2>
<p>根据《私隐条例》，您有权查询我们是否持有您的个人资料、要求取得该资料的副本（查阅资料要求），以及要求更正不准确的资料。您可在会员资料中自行更新大部分资料。我们可就处理查阅资料要求收取不超乎适度的费用，并会在40日内回复。</p>

<h2>9. 儿童</h2>
<p>本计划适用于年满11岁的人士。未满18岁的会员应在注册前取得父母或监护人同意。</p>

<h2>10. 政策的修订</h2>
<p>我们可不时修订本政策。最新版本及其日期均载于本页；如有重大修订，我们会以短信或电子邮件通知您。</p>

<h2>11. 联系我们</h2>
<p>如需查阅或更正个人资料，或对本政策有任何疑问，请联系我们的资料保护主任：H Coins 奖赏有限公司，<a href="mailto:privacy@hcoins.example">privacy@hcoins.example</a>。</p>
<p>本政策以英文、繁体中文及简体中文刊载。各版本如有歧义，以英文版本为准。</p>
`;

export const PRIVACY_CONTENT: LocalizedText = { en: en.trim(), tc: tc.trim(), sc: sc.trim() };
