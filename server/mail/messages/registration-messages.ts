/**
 * The answer to a registration, by e-mail, so that the page can say the same whoever asked: the link that creates the
 * account, or, to the owner of an address that has one, the news that it has one already.
 */
import type { NewMessage } from '../../store/outbox.js';
import { composeMessage } from '../compose-message.js';
import type { MailLanguage, MailShop } from '../templates/mail-shop.js';

/** How long a registration link works: the page and the message say the same. */
export const REGISTRATION_LINK_HOURS = 24;

const TEXTS = {
  en: {
    confirmSubject: (shop: MailShop) => `Confirm your account at ${shop.name}`,
    confirmHeading: 'One step to your account',
    confirmIntro: (shop: MailShop) =>
      `Someone, hopefully you, asked for a customer account at ${shop.name} with this e-mail address. Use the link below to create it.`,
    confirmLink: 'Create my account',
    confirmValid: `The link works for ${REGISTRATION_LINK_HOURS} hours.`,
    notYou: 'If you did not ask for this, ignore this message: no account is created.',
    existsSubject: (shop: MailShop) => `You already have an account at ${shop.name}`,
    existsHeading: 'You already have an account',
    existsIntro: (shop: MailShop) =>
      `Someone, hopefully you, asked for a new account at ${shop.name} with this e-mail address, which already has one. Sign in, or set a new password if you have forgotten it.`,
    signIn: 'Sign in',
    reset: 'Set a new password',
    existsNotYou: 'If you did not ask for this, ignore this message: your account stays as it is.',
  },
  pl: {
    confirmSubject: (shop: MailShop) => `Potwierdź swoje konto w ${shop.name}`,
    confirmHeading: 'Jeszcze jeden krok do konta',
    confirmIntro: (shop: MailShop) =>
      `Ktoś, miejmy nadzieję, że Ty, poprosił o konto klienta w ${shop.name} z tym adresem e-mail. Utwórz je, korzystając z poniższego linku.`,
    confirmLink: 'Utwórz moje konto',
    confirmValid: `Link działa przez ${REGISTRATION_LINK_HOURS} godziny.`,
    notYou: 'Jeśli to nie Ty, zignoruj tę wiadomość: żadne konto nie zostanie utworzone.',
    existsSubject: (shop: MailShop) => `Masz już konto w ${shop.name}`,
    existsHeading: 'Masz już konto',
    existsIntro: (shop: MailShop) =>
      `Ktoś, miejmy nadzieję, że Ty, poprosił o nowe konto w ${shop.name} z tym adresem e-mail, który ma już konto. Zaloguj się albo ustaw nowe hasło, jeśli go nie pamiętasz.`,
    signIn: 'Zaloguj się',
    reset: 'Ustaw nowe hasło',
    existsNotYou: 'Jeśli to nie Ty, zignoruj tę wiadomość: Twoje konto się nie zmieni.',
  },
} satisfies Record<MailLanguage, unknown>;

/** The link that creates the account; hidden in the mail log, since it signs its holder in. */
export function registrationLinkMessages(shop: MailShop, to: string, confirmUrl: string): NewMessage[] {
  const t = TEXTS[shop.language];
  return [
    composeMessage(shop, {
      kind: 'account-confirmation',
      to,
      replyTo: shop.email,
      subject: t.confirmSubject(shop),
      heading: t.confirmHeading,
      redact: [confirmUrl],
      blocks: [
        { paragraph: t.confirmIntro(shop) },
        { link: { label: t.confirmLink, url: confirmUrl } },
        { paragraph: t.confirmValid },
        { paragraph: t.notYou },
      ],
    }),
  ];
}

export function accountExistsMessages(shop: MailShop, to: string): NewMessage[] {
  const t = TEXTS[shop.language];
  return [
    composeMessage(shop, {
      kind: 'account-exists',
      to,
      replyTo: shop.email,
      subject: t.existsSubject(shop),
      heading: t.existsHeading,
      blocks: [
        { paragraph: t.existsIntro(shop) },
        { link: { label: t.signIn, url: `${shop.siteUrl}/login` } },
        { link: { label: t.reset, url: `${shop.siteUrl}/forgot-password` } },
        { paragraph: t.existsNotYou },
      ],
    }),
  ];
}
