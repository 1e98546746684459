/**
 * The facets configurator's state: the saved configuration, the draft, the catalog's sources, and the index. Save
 * sends the whole draft (the server validates it whole), then follows the reindex job it started until it is done,
 * so the screen can show a progress bar without any request staying open.
 */
import { useEffect, useRef, useState } from '@wordpress/element';
import type { FacetConfig, FacetSource, ReindexState } from '../../api/facets.js';
import { getFacetConfig, getFacetSources, getReindexState, saveFacetConfig, startReindex } from '../data/facets-api.js';
import { toRestRequestError } from '../data/rest-error.js';

const POLL_MS = 250;

export function useFacetConfig() {
  const [saved, setSaved] = useState<FacetConfig | null>(null);
  const [draft, setDraft] = useState<FacetConfig | null>(null);
  const [sources, setSources] = useState<FacetSource[]>([]);
  const [reindex, setReindex] = useState<ReindexState | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    Promise.all([getFacetConfig(), getFacetSources(), getReindexState()]).then(([config, catalog, state]) => {
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
      const state = await getReindexState();
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
      const { job, ...config } = await saveFacetConfig(draft);
      setSaved(config);
      setDraft(config);
      setErrors({});
      setReindex((current) => ({ index: current?.index ?? null, job }));
      finish(await follow(job.id), savedText);
    } catch (caught) {
      const error = toRestRequestError(caught);
      setErrors(error.fields);
      setMessage({ status: 'error', text: error.message });
    } finally {
      setSaving(false);
    }
  };

  const reindexNow = async (doneText: string) => {
    setMessage(null);
    const started = await startReindex();
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
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, message]) => [key.slice(prefix.length), message]),
  );
}
