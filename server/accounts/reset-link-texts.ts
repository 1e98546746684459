/** What a password-reset link that can no longer be used says. */
export const RESET_LINK_TEXTS = {
  en: {
    title: 'This link can no longer be used',
    closed: 'This password-reset link has expired or has already been used. Your password was not changed by it.',
    askAgain: 'Ask for a new link',
  },
  pl: {
    title: 'Ten link jest już nieaktywny',
    closed: 'Ten link do zmiany hasła wygasł albo został już użyty. Twoje hasło nie zostało nim zmienione.',
    askAgain: 'Poproś o nowy link',
  },
};
