/**
 * The "Product safety" section of a product page (GPSR, article 19): manufacturer, EU responsible person, warnings
 * and safety documents, as the product's meta holds them (catalog/product-safety.ts). A server-only Lit template:
 * every value is escaped, and only email and http(s) addresses become links.
 */
import type { Translate } from '../../i18n/translator.js';
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import { productSafety, type Contact, type Party } from '../../catalog/product-safety.js';
import type { Product } from '../../catalog/model.js';

function contactTemplate(contact: Contact) {
  if (contact.kind === 'email') return html`<a href=${`mailto:${contact.value}`}>${contact.value}</a>`;
  if (contact.kind === 'url') return html`<a href=${contact.value} rel="nofollow noopener">${contact.value}</a>`;
  return contact.value;
}

function partyTemplate(heading: string, party: Party | null) {
  if (!party) return nothing;
  return html`<div class="product-safety__party">
    <h3>${heading}</h3>
    ${party.name ? html`<p class="product-safety__name">${party.name}</p>` : nothing}
    ${party.address ? html`<p class="product-safety__address">${party.address}</p>` : nothing}
    ${party.contact ? html`<p class="product-safety__contact">${contactTemplate(party.contact)}</p>` : nothing}
  </div>`;
}

/**
 * The section, or nothing when the product carries no safety information: an empty heading would tell a shopper
 * nothing and hide the gap from the shop.
 *
 * @example productSafetySection(product) // <section class="product-safety" aria-labelledby="product-safety-…">…
 */
export function productSafetySection(product: Pick<Product, 'id' | 'meta'>, t: Translate) {
  const safety = productSafety(product.meta);
  if (!safety) return nothing;
  const headingId = `product-safety-${product.id}`;
  return html`<section class="product-safety" aria-labelledby=${headingId}>
    <h2 id=${headingId}>${t('product.safety')}</h2>
    ${partyTemplate(t('product.manufacturer'), safety.manufacturer)}
    ${partyTemplate(t('product.responsiblePerson'), safety.responsiblePerson)}
    ${safety.warnings ? html`<div class="product-safety__warnings"><h3>${t('product.warnings')}</h3><p>${safety.warnings}</p></div>` : nothing}
    ${
      safety.documents.length
        ? html`<div class="product-safety__documents"><h3>${t('product.safetyDocuments')}</h3><ul>
      ${safety.documents.map((document) => html`<li><a href=${document.url} rel="nofollow noopener">${document.title}</a></li>`)}
    </ul></div>`
        : nothing
    }
  </section>`;
}
