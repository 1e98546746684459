/**
 * The demo shop in Polish, as Polish shops title their goods: the adjective before the noun and the material after
 * it, both agreeing with the noun ("Klasyczna sukienka lniana", "Klasyczne buty skórzane"); a material that describes
 * the noun's complement takes its case ("Klasyczny zestaw kubków ceramicznych"). Sentence case, as Polish writes
 * titles.
 */
import type { DemoWords, Gender, MaterialForm, Noun } from './vocabulary.js';

/**
 * An adjective's forms from its masculine one: `-y` (lniany, lniana, lniane, lnianych) or `-i` after k and g
 * (miękki, miękka, miękkie, miękkich).
 */
function adjective(masculine: string): Record<MaterialForm, string> {
  const stem = masculine.slice(0, -1);
  const soft = masculine.endsWith('i');
  const e = soft ? `${stem}ie` : `${stem}e`;
  return { m: masculine, f: `${stem}a`, n: e, p: e, gp: soft ? `${stem}ich` : `${stem}ych` };
}

const noun = (text: string, gender: Gender, materialForm?: MaterialForm): Noun =>
  materialForm ? { text, gender, materialForm } : { text, gender };
const material = (name: string, masculine: string) => ({ name, inTitle: adjective(masculine) });
const colour = (name: string, locative: string) => ({ name, phrase: `w kolorze ${locative}` });

export const pl: DemoWords = {
  categories: {
    Clothing: 'Odzież',
    Women: 'Damskie',
    Men: 'Męskie',
    Dresses: 'Sukienki',
    Tops: 'Bluzki i topy',
    'Coats & Jackets': 'Płaszcze i kurtki',
    Shirts: 'Koszule',
    Trousers: 'Spodnie',
    Outerwear: 'Odzież wierzchnia',
    Shoes: 'Obuwie',
    Sneakers: 'Sneakersy',
    Boots: 'Botki i trzewiki',
    Sandals: 'Sandały i klapki',
    Home: 'Dom',
    Kitchen: 'Kuchnia',
    Decor: 'Dekoracje',
    Textiles: 'Tekstylia',
    Accessories: 'Akcesoria',
    Bags: 'Torby',
    Watches: 'Zegarki',
    'Scarves & Hats': 'Szale i czapki',
    Pantry: 'Delikatesy',
  },
  nouns: {
    Dress: noun('sukienka {material}', 'f'),
    'Maxi Dress': noun('sukienka maxi {material}', 'f'),
    'Wrap Dress': noun('sukienka kopertowa {material}', 'f'),
    'Shirt Dress': noun('sukienka koszulowa {material}', 'f'),
    Blouse: noun('bluzka {material}', 'f'),
    'T-Shirt': noun('koszulka {material}', 'f'),
    'Tank Top': noun('bluzka {material} na ramiączkach', 'f'),
    Sweater: noun('sweter {material}', 'm'),
    'Trench Coat': noun('trencz {material}', 'm'),
    'Puffer Jacket': noun('kurtka pikowana {material}', 'f'),
    Blazer: noun('marynarka {material}', 'f'),
    Parka: noun('parka {material}', 'f'),
    'Oxford Shirt': noun('koszula oxford {material}', 'f'),
    'Flannel Shirt': noun('koszula flanelowa', 'f'),
    Polo: noun('koszulka polo {material}', 'f'),
    'Linen Shirt': noun('koszula lniana', 'f'),
    Chinos: noun('chinosy {material}', 'p'),
    // Denim is what jeans are made of: "spodnie dżinsowe dżinsowe" would say it twice.
    Jeans: noun('spodnie dżinsowe', 'p'),
    'Cargo Trousers': noun('bojówki {material}', 'p'),
    Joggers: noun('joggery {material}', 'p'),
    'Rain Jacket': noun('kurtka przeciwdeszczowa {material}', 'f'),
    'Field Jacket': noun('kurtka polowa {material}', 'f'),
    'Down Vest': noun('kamizelka puchowa {material}', 'f'),
    Overcoat: noun('płaszcz {material}', 'm'),
    Runner: noun('buty {material} do biegania', 'p'),
    'Court Sneaker': noun('sneakersy {material}', 'p'),
    'Trail Shoe': noun('buty {material} do biegania w terenie', 'p'),
    'Slip-On': noun('tenisówki wsuwane {material}', 'p'),
    'Chelsea Boot': noun('sztyblety {material}', 'p'),
    'Hiking Boot': noun('buty trekkingowe {material}', 'p'),
    'Ankle Boot': noun('botki {material}', 'p'),
    'Winter Boot': noun('buty zimowe {material}', 'p'),
    Sandal: noun('sandały {material}', 'p'),
    Slide: noun('klapki {material}', 'p'),
    Espadrille: noun('espadryle {material}', 'p'),
    'Mug Set': noun('zestaw kubków {material}', 'm', 'gp'),
    'Chef Knife': noun('nóż szefa kuchni', 'm'),
    'Cast Iron Pan': noun('patelnia żeliwna', 'f'),
    Teapot: noun('dzbanek {material} do herbaty', 'm'),
    Vase: noun('wazon {material}', 'm'),
    'Table Lamp': noun('lampa stołowa {material}', 'f'),
    'Wall Mirror': noun('lustro ścienne {material}', 'n'),
    'Candle Holder': noun('świecznik {material}', 'm'),
    'Throw Blanket': noun('koc {material}', 'm'),
    'Cushion Cover': noun('poszewka {material} na poduszkę', 'f'),
    'Bath Towel': noun('ręcznik kąpielowy {material}', 'm'),
    Rug: noun('dywan {material}', 'm'),
    'Tote Bag': noun('torba {material} na zakupy', 'f'),
    Backpack: noun('plecak {material}', 'm'),
    'Crossbody Bag': noun('torebka {material} na ramię', 'f'),
    Weekender: noun('torba podróżna {material}', 'f'),
    'Field Watch': noun('zegarek polowy {material}', 'm'),
    'Dress Watch': noun('zegarek wizytowy {material}', 'm'),
    'Diver Watch': noun('zegarek nurkowy {material}', 'm'),
    Scarf: noun('szal {material}', 'm'),
    Beanie: noun('czapka zimowa {material}', 'f'),
    'Bucket Hat': noun('kapelusz rybacki {material}', 'm'),
    'Wool Cap': noun('kaszkiet wełniany', 'm'),
  },
  adjectives: {
    Classic: adjective('klasyczny'),
    Everyday: adjective('codzienny'),
    Relaxed: adjective('luźny'),
    Slim: adjective('dopasowany'),
    Heritage: adjective('tradycyjny'),
    Essential: adjective('podstawowy'),
    Coastal: adjective('nadmorski'),
    Alpine: adjective('alpejski'),
    Studio: adjective('miejski'),
    Vintage: adjective('stylowy'),
    Modern: adjective('nowoczesny'),
    Soft: adjective('miękki'),
  },
  materials: {
    Cotton: material('Bawełna', 'bawełniany'),
    Linen: material('Len', 'lniany'),
    Viscose: material('Wiskoza', 'wiskozowy'),
    Silk: material('Jedwab', 'jedwabny'),
    Wool: material('Wełna', 'wełniany'),
    Polyester: material('Poliester', 'poliestrowy'),
    Flannel: material('Flanela', 'flanelowy'),
    Denim: material('Dżins', 'dżinsowy'),
    Leather: material('Skóra', 'skórzany'),
    Canvas: material('Płótno', 'płócienny'),
    Mesh: material('Siateczka', 'siateczkowy'),
    Suede: material('Zamsz', 'zamszowy'),
    Rubber: material('Guma', 'gumowy'),
    Cork: material('Korek', 'korkowy'),
    Ceramic: material('Ceramika', 'ceramiczny'),
    Steel: material('Stal', 'stalowy'),
    'Cast Iron': material('Żeliwo', 'żeliwny'),
    Glass: material('Szkło', 'szklany'),
    Wood: material('Drewno', 'drewniany'),
    Brass: material('Mosiądz', 'mosiężny'),
    Nylon: material('Nylon', 'nylonowy'),
    Titanium: material('Tytan', 'tytanowy'),
    Cashmere: material('Kaszmir', 'kaszmirowy'),
  },
  colours: {
    Black: colour('Czarny', 'czarnym'),
    White: colour('Biały', 'białym'),
    Navy: colour('Granatowy', 'granatowym'),
    Grey: colour('Szary', 'szarym'),
    Red: colour('Czerwony', 'czerwonym'),
    Green: colour('Zielony', 'zielonym'),
    Blue: colour('Niebieski', 'niebieskim'),
    Beige: colour('Beżowy', 'beżowym'),
    Brown: colour('Brązowy', 'brązowym'),
    Pink: colour('Różowy', 'różowym'),
    Yellow: colour('Żółty', 'żółtym'),
    Écru: colour('Ecru', 'ecru'),
  },
  attributeLabels: { color: 'Kolor', size: 'Rozmiar', material: 'Materiał' },
  describe: ({ title, brand, material, colour, category }) =>
    `${title} marki ${brand} ${colour.phrase}.${material ? ` Materiał: ${material.name.toLowerCase()}.` : ''} Więcej w dziale „${category}”.`,
  pantry: [
    {
      title: 'Kawa ziarnista z jednej plantacji',
      description: 'Całe ziarna kawy z jednej plantacji, palone w tygodniu wysyłki. Opakowanie 250 g.',
    },
    {
      title: 'Oliwa z oliwek z pierwszego tłoczenia',
      description: 'Oliwa tłoczona na zimno, w butelce z ciemnego szkła. 500 ml.',
    },
    { title: 'Miód wielokwiatowy', description: 'Surowy miód z bieszczadzkich łąk. Słoik 400 g.' },
  ],
  pantryDeliveryTime: '1–2 dni robocze',
  warnings: {
    blade: 'Bardzo ostre ostrze. Przechowywać poza zasięgiem dzieci, w bloku na noże lub w osłonie.',
    hot: 'Podczas używania mocno się nagrzewa: podnosić w rękawicach kuchennych. Nie myć w zmywarce.',
    candle: 'Nigdy nie zostawiać palącej się świecy bez nadzoru; trzymać z dala od przedmiotów łatwopalnych.',
    lamp: 'Używać żarówki o mocy najwyżej 40 W. Przed czyszczeniem lub wymianą żarówki wyjąć wtyczkę z gniazdka.',
    battery:
      'Zawiera baterię guzikową: przechowywać z dala od dzieci. W razie połknięcia natychmiast zasięgnąć porady lekarza.',
  },
  declarationOfConformity: 'Deklaracja zgodności',
};
