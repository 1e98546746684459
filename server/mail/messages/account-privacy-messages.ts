/**
 * The links a customer confirms changes to their account with: a new e-mail address is confirmed from that address
 * (so that a typo or a stranger's address never becomes the account's), and an erasure from the account's address
 * (so that a session left open on a shared computer cannot erase the account).
 */
import type { NewMessage } from '../../store/outbox.js';
import { composeMessage } from '../compose-message.js';
import type { MailLanguage, MailShop } from '../templates/mail-shop.js';

/** How long the confirmation links work: the pages and the messages say the same. */
export const ACCOUNT_LINK_HOURS = 24;

const TEXTS = {
  en: {
    emailSubject: (shop: MailShop) => `Confirm your new e-mail address at ${shop.name}`,
    emailHeading: 'Confirm your new e-mail address',
    emailIntro: (shop: MailShop) =>
      `Someone, hopefully you, asked to use this address for their customer account at ${shop.name}. Use the link below to confirm it; until then the account keeps its old address.`,
    emailLink: 'Use this address',
    valid: `The link works for ${ACCOUNT_LINK_HOURS} hours.`,
    emailNotYou: 'If you did not ask for this, ignore this message: nothing changes.',
    eraseSubject: (shop: MailShop) => `Confirm the erasure of your account at ${shop.name}`,
    eraseHeading: 'Erase your account?',
    eraseIntro: (shop: MailShop) =>
      `You asked to erase your customer account at ${shop.name}. The link below shows what is erased and what the law requires the shop to keep, and asks you once more.`,
    eraseLink: 'Review and erase my account',
    eraseNotYou: 'If you did not ask for this, ignore this message: your account stays as it is.',
  },
  pl: {
    emailSubject: (shop: MailShop) => `Potwierdź nowy adres e-mail w ${shop.name}`,
    emailHeading: 'Potwierdź nowy adres e-mail',
    emailIntro: (shop: MailShop) =>
      `Ktoś, miejmy nadzieję, że Ty, chce używać tego adresu w swoim koncie klienta w ${shop.name}. Potwierdź go, korzystając z poniższego linku; do tego czasu konto zachowuje dotychczasowy adres.`,
    emailLink: 'Używaj tego adresu',
    valid: `Link działa przez ${ACCOUNT_LINK_HOURS} godziny.`,
    emailNotYou: 'Jeśli to nie Ty, zignoruj tę wiadomość: nic się nie zmieni.',
    eraseSubject: (shop: MailShop) => `Potwierdź usunięcie konta w ${shop.name}`,
    eraseHeading: 'Usunąć Twoje konto?',
    eraseIntro: (shop: MailShop) =>
      `Otrzymaliśmy prośbę o usunięcie Twojego konta klienta w ${shop.name}. Pod linkiem zobaczysz, co zostanie usunięte, a co sklep musi zachować z mocy prawa, i potwierdzisz to jeszcze raz.`,
    eraseLink: 'Sprawdź i usuń moje konto',
    eraseNotYou: 'Jeśli to nie Ty, zignoruj tę wiadomość: Twoje konto się nie zmieni.',
  },
} satisfies Record<MailLanguage, unknown>;

/** To the new address: the link that makes it the account's. Hidden in the mail log, since it changes the account. */
export function emailChangeMessages(shop: MailShop, to: string, confirmUrl: string): NewMessage[] {
  const t = TEXTS[shop.language];
  return [
    composeMessage(shop, {
      kind: 'account-email-change',
      to,
      replyTo: shop.email,
      subject: t.emailSubject(shop),
      heading: t.emailHeading,
      redact: [confirmUrl],
      blocks: [
        { paragraph: t.emailIntro(shop) },
        { link: { label: t.emailLink, url: confirmUrl } },
        { paragraph: t.valid },
        { paragraph: t.emailNotYou },
      ],
    }),
  ];
}

/** To the account's address: the link to the page that erases the account. Hidden in the mail log too. */
export function erasureLinkMessages(shop: MailShop, to: string, confirmUrl: string): NewMessage[] {
  const t = TEXTS[shop.language];
  return [
    composeMessage(shop, {
      kind: 'account-erasure',
      to,
      replyTo: shop.email,
      subject: t.eraseSubject(shop),
      heading: t.eraseHeading,
      redact: [confirmUrl],
      blocks: [
        { paragraph: t.eraseIntro(shop) },
        { link: { label: t.eraseLink, url: confirmUrl } },
        { paragraph: t.valid },
        { paragraph: t.eraseNotYou },
      ],
    }),
  ];
}
