/** Word lists of the demo catalogue (English and Arabic side by side). */

export interface Item {
  en: string;
  ar: string;
  /** Price range in cents. */
  price: [number, number];
}
export interface Leaf {
  code: string;
  en: string;
  ar: string;
  family: 'food' | 'crafts' | 'clothing';
  items: Item[];
  /** Size words products of this shelf come in. */
  sizes?: [string, string][];
  brands: string[];
}
export interface Node {
  code: string;
  en: string;
  ar: string;
  children?: Node[];
}

const i = (en: string, ar: string, lo: number, hi: number): Item => ({ en, ar, price: [lo, hi] });
const JAR: [string, string][] = [
  ['250 g', '250 غ'],
  ['500 g', '500 غ'],
  ['1 kg', '1 كغ'],
];
const BOTTLE: [string, string][] = [
  ['250 ml', '250 مل'],
  ['500 ml', '500 مل'],
  ['1 l', '1 لتر'],
];
const PIECE: [string, string][] = [
  ['small', 'صغير'],
  ['medium', 'وسط'],
  ['large', 'كبير'],
];
const PACK: [string, string][] = [
  ['single', 'قطعة واحدة'],
  ['pack of 4', 'علبة من 4'],
  ['pack of 6', 'علبة من 6'],
];

export const LEAVES: Leaf[] = [
  {
    code: 'food-preserves',
    en: 'Honey & preserves',
    ar: 'عسل ومربيات',
    family: 'food',
    sizes: JAR,
    brands: ['beeline', 'olive-grove', 'saffron-co'],
    items: [
      i('Wildflower Honey', 'عسل الزهور البرية', 900, 2400),
      i('Orange Blossom Honey', 'عسل زهر البرتقال', 1100, 2600),
      i('Sidr Honey', 'عسل السدر', 2500, 8000),
      i('Fig Jam', 'مربى التين', 600, 1200),
      i('Apricot Jam', 'مربى المشمش', 550, 1100),
      i('Date Syrup', 'دبس التمر', 700, 1500),
      i('Quince Preserve', 'مربى السفرجل', 650, 1300),
      i('Rose Petal Jam', 'مربى الورد', 800, 1600),
    ],
  },
  {
    code: 'food-bakery',
    en: 'Bakery',
    ar: 'مخبوزات',
    family: 'food',
    sizes: PACK,
    brands: ['stone-oven', 'harbour-bakehouse'],
    items: [
      i('Sourdough Loaf', 'رغيف خبز العجين المخمر', 450, 750),
      i("Za'atar Manakish", 'مناقيش زعتر', 300, 900),
      i("Date Ma'amoul", 'معمول بالتمر', 600, 1400),
      i('Olive Focaccia', 'فوكاتشا بالزيتون', 500, 900),
      i("Sesame Ka'ak", 'كعك بالسمسم', 250, 700),
      i('Pistachio Baklava', 'بقلاوة بالفستق', 900, 2200),
      i('Cardamom Buns', 'كعك بالهيل', 400, 1000),
    ],
  },
  {
    code: 'food-fruit',
    en: 'Fruit',
    ar: 'فواكه',
    family: 'food',
    sizes: JAR,
    brands: ['olive-grove', 'green-valley'],
    items: [
      i('Medjool Dates', 'تمر مجدول', 900, 2600),
      i('Fresh Figs', 'تين طازج', 600, 1400),
      i('Pomegranates', 'رمان', 400, 900),
      i('Lemons', 'ليمون', 250, 600),
      i('Apricots', 'مشمش', 450, 1000),
    ],
  },
  {
    code: 'food-vegetables',
    en: 'Vegetables',
    ar: 'خضروات',
    family: 'food',
    sizes: JAR,
    brands: ['green-valley', 'olive-grove'],
    items: [
      i('Heirloom Tomatoes', 'طماطم بلدية', 350, 800),
      i('Baby Spinach', 'سبانخ صغيرة', 250, 500),
      i('Red Onions', 'بصل أحمر', 150, 400),
      i('Sweet Potatoes', 'بطاطا حلوة', 250, 600),
      i('Cucumbers', 'خيار', 200, 450),
      i('Aubergines', 'باذنجان', 250, 550),
    ],
  },
  {
    code: 'food-dairy',
    en: 'Dairy',
    ar: 'ألبان',
    family: 'food',
    sizes: JAR,
    brands: ['green-valley', 'mountain-dairy'],
    items: [
      i('Labneh', 'لبنة', 450, 900),
      i('Halloumi', 'حلوم', 550, 1100),
      i('Feta', 'جبنة فيتا', 500, 1000),
      i('Goat Cheese', 'جبنة الماعز', 700, 1500),
      i('Greek Yoghurt', 'لبن زبادي يوناني', 350, 750),
      i('Akkawi Cheese', 'جبنة عكاوي', 600, 1200),
    ],
  },
  {
    code: 'food-pantry',
    en: 'Oils & spices',
    ar: 'زيوت وبهارات',
    family: 'food',
    sizes: BOTTLE,
    brands: ['olive-grove', 'saffron-co'],
    items: [
      i('Extra Virgin Olive Oil', 'زيت زيتون بكر ممتاز', 1200, 3200),
      i("Za'atar Blend", 'خلطة زعتر', 500, 1100),
      i('Sumac', 'سماق', 450, 950),
      i('Saffron Threads', 'خيوط زعفران', 1500, 6000),
      i('Tahini', 'طحينة', 600, 1300),
      i('Pomegranate Molasses', 'دبس الرمان', 650, 1300),
    ],
  },
  {
    code: 'crafts-ceramics',
    en: 'Ceramics',
    ar: 'خزفيات',
    family: 'crafts',
    sizes: PIECE,
    brands: ['clay-kiln', 'blue-glaze'],
    items: [
      i('Glazed Bowl', 'وعاء مزجج', 1800, 4800),
      i('Serving Plate', 'طبق تقديم', 2200, 6500),
      i('Coffee Mug', 'كوب قهوة', 1400, 3200),
      i('Bud Vase', 'مزهرية صغيرة', 1600, 4200),
      i('Tagine', 'طاجين', 3500, 9000),
      i('Olive Dish', 'صحن زيتون', 1200, 2800),
    ],
  },
  {
    code: 'crafts-textiles',
    en: 'Textiles',
    ar: 'منسوجات',
    family: 'crafts',
    sizes: PIECE,
    brands: ['loom-thread', 'desert-weave'],
    items: [
      i('Cushion Cover', 'غطاء وسادة', 2200, 5500),
      i('Woven Throw', 'غطاء منسوج', 4500, 12000),
      i('Table Runner', 'مفرش طاولة', 2500, 6000),
      i('Tea Towel', 'منشفة مطبخ', 900, 2200),
      i('Embroidered Pouch', 'محفظة مطرزة', 1500, 3800),
    ],
  },
  {
    code: 'crafts-woodwork',
    en: 'Woodwork',
    ar: 'أعمال خشبية',
    family: 'crafts',
    sizes: PIECE,
    brands: ['cedar-works'],
    items: [
      i('Olive Wood Spoon', 'ملعقة من خشب الزيتون', 800, 1800),
      i('Cutting Board', 'لوح تقطيع', 2500, 6500),
      i('Salad Servers', 'أدوات تقديم السلطة', 1800, 3500),
      i('Jewellery Box', 'صندوق مجوهرات', 3500, 9500),
      i('Coasters', 'قواعد أكواب', 1200, 2800),
    ],
  },
  {
    code: 'crafts-rings',
    en: 'Rings',
    ar: 'خواتم',
    family: 'crafts',
    brands: ['silver-moon', 'linas-beads'],
    items: [
      i('Silver Ring', 'خاتم فضة', 2500, 9000),
      i('Stacking Ring', 'خاتم متراكب', 1800, 4500),
      i('Turquoise Ring', 'خاتم فيروز', 3500, 12000),
    ],
  },
  {
    code: 'crafts-bracelets',
    en: 'Bracelets',
    ar: 'أساور',
    family: 'crafts',
    brands: ['linas-beads', 'silver-moon'],
    items: [
      i('Beaded Bracelet', 'سوار خرز', 600, 1800),
      i('Braided Bracelet', 'سوار مضفور', 500, 1500),
      i('Silver Bangle', 'سوار فضة', 3000, 9500),
    ],
  },
  {
    code: 'crafts-necklaces',
    en: 'Necklaces & earrings',
    ar: 'قلائد وأقراط',
    family: 'crafts',
    brands: ['silver-moon', 'linas-beads'],
    items: [
      i('Pendant Necklace', 'قلادة بدلاية', 2500, 11000),
      i('Hoop Earrings', 'أقراط دائرية', 1800, 6500),
      i('Pearl Drop Earrings', 'أقراط لؤلؤ', 2800, 9000),
    ],
  },
  {
    code: 'home-candles',
    en: 'Candles & soap',
    ar: 'شموع وصابون',
    family: 'crafts',
    sizes: PIECE,
    brands: ['amber-wick', 'olive-grove'],
    items: [
      i('Soy Candle', 'شمعة صويا', 1400, 3200),
      i('Beeswax Taper', 'شمعة شمع العسل', 800, 1800),
      i('Oud Candle', 'شمعة عود', 2200, 4800),
      i('Olive Oil Soap', 'صابون زيت الزيتون', 400, 1100),
      i('Goat Milk Soap', 'صابون حليب الماعز', 500, 1200),
    ],
  },
  {
    code: 'home-garden',
    en: 'Plants & pots',
    ar: 'نباتات وأصص',
    family: 'crafts',
    sizes: PIECE,
    brands: ['green-valley', 'clay-kiln'],
    items: [
      i('Herb Pot', 'أصيص أعشاب', 900, 2200),
      i('Succulent Trio', 'ثلاثي نباتات عصارية', 1500, 3000),
      i('Lavender Plant', 'نبتة خزامى', 800, 1800),
      i('Terracotta Planter', 'أصيص فخار', 1200, 3500),
    ],
  },
  {
    code: 'clothing-tops',
    en: 'Tops',
    ar: 'قمصان',
    family: 'clothing',
    brands: ['desert-weave', 'loom-thread'],
    items: [
      i('Linen Shirt', 'قميص كتان', 3500, 7500),
      i('Cotton T-Shirt', 'قميص قطني', 1500, 3500),
      i('Embroidered Kaftan', 'قفطان مطرز', 6000, 15000),
      i('Hooded Sweatshirt', 'سترة بقبعة', 3800, 6500),
    ],
  },
  {
    code: 'clothing-accessories',
    en: 'Accessories',
    ar: 'إكسسوارات',
    family: 'clothing',
    brands: ['desert-weave', 'harbour-goods'],
    items: [
      i('Silk Scarf', 'وشاح حرير', 2500, 7500),
      i('Canvas Tote Bag', 'حقيبة قماش', 1200, 2800),
      i('Wool Beanie', 'قبعة صوف', 1500, 3200),
      i('Leather Belt', 'حزام جلد', 2500, 5500),
    ],
  },
];

const leaf = (code: string): Node => {
  const l = LEAVES.find((x) => x.code === code)!;
  return { code: l.code, en: l.en, ar: l.ar };
};

export const TREE: Node[] = [
  {
    code: 'food',
    en: 'Food',
    ar: 'أغذية',
    children: [
      leaf('food-preserves'),
      leaf('food-bakery'),
      { code: 'food-produce', en: 'Produce', ar: 'منتجات طازجة', children: [leaf('food-fruit'), leaf('food-vegetables')] },
      leaf('food-dairy'),
      leaf('food-pantry'),
    ],
  },
  {
    code: 'crafts',
    en: 'Crafts',
    ar: 'حِرَف',
    children: [
      leaf('crafts-ceramics'),
      leaf('crafts-textiles'),
      leaf('crafts-woodwork'),
      {
        code: 'crafts-jewellery',
        en: 'Jewellery',
        ar: 'مجوهرات',
        children: [leaf('crafts-rings'), leaf('crafts-bracelets'), leaf('crafts-necklaces')],
      },
    ],
  },
  { code: 'home', en: 'Home & garden', ar: 'المنزل والحديقة', children: [leaf('home-candles'), leaf('home-garden')] },
  { code: 'clothing', en: 'Clothing', ar: 'ملابس', children: [leaf('clothing-tops'), leaf('clothing-accessories')] },
];

export const BRANDS: { code: string; en: string; ar: string; website?: string }[] = [
  { code: 'beeline', en: 'Beeline Apiary', ar: 'منحل بيلاين' },
  { code: 'olive-grove', en: 'Olive Grove', ar: 'بستان الزيتون', website: 'https://olivegrove.example' },
  { code: 'saffron-co', en: 'Saffron & Co', ar: 'زعفران وشركاه' },
  { code: 'stone-oven', en: 'Stone Oven', ar: 'الفرن الحجري' },
  { code: 'harbour-bakehouse', en: 'Harbour Bakehouse', ar: 'مخبز الميناء' },
  { code: 'green-valley', en: 'Green Valley', ar: 'الوادي الأخضر' },
  { code: 'mountain-dairy', en: 'Mountain Dairy', ar: 'ألبان الجبل' },
  { code: 'clay-kiln', en: 'Clay & Kiln', ar: 'طين وفرن', website: 'https://claykiln.example' },
  { code: 'blue-glaze', en: 'Blue Glaze Studio', ar: 'استوديو الطلاء الأزرق' },
  { code: 'loom-thread', en: 'Loom & Thread', ar: 'نول وخيط' },
  { code: 'desert-weave', en: 'Desert Weave', ar: 'نسيج الصحراء' },
  { code: 'cedar-works', en: 'Cedar Works', ar: 'ورشة الأرز' },
  { code: 'silver-moon', en: 'Silver Moon', ar: 'القمر الفضي' },
  { code: 'linas-beads', en: "Lina's Beads", ar: 'خرز لينا' },
  { code: 'amber-wick', en: 'Amber Wick', ar: 'فتيل العنبر' },
  { code: 'harbour-goods', en: 'Harbour Goods', ar: 'بضائع الميناء' },
];

export const QUALIFIERS: [string, string][] = [
  ['Organic', 'عضوي'],
  ['Handmade', 'مصنوع يدوياً'],
  ['Classic', 'كلاسيكي'],
  ['Rustic', 'ريفي'],
  ['Small-batch', 'دفعة صغيرة'],
  ['Heritage', 'تراثي'],
  ['Seasonal', 'موسمي'],
  ['Premium', 'فاخر'],
  ['Everyday', 'يومي'],
  ['Limited', 'إصدار محدود'],
];
export const ORIGINS: [string, string][] = [
  ['Lebanon', 'لبنان'],
  ['Jordan', 'الأردن'],
  ['Morocco', 'المغرب'],
  ['Palestine', 'فلسطين'],
  ['Oman', 'عُمان'],
  ['UAE', 'الإمارات'],
  ['Local farm', 'مزرعة محلية'],
];
export const COLOURS: [string, string, string][] = [
  ['red', 'Red', 'أحمر'],
  ['blue', 'Blue', 'أزرق'],
  ['green', 'Green', 'أخضر'],
  ['sand', 'Sand', 'رملي'],
  ['black', 'Black', 'أسود'],
  ['white', 'White', 'أبيض'],
];
export const SIZES: [string, string, string][] = [
  ['xs', 'XS', 'صغير جداً'],
  ['s', 'S', 'صغير'],
  ['m', 'M', 'وسط'],
  ['l', 'L', 'كبير'],
  ['xl', 'XL', 'كبير جداً'],
];
export const MATERIALS: [string, string, string][] = [
  ['cotton', 'Cotton', 'قطن'],
  ['linen', 'Linen', 'كتان'],
  ['wool', 'Wool', 'صوف'],
  ['silk', 'Silk', 'حرير'],
  ['clay', 'Clay', 'طين'],
  ['olive-wood', 'Olive wood', 'خشب الزيتون'],
  ['silver', 'Silver', 'فضة'],
  ['glass', 'Glass', 'زجاج'],
  ['leather', 'Leather', 'جلد'],
  ['beeswax', 'Beeswax', 'شمع العسل'],
];
export const CARE: [string, string][] = [
  ['Hand wash in cold water and dry flat.', 'يغسل باليد بماء بارد ويجفف مفروداً.'],
  ['Wipe clean with a damp cloth.', 'يمسح بقطعة قماش مبللة.'],
  ['Dishwasher safe; not for the microwave.', 'آمن في غسالة الصحون؛ لا يوضع في الميكروويف.'],
  ['Oil now and then with food-safe oil.', 'يدهن بين حين وآخر بزيت آمن للطعام.'],
  ['Keep away from water and perfume.', 'يحفظ بعيداً عن الماء والعطور.'],
];
