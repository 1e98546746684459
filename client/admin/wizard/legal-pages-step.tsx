/**
 * The wizard's legal pages step: generate the missing pages (as drafts) and see which exist, with their status. The
 * step is done once all four are published, which happens under Legal pages, after they are written.
 */
import { Button, Notice } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { LegalPage } from '../../api/compliance.js';
import { generateLegalPages, listLegalPages } from '../data/compliance-api.js';
import { errorMessage } from '../data/rest-error.js';
import { AdminLink } from '../shell/admin-link.js';
import { screenPath } from '../shell/admin-screens.js';

/** @param onChange called after pages were generated, for the wizard to read the setup again */
export function LegalPagesStep({ onNext, onChange }: { onNext(): void; onChange(): void }) {
  const [pages, setPages] = useState<LegalPage[] | null>(null);
  const [report, setReport] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    listLegalPages().then((answer) => setPages(answer.pages));
  }, []);
  const generate = async () => {
    setProblem(null);
    try {
      const answer = await generateLegalPages();
      setPages(answer.pages);
      setReport(
        sprintf(__('%1$d created as drafts, %2$d kept as they were.'), answer.created.length, answer.reused.length),
      );
      onChange();
    } catch (caught) {
      setProblem(errorMessage(caught));
    }
  };
  return (
    <div>
      <p className="vitrine-help">
        {__(
          'The shop needs terms, a privacy policy, a returns page and a complaints procedure. Generating creates the missing ones as empty drafts to fill in; existing pages are never changed.',
        )}
      </p>
      <Button variant="secondary" onClick={generate}>
        {__('Generate legal pages')}
      </Button>
      {report && (
        <Notice status="success" isDismissible={false}>
          <span role="status">{report}</span>
        </Notice>
      )}
      {problem && (
        <Notice status="error" isDismissible={false}>
          <span role="alert">{problem}</span>
        </Notice>
      )}
      {pages && (
        <ul>
          {pages.map((page) => (
            <li key={page.id}>
              {sprintf(
                __('%1$s: %2$s, %3$d words'),
                page.title,
                page.status === 'publish' ? __('published') : __('draft'),
                page.word_count,
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="vitrine-help">
        {__('Shoppers can read a page only once it is published: write and publish each one under')}{' '}
        <AdminLink href={screenPath('legal-pages')}>{__('Legal pages')}</AdminLink>.
      </p>
      <Button variant="primary" onClick={onNext}>
        {__('Continue')}
      </Button>
    </div>
  );
}
