/** The welcome after a registration and the password-reset link. */
import type { User } from '../../store/schema.js';
import type { NewMessage } from '../../store/outbox.js';
import { composeMessage } from '../compose-message.js';
import type { MailShop } from '../templates/mail-shop.js';

/** How long a reset link works: the page that takes it and the message must say the same. */
export const RESET_LINK_MINUTES = 60;

export function welcomeMessages(shop: MailShop, user: User): NewMessage[] {
  const { t } = shop.translator;
  return [
    composeMessage(shop, {
      kind: 'welcome',
      to: user.email,
      replyTo: shop.email,
      subject: t('mailAccount.welcomeSubject', { shop: shop.name }),
      heading: t('mailAccount.welcomeHeading', { name: user.display_name }),
      blocks: [
        { paragraph: t('mailAccount.welcomeIntro', { shop: shop.name }) },
        {
          facts: [
            [t('mailAccount.login'), user.login],
            [t('mail.email'), user.email],
          ],
        },
        { link: { label: t('mail.account'), url: `${shop.storefrontUrl}/account` } },
        { paragraph: t('mailAccount.welcomeNotYou', { email: shop.email }) },
      ],
    }),
  ];
}

/** The message that carries a reset link; the link is hidden in the mail log. */
export function passwordResetMessages(shop: MailShop, user: User, resetUrl: string): NewMessage[] {
  const { t } = shop.translator;
  return [
    composeMessage(shop, {
      kind: 'password-reset',
      to: user.email,
      subject: t('mailAccount.resetSubject', { shop: shop.name }),
      heading: t('mailAccount.resetHeading'),
      redact: [resetUrl],
      blocks: [
        { paragraph: t('mailAccount.resetIntro') },
        { link: { label: t('mailAccount.resetLink'), url: resetUrl } },
        { paragraph: t('mailAccount.resetValid', { count: RESET_LINK_MINUTES }) },
        { paragraph: t('mailAccount.resetNotYou') },
      ],
    }),
  ];
}
