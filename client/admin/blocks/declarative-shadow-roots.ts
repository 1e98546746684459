/**
 * The server renders `<facet-filter>` with its layout in a declarative shadow root (`<template shadowrootmode>`),
 * which a browser attaches only while parsing a page. The editor's preview arrives through innerHTML
 * (ServerSideRender), where such a template stays inert and the widget falls back to its regions stacked in one
 * column. This attaches each such template as the shadow root it describes, so the preview is laid out as on the
 * page (facets beside the results, the block's columns). No script of the widget runs: it stays inert markup.
 */

/** Attaches every declarative shadow root template under `root` that is not attached yet. */
export function attachDeclarativeShadowRoots(root: ParentNode): void {
  for (const template of root.querySelectorAll<HTMLTemplateElement>('template[shadowrootmode]')) {
    const host = template.parentElement;
    const mode = template.getAttribute('shadowrootmode') === 'closed' ? 'closed' : 'open';
    if (!host || host.shadowRoot) {
      template.remove();
      continue;
    }
    try {
      host.attachShadow({ mode }).append(template.content.cloneNode(true));
    } catch {
      // An element that cannot host a shadow root keeps its light DOM, as before.
    }
    template.remove();
  }
}

/**
 * Keeps `element`'s subtree converted as the preview is replaced (each attribute change renders it again).
 * @returns the function that stops watching
 */
export function watchDeclarativeShadowRoots(element: HTMLElement): () => void {
  attachDeclarativeShadowRoots(element);
  const view = element.ownerDocument.defaultView ?? window;
  const observer = new view.MutationObserver(() => attachDeclarativeShadowRoots(element));
  observer.observe(element, { childList: true, subtree: true });
  return () => observer.disconnect();
}
