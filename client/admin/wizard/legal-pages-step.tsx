/** The wizard's legal pages step: generate the missing pages (as drafts) and see which exist, with their status. */
import { Button, Notice } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { LegalPage } from '../../api/compliance.js';
import { generateLegalPages, listLegalPages } from '../data/compliance-api.js';
import { errorMessage } from '../data/rest-error.js';

export function LegalPagesStep({ onNext }: { onNext(): void }) {
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
      setReport(sprintf(__('%1$d created as drafts, %2$d kept as they were.'), answer.created.length, answer.reused.length));
    } catch (caught) {
      setProblem(errorMessage(caught));
    }
  };
  return (
    <div>
      <p className="vitrine-help">{__('The shop needs terms, a privacy policy, a returns page and a complaints procedure. Generating creates the missing ones as empty drafts to fill in; existing pages are never changed.')}</p>
      <Button variant="secondary" onClick={generate}>{__('Generate legal pages')}</Button>
      {report && <Notice status="success" isDismissible={false}><span role="status">{report}</span></Notice>}
      {problem && <Notice status="error" isDismissible={false}><span role="alert">{problem}</span></Notice>}
      {pages && (
        <ul>
          {pages.map((page) => (
            <li key={page.id}>{sprintf(__('%1$s: %2$s, %3$d words'), page.title, page.status === 'publish' ? __('published') : __('draft'), page.word_count)}</li>
          ))}
        </ul>
      )}
      <p className="vitrine-help">{__('Write and publish them later under Legal pages.')}</p>
      <Button variant="primary" onClick={onNext}>{__('Continue')}</Button>
    </div>
  );
}
