/** What the checkout's note field says to the shopper. */
export const CUSTOMER_NOTE_TEXTS = {
  en: {
    label: 'Note to the shop',
    hint: 'Optional: delivery instructions or anything else we should know about your order.',
    tooLong: (most: number) => `Keep the note to at most ${most} characters.`,
  },
  pl: {
    label: 'Uwagi do zamówienia',
    hint: 'Opcjonalnie: wskazówki dla kuriera lub inne informacje o zamówieniu.',
    tooLong: (most: number) => `Uwagi mogą mieć najwyżej ${most} znaków.`,
  },
};
