import type { LocalizedText } from "@hcoins/domain/languages";

/**
 * The fictional stores of the first start: at least one in every district of
 * every region (product-spec.md section 3), more where shoppers are. Buildings
 * and shop numbers are made up.
 */
export interface SeedStore {
  code: string;
  brand: string;
  district: string;
  name: LocalizedText;
  address: LocalizedText;
  hours: keyof typeof HOURS;
  partnerProperty: boolean;
  /** A line about this store in particular, after the brand's introduction. */
  note?: LocalizedText;
}

export const HOURS = {
  allDay: { en: "Open 24 hours, daily", tc: "每日 24 小時營業", sc: "每日 24 小时营业" },
  market: { en: "Daily 08:00–22:00", tc: "每日 08:00–22:00", sc: "每日 08:00–22:00" },
  mall: { en: "Daily 10:00–22:00", tc: "每日 10:00–22:00", sc: "每日 10:00–22:00" },
  bakery: { en: "Daily 07:00–21:00", tc: "每日 07:00–21:00", sc: "每日 07:00–21:00" },
  pharmacy: {
    en: "Mon–Sat 09:30–21:30; Sun and public holidays 10:00–20:00",
    tc: "星期一至六 09:30–21:30；星期日及公眾假期 10:00–20:00",
    sc: "周一至周六 09:30–21:30；周日及公众假期 10:00–20:00",
  },
  lateNight: { en: "Daily 09:00–23:30", tc: "每日 09:00–23:30", sc: "每日 09:00–23:30" },
} as const satisfies Record<string, LocalizedText>;

/** The sentence every partner-property store adds: the spec's extra H Coin for electronic payment. */
export const PARTNER_PROPERTY_NOTE: LocalizedText = {
  en: "This store is in a partner property: pay electronically to earn 1 extra H Coin for every HK$1.",
  tc: "本店位於合作物業：以電子支付付款，每 HK$1 可額外賺取 1 H Coin。",
  sc: "本店位于合作物业：以电子支付付款，每 HK$1 可额外赚取 1 H Coin。",
};

export const SEED_STORES: readonly SeedStore[] = [
  // Hong Kong Island
  {
    code: "HF-CW01",
    brand: "harbour-fresh",
    district: "5005",
    name: { en: "Harbour Fresh Sheung Wan", tc: "港灣鮮生 上環店", sc: "港湾鲜生 上环店" },
    address: {
      en: "Shop 3, G/F, Wing Lok Mansion, 118 Wing Lok Street, Sheung Wan",
      tc: "上環永樂街118號永樂大廈地下3號舖",
      sc: "上环永乐街118号永乐大厦地下3号铺",
    },
    hours: "market",
    partnerProperty: false,
    note: {
      en: "Two minutes' walk from Sheung Wan MTR Station, Exit A2.",
      tc: "距港鐵上環站A2出口步行兩分鐘。",
      sc: "距港铁上环站A2出口步行两分钟。",
    },
  },
  {
    code: "PC-CW02",
    brand: "pearl-convenience",
    district: "5005",
    name: { en: "Pearl Convenience Lyndhurst Terrace", tc: "明珠便利店 擺花街店", sc: "明珠便利店 摆花街店" },
    address: {
      en: "Shop 12, G/F, Lyndhurst Court, 28 Lyndhurst Terrace, Central",
      tc: "中環擺花街28號擺花閣地下12號舖",
      sc: "中环摆花街28号摆花阁地下12号铺",
    },
    hours: "allDay",
    partnerProperty: false,
  },
  {
    code: "JW-WC01",
    brand: "jade-wellness",
    district: "5002",
    name: { en: "Jade Wellness Hennessy Road", tc: "翠安健康 軒尼詩道店", sc: "翠安健康 轩尼诗道店" },
    address: {
      en: "Shop 205, 2/F, Harbour Crest Plaza, 33 Hennessy Road, Wan Chai",
      tc: "灣仔軒尼詩道33號港峰廣場2樓205號舖",
      sc: "湾仔轩尼诗道33号港峰广场2楼205号铺",
    },
    hours: "mall",
    partnerProperty: true,
  },
  {
    code: "GC-E01",
    brand: "golden-crust",
    district: "5014",
    name: { en: "Golden Crust Bakery North Point", tc: "金酥餅店 北角店", sc: "金酥饼店 北角店" },
    address: {
      en: "Shop B, G/F, 268 King's Road, North Point",
      tc: "北角英皇道268號地下B舖",
      sc: "北角英皇道268号地下B铺",
    },
    hours: "bakery",
    partnerProperty: false,
    note: {
      en: "Our first shop, baking pineapple buns on King's Road since 1998.",
      tc: "品牌首間分店，自1998年起在英皇道烘焗菠蘿包。",
      sc: "品牌首家门店，自1998年起在英皇道烘焙菠萝包。",
    },
  },
  {
    code: "HF-S01",
    brand: "harbour-fresh",
    district: "5027",
    name: { en: "Harbour Fresh Aberdeen", tc: "港灣鮮生 香港仔店", sc: "港湾鲜生 香港仔店" },
    address: {
      en: "Shop 8, G/F, Aberdeen Harbour Centre, 12 Nam Ning Street, Aberdeen",
      tc: "香港仔南寧街12號香港仔海港中心地下8號舖",
      sc: "香港仔南宁街12号香港仔海港中心地下8号铺",
    },
    hours: "market",
    partnerProperty: true,
    note: {
      en: "Fresh fish from the Aberdeen wholesale market every morning.",
      tc: "每朝從香港仔魚類批發市場直送鮮魚。",
      sc: "每天早上从香港仔鱼类批发市场直送鲜鱼。",
    },
  },

  // Kowloon
  {
    code: "PC-YTM01",
    brand: "pearl-convenience",
    district: "5050",
    name: {
      en: "Pearl Convenience Carnarvon Road",
      tc: "明珠便利店 加拿分道店",
      sc: "明珠便利店 加拿分道店",
    },
    address: {
      en: "Shop G5, G/F, Carnarvon Court, 45 Carnarvon Road, Tsim Sha Tsui",
      tc: "尖沙咀加拿分道45號嘉芙閣地下G5號舖",
      sc: "尖沙咀加拿分道45号嘉芙阁地下G5号铺",
    },
    hours: "allDay",
    partnerProperty: false,
  },
  {
    code: "JW-YTM02",
    brand: "jade-wellness",
    district: "5050",
    name: { en: "Jade Wellness Mong Kok", tc: "翠安健康 旺角店", sc: "翠安健康 旺角店" },
    address: {
      en: "Shop 1, G/F, 612 Nathan Road, Mong Kok",
      tc: "旺角彌敦道612號地下1號舖",
      sc: "旺角弥敦道612号地下1号铺",
    },
    hours: "lateNight",
    partnerProperty: false,
    note: {
      en: "Open until 23:30, with a pharmacist on duty until 21:00.",
      tc: "營業至晚上11時30分，藥劑師當值至晚上9時。",
      sc: "营业至晚上11时30分，药剂师值班至晚上9时。",
    },
  },
  {
    code: "HF-YTM03",
    brand: "harbour-fresh",
    district: "5050",
    name: { en: "Harbour Fresh Yau Ma Tei", tc: "港灣鮮生 油麻地店", sc: "港湾鲜生 油麻地店" },
    address: {
      en: "G/F, 88 Reclamation Street, Yau Ma Tei",
      tc: "油麻地新填地街88號地下",
      sc: "油麻地新填地街88号地下",
    },
    hours: "market",
    partnerProperty: false,
    note: {
      en: "Around the corner from the Yau Ma Tei Fruit Market.",
      tc: "鄰近油麻地果欄。",
      sc: "邻近油麻地果栏。",
    },
  },
  {
    code: "GC-SSP01",
    brand: "golden-crust",
    district: "5046",
    name: { en: "Golden Crust Bakery Sham Shui Po", tc: "金酥餅店 深水埗店", sc: "金酥饼店 深水埗店" },
    address: {
      en: "G/F, 150 Yu Chau Street, Sham Shui Po",
      tc: "深水埗汝州街150號地下",
      sc: "深水埗汝州街150号地下",
    },
    hours: "bakery",
    partnerProperty: false,
  },
  {
    code: "HF-KC01",
    brand: "harbour-fresh",
    district: "5035",
    name: { en: "Harbour Fresh Kowloon City", tc: "港灣鮮生 九龍城店", sc: "港湾鲜生 九龙城店" },
    address: {
      en: "Shop 6, G/F, 40 Nga Tsin Wai Road, Kowloon City",
      tc: "九龍城衙前圍道40號地下6號舖",
      sc: "九龙城衙前围道40号地下6号铺",
    },
    hours: "market",
    partnerProperty: false,
    note: {
      en: "A wide choice of Thai groceries, herbs and spices.",
      tc: "泰國食品、香草及香料選擇豐富。",
      sc: "泰国食品、香草及香料选择丰富。",
    },
  },
  {
    code: "PC-WTS01",
    brand: "pearl-convenience",
    district: "5052",
    name: { en: "Pearl Convenience Lung Cheung", tc: "明珠便利店 龍翔店", sc: "明珠便利店 龙翔店" },
    address: {
      en: "Shop 15, Lung Cheung Shopping Arcade, 120 Lung Cheung Road, Wong Tai Sin",
      tc: "黃大仙龍翔道120號龍翔商場15號舖",
      sc: "黄大仙龙翔道120号龙翔商场15号铺",
    },
    hours: "allDay",
    partnerProperty: true,
  },
  {
    code: "JW-KT01",
    brand: "jade-wellness",
    district: "5037",
    name: { en: "Jade Wellness Hoi Bun Square", tc: "翠安健康 海濱廣場店", sc: "翠安健康 海滨广场店" },
    address: {
      en: "Shop 318, 3/F, Hoi Bun Square, 70 Hoi Bun Road, Kwun Tong",
      tc: "觀塘海濱道70號海濱廣場3樓318號舖",
      sc: "观塘海滨道70号海滨广场3楼318号铺",
    },
    hours: "mall",
    partnerProperty: true,
  },
  {
    code: "GC-KT02",
    brand: "golden-crust",
    district: "5037",
    name: { en: "Golden Crust Bakery Lam Tin", tc: "金酥餅店 藍田店", sc: "金酥饼店 蓝田店" },
    address: {
      en: "Shop 27, G/F, Lam Tin Plaza, 3 Kai Tin Road, Lam Tin",
      tc: "藍田啟田道3號藍田廣場地下27號舖",
      sc: "蓝田启田道3号蓝田广场地下27号铺",
    },
    hours: "bakery",
    partnerProperty: false,
  },

  // New Territories (and Islands)
  {
    code: "HF-SK01",
    brand: "harbour-fresh",
    district: "5060",
    name: { en: "Harbour Fresh Tseung Kwan O", tc: "港灣鮮生 將軍澳店", sc: "港湾鲜生 将军澳店" },
    address: {
      en: "Shop 112, 1/F, Bayside Walk, 9 Tong Chun Street, Tseung Kwan O",
      tc: "將軍澳唐俊街9號海灣坊1樓112號舖",
      sc: "将军澳唐俊街9号海湾坊1楼112号铺",
    },
    hours: "market",
    partnerProperty: true,
  },
  {
    code: "PC-ST01",
    brand: "pearl-convenience",
    district: "5061",
    name: {
      en: "Pearl Convenience Sha Tin Centre",
      tc: "明珠便利店 沙田正街店",
      sc: "明珠便利店 沙田正街店",
    },
    address: {
      en: "Shop 5, G/F, 18 Sha Tin Centre Street, Sha Tin",
      tc: "沙田沙田正街18號地下5號舖",
      sc: "沙田沙田正街18号地下5号铺",
    },
    hours: "allDay",
    partnerProperty: false,
  },
  {
    code: "JW-ST02",
    brand: "jade-wellness",
    district: "5061",
    name: { en: "Jade Wellness Ma On Shan", tc: "翠安健康 馬鞍山店", sc: "翠安健康 马鞍山店" },
    address: {
      en: "Shop 210, 2/F, Riverside Mall, 608 Sai Sha Road, Ma On Shan",
      tc: "馬鞍山西沙路608號河畔商場2樓210號舖",
      sc: "马鞍山西沙路608号河畔商场2楼210号铺",
    },
    hours: "mall",
    partnerProperty: true,
    note: {
      en: "Baby room and stroller parking on the same floor.",
      tc: "同層設有育嬰室及嬰兒車停泊處。",
      sc: "同层设有育婴室及婴儿车停放处。",
    },
  },
  {
    code: "GC-TP01",
    brand: "golden-crust",
    district: "5064",
    name: { en: "Golden Crust Bakery Tai Po", tc: "金酥餅店 大埔店", sc: "金酥饼店 大埔店" },
    address: {
      en: "Shop 3, G/F, 12 Kwong Fuk Road, Tai Po",
      tc: "大埔廣福道12號地下3號舖",
      sc: "大埔广福道12号地下3号铺",
    },
    hours: "bakery",
    partnerProperty: false,
  },
  {
    code: "HF-N01",
    brand: "harbour-fresh",
    district: "5063",
    name: { en: "Harbour Fresh Sheung Shui", tc: "港灣鮮生 上水店", sc: "港湾鲜生 上水店" },
    address: {
      en: "Shop 20, G/F, Northgate Plaza, 39 San Fung Avenue, Sheung Shui",
      tc: "上水新豐路39號北門廣場地下20號舖",
      sc: "上水新丰路39号北门广场地下20号铺",
    },
    hours: "market",
    partnerProperty: true,
  },
  {
    code: "PC-KTS01",
    brand: "pearl-convenience",
    district: "5057",
    name: { en: "Pearl Convenience Tsing Yi", tc: "明珠便利店 青衣店", sc: "明珠便利店 青衣店" },
    address: {
      en: "Shop 8, G/F, 33 Tsing Luk Street, Tsing Yi",
      tc: "青衣青綠街33號地下8號舖",
      sc: "青衣青绿街33号地下8号铺",
    },
    hours: "allDay",
    partnerProperty: false,
  },
  {
    code: "JW-TW01",
    brand: "jade-wellness",
    district: "5069",
    name: { en: "Jade Wellness Tsuen Wan", tc: "翠安健康 荃灣店", sc: "翠安健康 荃湾店" },
    address: {
      en: "Shop 45, G/F, 88 Sha Tsui Road, Tsuen Wan",
      tc: "荃灣沙咀道88號地下45號舖",
      sc: "荃湾沙咀道88号地下45号铺",
    },
    hours: "pharmacy",
    partnerProperty: false,
  },
  {
    code: "GC-TM01",
    brand: "golden-crust",
    district: "5070",
    name: { en: "Golden Crust Bakery Tuen Mun", tc: "金酥餅店 屯門店", sc: "金酥饼店 屯门店" },
    address: {
      en: "Shop 116, 1/F, Riverside Place, 1 Tuen Shing Street, Tuen Mun",
      tc: "屯門屯盛街1號河畔坊1樓116號舖",
      sc: "屯门屯盛街1号河畔坊1楼116号铺",
    },
    hours: "bakery",
    partnerProperty: true,
  },
  {
    code: "HF-YL01",
    brand: "harbour-fresh",
    district: "5071",
    name: { en: "Harbour Fresh Yuen Long", tc: "港灣鮮生 元朗店", sc: "港湾鲜生 元朗店" },
    address: {
      en: "G/F, 55 Castle Peak Road (Yuen Long), Yuen Long",
      tc: "元朗青山公路元朗段55號地下",
      sc: "元朗青山公路元朗段55号地下",
    },
    hours: "market",
    partnerProperty: false,
  },
  {
    code: "PC-IS01",
    brand: "pearl-convenience",
    district: "5075",
    name: { en: "Pearl Convenience Tung Chung", tc: "明珠便利店 東涌店", sc: "明珠便利店 东涌店" },
    address: {
      en: "Shop 18, G/F, Crescent Arcade, 2 Mei Tung Street, Tung Chung, Lantau Island",
      tc: "大嶼山東涌美東街2號灣畔商場地下18號舖",
      sc: "大屿山东涌美东街2号湾畔商场地下18号铺",
    },
    hours: "allDay",
    partnerProperty: true,
    note: {
      en: "The last stop for snacks and drinks before the airport.",
      tc: "前往機場前購買小食飲品的好去處。",
      sc: "前往机场前购买小食饮品的好去处。",
    },
  },

  // Macau
  {
    code: "HF-MO01",
    brand: "harbour-fresh",
    district: "3003",
    name: { en: "Harbour Fresh Macau Peninsula", tc: "港灣鮮生 澳門半島店", sc: "港湾鲜生 澳门半岛店" },
    address: {
      en: "Shop A, G/F, 52 Avenida do Infante D. Henrique, Macau",
      tc: "澳門殷皇子大馬路52號地下A舖",
      sc: "澳门殷皇子大马路52号地下A铺",
    },
    hours: "market",
    partnerProperty: false,
  },
  {
    code: "JW-MO02",
    brand: "jade-wellness",
    district: "3003",
    name: { en: "Jade Wellness Taipa", tc: "翠安健康 氹仔店", sc: "翠安健康 氹仔店" },
    address: {
      en: "Shop 12, G/F, 88 Rua de Bragança, Taipa, Macau",
      tc: "澳門氹仔布拉干薩街88號地下12號舖",
      sc: "澳门氹仔布拉干萨街88号地下12号铺",
    },
    hours: "pharmacy",
    partnerProperty: false,
  },

  // China (Mainland)
  {
    code: "PC-CN01",
    brand: "pearl-convenience",
    district: "3002",
    name: {
      en: "Pearl Convenience Shenzhen Futian",
      tc: "明珠便利店 深圳福田店",
      sc: "明珠便利店 深圳福田店",
    },
    address: {
      en: "Shop 103, 1/F, 3008 Fuhua Road, Futian District, Shenzhen",
      tc: "深圳市福田區福華路3008號1樓103號舖",
      sc: "深圳市福田区福华路3008号1楼103号铺",
    },
    hours: "allDay",
    partnerProperty: false,
  },
  {
    code: "GC-CN02",
    brand: "golden-crust",
    district: "3002",
    name: {
      en: "Golden Crust Bakery Guangzhou Tianhe",
      tc: "金酥餅店 廣州天河店",
      sc: "金酥饼店 广州天河店",
    },
    address: {
      en: "Shop L1-08, 208 Tianhe Road, Tianhe District, Guangzhou",
      tc: "廣州市天河區天河路208號L1-08號舖",
      sc: "广州市天河区天河路208号L1-08号铺",
    },
    hours: "bakery",
    partnerProperty: true,
  },

  // Other
  {
    code: "HF-OT01",
    brand: "harbour-fresh",
    district: "3004",
    name: {
      en: "Harbour Fresh Singapore Marina",
      tc: "港灣鮮生 新加坡濱海灣店",
      sc: "港湾鲜生 新加坡滨海湾店",
    },
    address: {
      en: "#01-15, Marina Crescent Mall, 8 Raffles Avenue, Singapore",
      tc: "新加坡萊佛士道8號濱海灣新月商場#01-15",
      sc: "新加坡莱佛士道8号滨海湾新月商场#01-15",
    },
    hours: "market",
    partnerProperty: false,
    note: {
      en: "Hong Kong favourites for Singapore: Hong Kong-style milk tea, noodles and snacks.",
      tc: "為新加坡顧客帶來港式奶茶、麪食及小食等香港人氣之選。",
      sc: "为新加坡顾客带来港式奶茶、面食及小食等香港人气之选。",
    },
  },
];
