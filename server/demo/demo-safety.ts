/**
 * Product-safety information (GPSR) for the demo's brands, kept as WooCommerce plugins keep it: in
 * the products' `gpsr_…` meta (catalog/product-safety.ts), so that with `gpsr_enabled` a product page shows its
 * "Product safety" section. Brands made outside the EU name a responsible person in it. Two brands are left
 * incomplete on purpose, as a real catalog would be, so that the admin's product-safety report has something to list.
 * Every company, address and domain is made up (`.example` is reserved for examples).
 */
import { slugify } from '../catalog/model.js';
import { SAFETY_META_KEYS as K } from '../catalog/product-safety.js';
import type { DemoWords, MaterialKey, NounKey, WarningKey } from './words/vocabulary.js';

interface Party {
  name: string;
  address: string;
  contact: string;
}

interface BrandSafety {
  manufacturer: Partial<Party>;
  /** For a manufacturer outside the EU. */
  responsible?: Party;
  documents?: string;
}

const EU_IMPORTER: Party = {
  name: 'Vitrine Import Sp. z o.o.',
  address: 'ul. Długa 12\n00-238 Warszawa, Poland',
  contact: 'gpsr@vitrine-import.example',
};

const BRANDS: Record<string, BrandSafety> = {
  Nordkapp: {
    manufacturer: {
      name: 'Nordkapp AS',
      address: 'Strandgata 4\n9750 Honningsvåg, Norway',
      contact: 'safety@nordkapp.example',
    },
    responsible: EU_IMPORTER,
  },
  'Żubr Outdoor': {
    manufacturer: {
      name: 'Żubr Outdoor S.A.',
      address: 'ul. Puszczańska 7\n17-230 Białowieża, Poland',
      contact: 'https://zubr-outdoor.example/safety',
    },
  },
  Bałtyk: {
    manufacturer: {
      name: 'Bałtyk Tekstylia Sp. z o.o.',
      address: 'ul. Portowa 3\n81-350 Gdynia, Poland',
      contact: 'bezpieczenstwo@baltyk.example',
    },
  },
  'Atelier Lumen': {
    manufacturer: {
      name: 'Atelier Lumen SARL',
      address: '18 rue des Ateliers\n69002 Lyon, France',
      contact: 'securite@atelier-lumen.example',
    },
  },
  Verano: {
    manufacturer: {
      name: 'Verano Moda S.L.',
      address: 'Calle del Sol 21\n46001 Valencia, Spain',
      contact: 'seguridad@verano.example',
    },
  },
  Kestrel: {
    manufacturer: {
      name: 'Kestrel Goods Ltd',
      address: '9 Mill Lane\nLeeds LS1 4AB, United Kingdom',
      contact: 'safety@kestrel.example',
    },
    responsible: EU_IMPORTER,
  },
  Fjällström: {
    manufacturer: {
      name: 'Fjällström AB',
      address: 'Storgatan 11\n831 30 Östersund, Sweden',
      contact: 'sakerhet@fjallstrom.example',
    },
  },
  Oakridge: {
    manufacturer: {
      name: 'Oakridge Supply Co.',
      address: '400 Market Street\nPortland, OR 97201, USA',
      contact: 'https://oakridge.example/contact',
    },
    responsible: EU_IMPORTER,
  },
  Mistral: {
    manufacturer: {
      name: 'Mistral S.r.l.',
      address: 'Via del Vento 5\n20121 Milano, Italy',
      contact: 'sicurezza@mistral.example',
    },
  },
  'Tatra Gear': {
    manufacturer: {
      name: 'Tatra Gear s.r.o.',
      address: 'Hlavná 22\n058 01 Poprad, Slovakia',
      contact: 'bezpecnost@tatragear.example',
    },
  },
  // Incomplete on purpose: no electronic address.
  'Urban Fox': { manufacturer: { name: 'Urban Fox GmbH', address: 'Torstraße 88\n10119 Berlin, Germany' } },
  // Nothing at all for Maison Écru: its products show no section, and the report lists them.
};

/** What a demo product is: its noun and material, by the generator's keys (its title is in the shop's language). */
export interface DemoGoods {
  noun: NounKey;
  material: MaterialKey | null;
}

/** The warning a product needs by what it is, if any. */
function warningOf({ noun, material }: DemoGoods): WarningKey | null {
  if (noun === 'Chef Knife') return 'blade';
  if (noun === 'Cast Iron Pan' || noun === 'Teapot' || material === 'Cast Iron') return 'hot';
  if (noun === 'Candle Holder') return 'candle';
  if (noun === 'Table Lamp') return 'lamp';
  if (noun === 'Field Watch' || noun === 'Dress Watch' || noun === 'Diver Watch') return 'battery';
  return null;
}

/**
 * The safety meta of a demo product, in the words of the demo's language, or nothing for a brand without information.
 * @example demoSafetyMeta('Nordkapp', { noun: 'Scarf', material: 'Wool' }, words).gpsr_manufacturer_name === 'Nordkapp AS'
 */
export function demoSafetyMeta(brand: string, goods: DemoGoods, words: DemoWords): Record<string, string> {
  const safety = BRANDS[brand];
  if (!safety) return {};
  const domain = slugify(brand).replaceAll('-', '');
  const meta: Record<string, string> = {
    [K.manufacturerName]: safety.manufacturer.name ?? '',
    [K.manufacturerAddress]: safety.manufacturer.address ?? '',
    [K.manufacturerContact]: safety.manufacturer.contact ?? '',
    [K.documents]:
      safety.documents ??
      `${words.declarationOfConformity} | https://${domain}.example/docs/declaration-of-conformity.pdf`,
  };
  if (safety.responsible) {
    meta[K.responsibleName] = safety.responsible.name;
    meta[K.responsibleAddress] = safety.responsible.address;
    meta[K.responsibleContact] = safety.responsible.contact;
  }
  const warning = warningOf(goods);
  if (warning) meta[K.warnings] = words.warnings[warning];
  return Object.fromEntries(Object.entries(meta).filter(([, value]) => value !== ''));
}
