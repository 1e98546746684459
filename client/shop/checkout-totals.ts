/**
 * The checkout's totals follow the delivery method and the way of paying as the shopper picks them. The server renders
 * the totals of every choice (server/shop/checkout/checkout-page.ts) with `data-choice`, the values of its two radios
 * (method id, then payment), only the one pre-selected visible; any change in the form shows those of the radios ticked
 * now and sets `shown_total` to their total, which the server holds the order to. Without JavaScript the form shows the
 * pre-selected choice's total, and an order of another choice comes back with its total to confirm. Kept this short
 * for the storefront's script budget.
 */
document.addEventListener('change', (event) => {
  const form = (event.target as HTMLInputElement).form;
  if (!form) return;
  // The delivery radio, then the payment one, in the form's order (a shop without shipping zones has only the latter).
  const chosen = [...form.querySelectorAll<HTMLInputElement>('[type=radio]:checked')]
    .map((radio) => radio.value)
    .join('');
  for (const block of form.querySelectorAll<HTMLElement>('[data-choice]')) {
    // biome-ignore lint/suspicious/noDoubleEquals: both are strings (or undefined); every byte of this bundle counts
    if (!(block.hidden = block.dataset.choice != chosen)) form.shown_total.value = block.dataset.total;
  }
});
