/**
 * The main plugin instance: what the `facet/booted` action hands to extensions, and what extension modules receive
 * at load time. Through it an extension reaches the container, the hooks, the REST routes and the content registries.
 */
import type { BlockRegistry } from '../../blocks/block-registry.js';
import type { ShortcodeRegistry } from '../../shortcodes/shortcode-registry.js';
import type { Config } from '../config.js';
import type { PageRenderContext } from '../site/render-context.js';
import type { RestRegistry } from '../rest/registry.js';
import type { Store } from '../store/store.js';
import type { ServiceContainer } from './container.js';
import type { Hooks } from '../hooks/hooks.js';

export interface VitrinePlugin {
  readonly version: string;
  readonly config: Config;
  readonly store: Store;
  readonly hooks: Hooks;
  readonly container: ServiceContainer;
  readonly rest: RestRegistry;
  /** Dynamic blocks of page content. */
  readonly blocks: BlockRegistry<PageRenderContext>;
  /** Shortcodes of page content. */
  readonly shortcodes: ShortcodeRegistry<PageRenderContext>;
}

/** What an extension module exports as default: called once at start, before the server listens. */
export type ExtensionModule = (plugin: VitrinePlugin) => void | Promise<void>;
