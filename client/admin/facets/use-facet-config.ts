/**
 * The facets configurator's state: the saved configuration, the draft, the catalog's sources, and the index. Save
 * sends the whole draft (the server validates it whole), then follows the reindex job it started until it is done,
 * so the screen can show a progress bar without any request staying open.
 */
import apiFetch from '@wordpress/api-fetch';
import { useEffect, useRef, useState } from '@wordpress/element';
import type { RestErrorBody } from '../data/types.js';
import type { FacetConfig, ReindexState, Source } from './types.js';

const POLL_MS = 250;

export function useFacetConfig() {
  const [saved, setSaved] = useState<FacetConfig | null>(null);
  const [draft, setDraft] = useState<FacetConfig | null>(null);
  const [sources, setSources] = useState<Source[]>([]);
  const [reindex, setReindex] = useState<ReindexState | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    Promise.all([
      apiFetch<FacetConfig>({ path: '/facet/v1/settings' }),
      apiFetch<{ sources: Source[] }>({ path: '/facet/v1/catalog' }),
      apiFetch<ReindexState>({ path: '/facet/v1/reindex' }),
    ]).then(([config, catalog, state]) => {
      if (!live.current) return;
      setSaved(config);
      setDraft(config);
      setSources(catalog.sources);
      setReindex(state);
    });
    return () => {
      live.current = false;
    };
  }, []);

  /** Reads the job's progress until it ends. */
  const follow = async (jobId: string): Promise<ReindexState> => {
    for (;;) {
      const state = await apiFetch<ReindexState>({ path: '/facet/v1/reindex' });
      if (live.current) setReindex(state);
      if (state.job?.id !== jobId || state.job.status !== 'running') return state;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };

  const finish = (state: ReindexState, savedText: string) => {
    if (state.job?.status === 'failed') setMessage({ status: 'error', text: state.job.error ?? '' });
    else setMessage({ status: 'success', text: savedText });
  };

  const save = async (savedText: string) => {
    if (!draft) return;
    setSaving(true);
    setMessage(null);
    try {
      const answer = await apiFetch<FacetConfig & { job: NonNullable<ReindexState['job']> }>({ path: '/facet/v1/settings', method: 'POST', data: draft });
      const { job, ...config } = answer;
      setSaved(config);
      setDraft(config);
      setErrors({});
      setReindex((current) => ({ index: current?.index ?? null, job }));
      finish(await follow(job.id), savedText);
    } catch (caught) {
      const body = caught as Partial<RestErrorBody>;
      setErrors(body.data?.params ?? {});
      setMessage({ status: 'error', text: body.message ?? String(caught) });
    } finally {
      setSaving(false);
    }
  };

  const reindexNow = async (doneText: string) => {
    setMessage(null);
    const started = await apiFetch<ReindexState>({ path: '/facet/v1/reindex', method: 'POST' });
    setReindex(started);
    if (started.job) finish(await follow(started.job.id), doneText);
  };

  return {
    draft,
    sources,
    reindex,
    errors,
    message,
    saving,
    dirty: saved !== null && JSON.stringify(saved) !== JSON.stringify(draft),
    setDraft,
    save,
    reindexNow,
  };
}

/**
 * The server names a facet's field as `facets[2].label`: the errors of one facet, by field.
 * @example facetErrors({ 'facets[2].label': 'label must ...' }, 2) // { label: 'label must ...' }
 */
export function facetErrors(errors: Record<string, string>, index: number): Record<string, string> {
  const prefix = `facets[${index}].`;
  return Object.fromEntries(Object.entries(errors).filter(([key]) => key.startsWith(prefix)).map(([key, message]) => [key.slice(prefix.length), message]));
}
