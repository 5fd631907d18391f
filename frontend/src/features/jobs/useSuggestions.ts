/**
 * Completions for what a person is typing in the job search (`GET /api/jobs/suggest?q=`, at most
 * 8 titles, companies, skills and places from the search index): asked 150 ms after the last
 * keystroke for 2 or more characters; a newer text aborts the older request. A failed request
 * just shows none (typing and searching still work).
 */
import { useEffect, useState } from 'react';
import { getJson } from '../../api/http';

export interface Suggestion {
  kind: 'title' | 'company' | 'skill' | 'place';
  text: string;
}

const DELAY_MS = 150;
const MIN_LENGTH = 2;

export function useSuggestions(text: string, enabled: boolean): Suggestion[] {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const query = text.trim();
  const wanted = enabled && query.length >= MIN_LENGTH;

  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      getJson<{ suggestions: Suggestion[] }>(`/jobs/suggest?q=${encodeURIComponent(query)}`, controller.signal).then(
        (answer) => setSuggestions(answer.suggestions),
        () => {
          if (!controller.signal.aborted) setSuggestions([]);
        },
      );
    }, DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query, wanted]);

  return wanted ? suggestions : [];
}
