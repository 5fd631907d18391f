import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { extractSkills, MAX_SKILLS, SKILL_RULES } from './skills';

const skills = (text: string, title = '') => extractSkills(title, text);

describe('extractSkills', () => {
  it('finds languages, frameworks and AI tools under their display names', () => {
    // Sentences from the captured Ashby postings (stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json).
    expect(skills('Proficiency in one or more of Go, Python, Node, React, Next.js.')).toEqual(['Go', 'Python', 'Node', 'React', 'Next.js']);
    expect(skills('Experience with PyTorch or TensorFlow, JAX and CUDA kernels on GPUs; Kubernetes, Docker, AWS, GCP or Azure; Terraform.')).toEqual([
      'PyTorch', 'TensorFlow', 'JAX', 'CUDA', 'GPU', 'Kubernetes', 'Docker', 'AWS', 'GCP', 'Azure', 'Terraform',
    ].slice(0, MAX_SKILLS));
    expect(skills('Languages such as C++, C#, Rust, SQL and Spark; HTML and CSS.')).toEqual(['C++', 'C#', 'Rust', 'SQL', 'Spark', 'HTML', 'CSS']);
    expect(skills('We fine-tune large language models and ship LLMs; NLP and computer vision.')).toEqual(['LLM', 'NLP', 'Computer Vision']);
  });

  it('reads "Go" as the language only', () => {
    expect(skills('Strong programming skills in Go and Python.')).toEqual(['Go', 'Python']);
    expect(skills('Advanced proficiency in Golang.')).toEqual(['Go']);
    expect(skills('Experience with Go services and infrastructure as code.')).toEqual(['Go']);
    expect(skills('Work with our Go-to-Market (GTM) team and the Go To Market leads.')).toEqual([]);
    expect(skills('Go ahead, apply. Be the go-to person. Go deep with customers.')).toEqual([]);
    expect(skills('Run cut\u2011over/Go\u2011No\u2011Go checklists with Python scripts.')).toEqual(['Python']);
  });

  it('never reads Java inside JavaScript', () => {
    expect(skills('Expert in JavaScript and TypeScript.')).toEqual(['JavaScript', 'TypeScript']);
    expect(skills('Java Script developers')).toEqual(['JavaScript']);
    expect(skills('Python, Java, JavaScript, or TypeScript')).toEqual(['Python', 'Java', 'JavaScript', 'TypeScript']);
  });

  it('reads React the library, not the verb or "reactive"', () => {
    expect(skills('Reactive systems that react quickly to load.')).toEqual([]);
    expect(skills('React quickly to incidents.')).toEqual([]);
    expect(skills('Our frontend is React and ReactJS.')).toEqual(['React']);
    expect(skills('We ship on React Native.')).toEqual(['React Native']);
  });

  it('reads Node the runtime, not a graph node', () => {
    expect(skills('Add a node to the graph; each node has edges. Node failures are retried.')).toEqual([]);
    expect(skills('Good understanding of JavaScript, Node.js and NodeJS.')).toEqual(['Node', 'JavaScript']);
    expect(skills('Backend systems (e.g. Python, Node, Go).')).toEqual(['Python', 'Node', 'Go']);
    expect(skills('Use Next.js (Node/TypeScript) for the API.')).toEqual(['Next.js', 'Node', 'TypeScript']);
  });

  it('reads Rust and LLM as whole words', () => {
    expect(skills('Earn trust; no rusty skills; distrust hype.')).toEqual([]);
    expect(skills('Systems work in Rust.')).toEqual(['Rust']);
    expect(skills('LLM evals, LLMs in production, a large language model.')).toEqual(['LLM']);
    expect(skills('Bullm or LLMOps-free text')).toEqual([]);
  });

  it('puts title skills first, then the text by frequency, capped', () => {
    const text = 'Python Python Python. SQL SQL. Kubernetes. Docker. AWS. GCP. Azure. Terraform. Linux. Kafka.';
    const found = extractSkills('Senior Rust Engineer, GPU Infrastructure', text);
    expect(found.slice(0, 4)).toEqual(['Rust', 'GPU', 'Python', 'SQL']);
    expect(found).toHaveLength(MAX_SKILLS);
    expect(new Set(found).size).toBe(found.length);
  });

  it('never throws and never repeats a skill', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (title, text) => {
        const found = extractSkills(title, text);
        expect(found.length).toBeLessThanOrEqual(MAX_SKILLS);
        expect(new Set(found).size).toBe(found.length);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the skill rules', () => {
  it('each have a pre-filter hint that their own canonical name passes', () => {
    for (const rule of SKILL_RULES) {
      const sample = rule.name === 'Go' ? 'Python and Go' : rule.name === 'Node' ? 'Node.js' : rule.name;
      expect(extractSkills('', `Experience with ${sample}.`), rule.name).toContain(rule.name);
    }
  });
});
