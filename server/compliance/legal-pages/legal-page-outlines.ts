/**
 * The starting outline the page editor offers for an empty legal page: the headings Polish law expects on it (the
 * terms under the Consumer Rights Act and the Act on providing services by electronic means, the privacy notice under
 * GDPR art. 13, withdrawal and complaints under the Consumer Rights Act), each with a bracketed note of what to state
 * there, in the shop's language. It opens by saying that it is an outline to complete and have checked, never legal
 * text: the generator still creates the pages empty, as the specification says.
 */
import { escapeHtml } from '../../../client/html/escape.js';
import { translatorOfLocale, type Translate } from '../../i18n/translator.js';
import type { LegalType } from '../../store/schema.js';

/** A section: the catalogue keys of its heading and of what it must state. */
type Section = readonly [heading: string, what: string];

const DISPUTES: Section = ['legalOutline.disputes', 'legalOutline.disputesWhat'];

const SECTIONS: Record<LegalType, readonly Section[]> = {
  terms: [
    ['legalOutline.terms.seller', 'legalOutline.terms.sellerWhat'],
    ['legalOutline.terms.definitions', 'legalOutline.terms.definitionsWhat'],
    ['legalOutline.terms.services', 'legalOutline.terms.servicesWhat'],
    ['legalOutline.terms.technical', 'legalOutline.terms.technicalWhat'],
    ['legalOutline.terms.ordering', 'legalOutline.terms.orderingWhat'],
    ['legalOutline.terms.prices', 'legalOutline.terms.pricesWhat'],
    ['legalOutline.terms.delivery', 'legalOutline.terms.deliveryWhat'],
    ['legalOutline.terms.withdrawal', 'legalOutline.terms.withdrawalWhat'],
    ['legalOutline.terms.complaints', 'legalOutline.terms.complaintsWhat'],
    DISPUTES,
    ['legalOutline.terms.personalData', 'legalOutline.terms.personalDataWhat'],
    ['legalOutline.terms.final', 'legalOutline.terms.finalWhat'],
  ],
  privacy: [
    ['legalOutline.privacy.controller', 'legalOutline.privacy.controllerWhat'],
    ['legalOutline.privacy.purposes', 'legalOutline.privacy.purposesWhat'],
    ['legalOutline.privacy.recipients', 'legalOutline.privacy.recipientsWhat'],
    ['legalOutline.privacy.transfers', 'legalOutline.privacy.transfersWhat'],
    ['legalOutline.privacy.retention', 'legalOutline.privacy.retentionWhat'],
    ['legalOutline.privacy.rights', 'legalOutline.privacy.rightsWhat'],
    ['legalOutline.privacy.complaint', 'legalOutline.privacy.complaintWhat'],
    ['legalOutline.privacy.requirement', 'legalOutline.privacy.requirementWhat'],
    ['legalOutline.privacy.profiling', 'legalOutline.privacy.profilingWhat'],
    ['legalOutline.privacy.cookies', 'legalOutline.privacy.cookiesWhat'],
  ],
  returns: [
    ['legalOutline.returns.right', 'legalOutline.returns.rightWhat'],
    ['legalOutline.returns.start', 'legalOutline.returns.startWhat'],
    ['legalOutline.returns.how', 'legalOutline.returns.howWhat'],
    ['legalOutline.returns.goods', 'legalOutline.returns.goodsWhat'],
    ['legalOutline.returns.refund', 'legalOutline.returns.refundWhat'],
    ['legalOutline.returns.value', 'legalOutline.returns.valueWhat'],
    ['legalOutline.returns.exceptions', 'legalOutline.returns.exceptionsWhat'],
  ],
  complaints: [
    ['legalOutline.complaints.liability', 'legalOutline.complaints.liabilityWhat'],
    ['legalOutline.complaints.how', 'legalOutline.complaints.howWhat'],
    ['legalOutline.complaints.remedies', 'legalOutline.complaints.remediesWhat'],
    ['legalOutline.complaints.answer', 'legalOutline.complaints.answerWhat'],
    ['legalOutline.complaints.costs', 'legalOutline.complaints.costsWhat'],
    DISPUTES,
  ],
};

const paragraph = (html: string) => `<!-- wp:paragraph -->\n<p>${html}</p>\n<!-- /wp:paragraph -->`;
const heading = (text: string) =>
  `<!-- wp:heading -->\n<h2 class="wp-block-heading">${escapeHtml(text)}</h2>\n<!-- /wp:heading -->`;

function sectionsMarkup(type: LegalType, t: Translate): string[] {
  return SECTIONS[type].flatMap(([title, what]) => [
    heading(t(title)),
    paragraph(escapeHtml(t('legalOutline.toComplete', { what: t(what) }))),
  ]);
}

/**
 * The outline of the legal page of `type` as block markup, in the language of the shop's `locale`.
 * @example legalPageOutline('privacy', 'pl-PL') // '<!-- wp:paragraph -->\n<p><strong>Konspekt do uzupełnienia…'
 */
export function legalPageOutline(type: LegalType, locale: string): string {
  const { t } = translatorOfLocale(locale);
  return [paragraph(`<strong>${escapeHtml(t('legalOutline.intro'))}</strong>`), ...sectionsMarkup(type, t)].join(
    '\n\n',
  );
}
