/**
 * The information on the right of withdrawal and the model withdrawal form that the confirmation of a distance
 * contract carries (Consumer Rights Directive art. 6(1)(h) and 8(7), the models of its Annex I; in Poland the Act on
 * consumer rights, annexes 1 and 2), filled in with the shop's name, address and e-mail and its withdrawal period.
 */
import type { MailBlock } from '../templates/mail-content.js';
import type { MailShop } from '../templates/mail-shop.js';

/** The information and the model form, as blocks of a message. */
export function withdrawalInformationBlocks(shop: MailShop, withdrawalDays: number): MailBlock[] {
  const { t } = shop.translator;
  const company = { company: shop.companyName, address: shop.address };
  return [
    { section: t('mailWithdrawal.information') },
    { paragraph: t('mailWithdrawal.right', { count: withdrawalDays }) },
    { paragraph: t('mailWithdrawal.how', { ...company, email: shop.email, url: `${shop.storefrontUrl}/withdraw` }) },
    { paragraph: t('mailWithdrawal.effects') },
    { paragraph: t('mailWithdrawal.returns', company) },
    { section: t('mailWithdrawal.form') },
    { paragraph: t('mailWithdrawal.formNote') },
    {
      list: [
        t('mailWithdrawal.formTo', { ...company, email: shop.email }),
        t('mailWithdrawal.formStatement'),
        t('mailWithdrawal.formOrdered'),
        t('mailWithdrawal.formName'),
        t('mailWithdrawal.formAddress'),
        t('mailWithdrawal.formSignature'),
        t('mailWithdrawal.formDate'),
      ],
    },
    { paragraph: t('mailWithdrawal.formFootnote') },
  ];
}
