/**
 * Progressive enhancement of the product page's pictures (server/pages/product-gallery.ts): a thumbnail, a plain link
 * to the larger picture without JavaScript, becomes a button that shows its picture in the main place (keyboard:
 * Enter or Space); a swipe on the main picture shows the next or previous one; choosing a variation shows its own
 * picture (or the product's again), and puts the choice in the address so that a reload or a shared link keeps it.
 */
interface Picture {
  src?: string;
  srcset?: string;
  alt?: string;
}

function show(gallery: Element, picture: Picture): void {
  const main = gallery.querySelector<HTMLImageElement>('.product__image');
  if (!main || !picture.src) return;
  main.src = picture.src;
  if (picture.srcset) main.srcset = picture.srcset;
  else main.removeAttribute('srcset');
  main.alt = picture.alt ?? '';
  for (const thumbnail of gallery.querySelectorAll<HTMLElement>('[data-gallery-image]'))
    thumbnail.setAttribute('aria-pressed', String(thumbnail.dataset.src === picture.src));
}

const thumbnails = (gallery: Element) => [...gallery.querySelectorAll<HTMLElement>('[data-gallery-image]')];

for (const thumbnail of document.querySelectorAll<HTMLElement>('[data-gallery-image]')) {
  thumbnail.setAttribute('role', 'button');
  thumbnail.setAttribute('aria-pressed', String(thumbnail.getAttribute('aria-current') === 'true'));
  thumbnail.removeAttribute('aria-current');
}

function choose(thumbnail: HTMLElement): void {
  show(thumbnail.closest('[data-gallery]')!, thumbnail.dataset);
}

document.addEventListener('click', (event) => {
  const thumbnail = (event.target as Element).closest?.<HTMLElement>('[data-gallery-image]');
  if (!thumbnail) return;
  event.preventDefault();
  choose(thumbnail);
});

// A link answers Enter by itself; a button also answers Space.
document.addEventListener('keydown', (event) => {
  const thumbnail = (event.target as Element).closest?.<HTMLElement>('[data-gallery-image]');
  if (!thumbnail || event.key !== ' ') return;
  event.preventDefault();
  choose(thumbnail);
});

let swipeStart: { x: number; gallery: Element } | null = null;
document.addEventListener(
  'touchstart',
  (event) => {
    const gallery =
      (event.target as Element).closest?.('.product__image') && (event.target as Element).closest('[data-gallery]');
    swipeStart = gallery ? { x: event.touches[0]!.clientX, gallery } : null;
  },
  { passive: true },
);
document.addEventListener('touchend', (event) => {
  if (!swipeStart) return;
  const distance = event.changedTouches[0]!.clientX - swipeStart.x;
  const all = thumbnails(swipeStart.gallery);
  const current = all.findIndex((thumbnail) => thumbnail.getAttribute('aria-pressed') === 'true');
  swipeStart = null;
  if (Math.abs(distance) < 40 || all.length < 2) return;
  const next = all[(current + (distance < 0 ? 1 : -1) + all.length) % all.length]!;
  choose(next);
});

document.addEventListener('change', (event) => {
  const select = event.target as HTMLSelectElement;
  if (select.name !== 'variation_id') return;
  const gallery = document.querySelector<HTMLElement>('[data-gallery]');
  const option = select.selectedOptions[0];
  if (!gallery || !option) return;
  const own = option.dataset.imageSrc
    ? { src: option.dataset.imageSrc, srcset: option.dataset.imageSrcset, alt: option.dataset.imageAlt }
    : gallery.dataset;
  show(gallery, own);
  const address = new URL(location.href);
  if (select.value) address.searchParams.set('variation', select.value);
  else address.searchParams.delete('variation');
  history.replaceState(history.state, '', address);
});
