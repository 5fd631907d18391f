import { describe, expect, it } from 'vitest';
import { joinSearchText } from './job-query';
import { DESCRIPTION_WORDS_CAP, descriptionWords, documentTerms, foldText, parseSearch, queryTerms, withinOneEdit } from './search-terms';

describe('foldText', () => {
  it('ignores case and accents', () => {
    expect(foldText('Zürich')).toBe('zurich');
    expect(foldText('MÜNCHEN')).toBe(foldText('München'));
    expect(foldText('Île de France')).toBe('ile de france');
    expect(foldText('Straße Łódź Ørsted')).toBe('strasse lodz orsted');
  });
});

describe('queryTerms', () => {
  it('keeps tech spellings whole', () => {
    expect(queryTerms('C++ C# .NET R&D')).toEqual(['c++', 'c#', '.net', 'r&d']);
  });

  it('reads Node.js, NodeJS and Node as one technology', () => {
    expect(queryTerms('Node.js')).toEqual(['node']);
    expect(queryTerms('NodeJS')).toEqual(['node']);
    expect(queryTerms('golang dotnet k8s')).toEqual(['go', '.net', 'kubernet']);
  });

  it('splits on slashes, commas and spaces', () => {
    expect(queryTerms('ML/AI')).toEqual(['ml', 'ai']);
    expect(queryTerms('Berlin, DE')).toEqual(['berlin', 'de']);
  });

  it('needs both halves of a hyphenated search word', () => {
    expect(queryTerms('Full-Stack')).toEqual(['full', 'stack']);
  });

  it('folds plurals to the singular but keeps -ss words', () => {
    expect(queryTerms('Engineers companies business')).toEqual(['engineer', 'company', 'business']);
  });

  it('reads inflections as one stem, never derivations', () => {
    expect(queryTerms('engineering')).toEqual(queryTerms('engineer'));
    expect(queryTerms('scaling hiring')).toEqual(queryTerms('scale hire'));
    expect(queryTerms('learning')).toEqual(queryTerms('learn'));
    expect(queryTerms('production')).not.toEqual(queryTerms('product'));
    expect(queryTerms('staffing')).not.toEqual(queryTerms('staff'));
    expect(queryTerms('spring string')).toEqual(['spring', 'string']);
  });

  it('reads synonym phrases as their term, and quoted phrases word for word', () => {
    expect(queryTerms('machine learning engineer')).toEqual(queryTerms('ML engineer'));
    expect(queryTerms('San Francisco, CA')).toEqual(['sf', 'ca']);
    expect(parseSearch('"machine learning" Paris')).toEqual({ terms: ['machin', 'learn', 'paris'], phrases: [['machin', 'learn']], forgiving: new Set(['paris']) });
  });

  it('drops small words and repeats', () => {
    expect(queryTerms('engineer in London engineer')).toEqual(['engineer', 'london']);
    expect(queryTerms('the of')).toEqual([]);
    expect(queryTerms('  !! ')).toEqual([]);
  });
});

describe('documentTerms', () => {
  it('indexes a hyphenated word joined and in halves', () => {
    expect(documentTerms('Full-Stack')).toEqual(['fullstack', 'full', 'stack']);
  });

  it('indexes a dotted or ampersand word whole and in parts', () => {
    expect(documentTerms('ASP.NET')).toEqual(['asp.net', 'asp', 'net', '.net']);
    expect(documentTerms('R&D')).toEqual(['r&d', 'r', 'd']);
  });

  it('indexes the same term a search for it yields', () => {
    for (const word of ['C++', 'C#', '.NET', 'Node.js', 'Zürich', 'Engineers', "Founder's", 'Kubernetes', 'PyTorch']) {
      expect(documentTerms(word)).toEqual(expect.arrayContaining(queryTerms(word)));
    }
  });
});

describe('withinOneEdit', () => {
  it('allows one letter added, dropped, changed, or two swapped', () => {
    expect(['pyhton', 'pythn', 'pythons', 'pithon'].every((typo) => withinOneEdit(typo, 'python'))).toBe(true);
    expect(withinOneEdit('pyhtno', 'python')).toBe(false);
    expect(withinOneEdit('java', 'javascript')).toBe(false);
  });
});

describe('documentTerms with synonyms', () => {
  it('adds the term of a synonym phrase, keeping its words', () => {
    expect(documentTerms('Machine Learning Engineer')).toEqual(['machin', 'learn', 'engineer', 'ml']);
    expect(documentTerms('New York City')).toContain('nyc');
    expect(documentTerms('Large Language Models')).toContain('llm');
  });
});

describe('descriptionWords', () => {
  // Sentences of Cohere's and Anyscale's captured postings (../shared/data/ats/ashby).
  const text =
    'You will build RAG pipelines and agents on our generative AI platform with PyTorch. ' +
    'Read more at https://www.youtube.com/watch?v=1kt2s6sjxaedgowh4rngvdg2 or write to jobs@anyscale.com. ' +
    'We are an equal opportunity employer and we offer competitive benefits; 250+ people, 401k.';

  it('keeps acronyms, names and synonym terms first, without links, stop words or numbers', () => {
    const words = descriptionWords(text, 'Machine Learning Engineer').split(' ');
    expect(words.slice(0, 4)).toEqual(['rag', 'ai', 'genai', 'pytorch']);
    expect(words).toEqual(expect.arrayContaining(['pipelines', 'agents', 'generative', 'platform', '401k']));
    for (const absent of ['https', 'www', 'youtube', 'anyscale.com', 'you', 'we', 'equal', 'opportunity', 'employer', 'competitive', '250+']) expect(words).not.toContain(absent);
  });

  it('leaves out what the title and skills already say, and keeps each term once', () => {
    const words = descriptionWords('Agents, agent and AGENTS: RAG with PyTorch.', 'Agent Engineer\nPyTorch').split(' ');
    expect(words).toEqual(['rag']);
  });

  it('stops at the cap', () => {
    const many = Array.from({ length: 100 }, (_, at) => `word${String.fromCharCode(97 + (at % 26))}${String.fromCharCode(97 + Math.floor(at / 26))}`).join(' ');
    expect(descriptionWords(many, '').split(' ')).toHaveLength(DESCRIPTION_WORDS_CAP);
    expect(descriptionWords('', '')).toBe('');
  });
});

describe('joinSearchText', () => {
  it('joins the words of the API search array', () => {
    expect(joinSearchText(['machine', ' learning ', 'Paris'])).toBe('machine  learning  Paris');
  });

  it('treats null, an empty array and white space as no search', () => {
    expect(joinSearchText(null)).toBeNull();
    expect(joinSearchText([])).toBeNull();
    expect(joinSearchText([' ', ''])).toBeNull();
  });
});
