/** The welcome after a registration and the password-reset link. */
import type { User } from '../../store/schema.js';
import type { NewMessage } from '../../store/outbox.js';
import { composeMessage } from '../compose-message.js';
import type { MailLanguage, MailShop } from '../templates/mail-shop.js';

/** How long a reset link works: the page that takes it and the message must say the same. */
export const RESET_LINK_MINUTES = 60;

const TEXTS = {
  en: {
    welcomeSubject: (shop: MailShop) => `Welcome to ${shop.name}`,
    welcomeHeading: (user: User) => `Welcome, ${user.display_name}`,
    welcomeIntro: (shop: MailShop) =>
      `Your customer account at ${shop.name} is ready. You can see your orders and withdraw from them in your account.`,
    login: 'Login',
    email: 'E-mail',
    account: 'Your account',
    welcomeNotYou: (shop: MailShop) => `If you did not create this account, write to us at ${shop.email}.`,
    resetSubject: (shop: MailShop) => `Set a new password for ${shop.name}`,
    resetHeading: 'Set a new password',
    resetIntro:
      'Someone, hopefully you, asked to set a new password for the account with this e-mail address. Use the link below to choose one.',
    resetLink: 'Choose a new password',
    resetValid: `The link works once, for ${RESET_LINK_MINUTES} minutes. Setting a new password signs the account out everywhere else.`,
    resetNotYou: 'If you did not ask for this, ignore this message: your password stays as it is.',
  },
  pl: {
    welcomeSubject: (shop: MailShop) => `Witamy w ${shop.name}`,
    welcomeHeading: (user: User) => `Witaj, ${user.display_name}`,
    welcomeIntro: (shop: MailShop) =>
      `Twoje konto klienta w ${shop.name} jest gotowe. Na koncie widzisz swoje zamówienia i możesz od nich odstąpić.`,
    login: 'Login',
    email: 'E-mail',
    account: 'Twoje konto',
    welcomeNotYou: (shop: MailShop) => `Jeśli to nie Ty zakładałeś(-aś) to konto, napisz do nas na ${shop.email}.`,
    resetSubject: (shop: MailShop) => `Ustaw nowe hasło w ${shop.name}`,
    resetHeading: 'Ustaw nowe hasło',
    resetIntro:
      'Ktoś, miejmy nadzieję, że Ty, poprosił o ustawienie nowego hasła do konta z tym adresem e-mail. Wybierz je, korzystając z poniższego linku.',
    resetLink: 'Wybierz nowe hasło',
    resetValid: `Link działa jeden raz, przez ${RESET_LINK_MINUTES} minut. Ustawienie nowego hasła wyloguje konto na wszystkich innych urządzeniach.`,
    resetNotYou: 'Jeśli to nie Ty, zignoruj tę wiadomość: Twoje hasło się nie zmieni.',
  },
} satisfies Record<MailLanguage, unknown>;

export function welcomeMessages(shop: MailShop, user: User): NewMessage[] {
  const t = TEXTS[shop.language];
  return [
    composeMessage(shop, {
      kind: 'welcome',
      to: user.email,
      replyTo: shop.email,
      subject: t.welcomeSubject(shop),
      heading: t.welcomeHeading(user),
      blocks: [
        { paragraph: t.welcomeIntro(shop) },
        {
          facts: [
            [t.login, user.login],
            [t.email, user.email],
          ],
        },
        { link: { label: t.account, url: `${shop.siteUrl}/account` } },
        { paragraph: t.welcomeNotYou(shop) },
      ],
    }),
  ];
}

/** The message that carries a reset link; the link is hidden in the mail log. */
export function passwordResetMessages(shop: MailShop, user: User, resetUrl: string): NewMessage[] {
  const t = TEXTS[shop.language];
  return [
    composeMessage(shop, {
      kind: 'password-reset',
      to: user.email,
      subject: t.resetSubject(shop),
      heading: t.resetHeading,
      redact: [resetUrl],
      blocks: [
        { paragraph: t.resetIntro },
        { link: { label: t.resetLink, url: resetUrl } },
        { paragraph: t.resetValid },
        { paragraph: t.resetNotYou },
      ],
    }),
  ];
}
