/**
 * The About page (`/about`): who we are and why, in the product's voice. Logo and welcome,
 * an email contact link, Our Mission, what AI brings and why AI jobs are worth having, a
 * promotional banner, about forty external learning resources grouped by kind
 * (learningLinks.ts), and our longer story.
 */
import { Link } from 'react-router';
import { useDocumentMeta } from '../../head/useDocumentMeta';
import { LEARNING_GROUPS } from './learningLinks';
import styles from './about.module.css';

/** Where visitors write to us. */
export const CONTACT_EMAIL = 'hello@latentjobs.com';

const TITLE = 'About Latent Jobs: AI jobs straight from the companies building AI';
const DESCRIPTION =
  'Latent Jobs reads AI companies\u2019 own hiring systems so you see real, open roles first. Our mission, why AI careers matter, and 40+ free resources to learn AI.';

const AI_BENEFITS = [
  { title: 'Better science, sooner', text: 'Models now help predict protein structures, screen materials and read medical images, shortening work that used to take years.' },
  { title: 'Tools for everyone', text: 'Translation, transcription, coding help and accessible interfaces put expert-level tools in the hands of people who never had them.' },
  { title: 'Less drudgery', text: 'Routine reading, sorting and drafting can be handed off, leaving people more time for judgement, care and creativity.' },
  { title: 'New industries', text: 'Every wave of computing created companies and roles no one had imagined. This one is already doing the same.' },
];

const JOB_BENEFITS = [
  { title: 'Work that compounds', text: 'What you build is used by millions and improves every month. Few fields let one person\u2019s work reach so far so fast.' },
  { title: 'Strong demand and pay', text: 'AI skills are scarce, and companies compete for them with competitive salaries and equity, often with published pay ranges.' },
  { title: 'Room for every background', text: 'AI companies hire engineers and researchers, and also designers, sellers, operators, writers, lawyers and policy experts.' },
  { title: 'A front-row seat', text: 'You learn at the pace of the field itself, next to the people moving it, and the skills travel with you wherever you go next.' },
];

export function AboutPage() {
  useDocumentMeta(TITLE, DESCRIPTION);
  const linkCount = LEARNING_GROUPS.reduce((sum, group) => sum + group.links.length, 0);

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="about-title">
        <span className={styles.logo} aria-hidden="true">
          LJ
        </span>
        <h1 id="about-title" className={styles.title}>
          Welcome to Latent Jobs
        </h1>
        <p className={styles.lede}>
          The AI jobs worth finding are often hiding in plain sight: published on a company&rsquo;s own careers page, days before anyone copies them
          anywhere else. We read those pages for you, so you can find the role, read it as the employer wrote it, and apply first.
        </p>
        <p className={styles.contact}>
          Questions, ideas or a company we should add? Write to us at{' '}
          <a href={`mailto:${CONTACT_EMAIL}`} className={styles.email}>
            {CONTACT_EMAIL}
          </a>
          .
        </p>
      </section>

      <section className={styles.mission} aria-labelledby="mission">
        <h2 id="mission">Our Mission</h2>
        <p>
          To make every open job at the companies building AI easy to find, honest to read and quick to apply for, for everyone who wants to do
          that work, whatever their background and wherever they live.
        </p>
      </section>

      <div className={styles.columns}>
        <section aria-labelledby="benefits-ai" className={styles.panel}>
          <h2 id="benefits-ai">What AI brings</h2>
          <ul className={styles.benefits}>
            {AI_BENEFITS.map((benefit) => (
              <li key={benefit.title}>
                <h3>{benefit.title}</h3>
                <p>{benefit.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="benefits-jobs" className={styles.panel}>
          <h2 id="benefits-jobs">Why work in AI</h2>
          <ul className={styles.benefits}>
            {JOB_BENEFITS.map((benefit) => (
              <li key={benefit.title}>
                <h3>{benefit.title}</h3>
                <p>{benefit.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <aside className={styles.banner} aria-labelledby="banner-title">
        <div>
          <h2 id="banner-title" className={styles.bannerTitle}>
            Your next AI job may have been posted this morning
          </h2>
          <p className={styles.bannerText}>Search every open role at the companies we follow by company, location or skill, updated straight from their hiring systems.</p>
        </div>
        <div className={styles.bannerActions}>
          <Link to="/" className={styles.bannerPrimary}>
            Browse AI jobs
          </Link>
          <Link to="/companies" className={styles.bannerSecondary}>
            Top companies
          </Link>
        </div>
      </aside>

      <section aria-labelledby="learn" className={styles.learn}>
        <h2 id="learn">Learn AI: {linkCount} resources we trust</h2>
        <p className={styles.sectionIntro}>
          Free or widely used courses, books, papers, documentation and communities. Every link goes to the resource&rsquo;s own site and opens in a
          new tab.
        </p>
        <div className={styles.groups}>
          {LEARNING_GROUPS.map((group) => (
            <section key={group.heading} className={styles.group} aria-label={group.heading}>
              <h3>{group.heading}</h3>
              <p className={styles.groupIntro}>{group.intro}</p>
              <ul className={styles.links}>
                {group.links.map((link) => (
                  <li key={link.url}>
                    <a href={link.url} target="_blank" rel="noopener noreferrer">
                      {link.title}
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                    <span className={styles.linkNote}>{link.note}</span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </section>

      <section aria-labelledby="story" className={styles.story}>
        <h2 id="story">Why we built Latent Jobs</h2>
        <p>
          Looking for work in AI should not feel like archaeology. Yet for most people it does. A role is published on a company&rsquo;s careers page,
          copied by one aggregator, re-copied by another, and by the time it reaches the big boards it may be days old, missing its pay range,
          tagged with the wrong location, or already closed. The best-informed candidates know to go to the source. Everyone else applies late, or to
          ghosts.
        </p>
        <p>
          We thought the source should be the starting point for everyone. Most companies publish their openings through an applicant tracking
          system, and those systems share a structured, public list of every open role. Latent Jobs reads those lists directly, for the AI companies
          we follow, and keeps what the employer wrote: the real department, whether the role is remote, hybrid or on-site, every location, and the
          published salary range in its own currency. When a role disappears from the employer&rsquo;s list, it disappears from ours.
        </p>
        <p>
          The result is a job board that is small on purpose. No sponsored listings pushed to the top, no recruiters reposting the same role ten times,
          no sign-up wall between you and the job. Every Apply Now button goes to the employer&rsquo;s own application form. Search works the way you
          expect: type a company, a city or a skill, and every word has to match.
        </p>
        <p>
          We also believe the AI industry is better when it hires widely. The people who will shape this technology should include engineers and
          researchers, and also designers, writers, salespeople, operators, lawyers and policy experts, from every country and every kind of
          education. That is why we list every department, not only the technical ones, and why this page ends with the resources we wish we had
          found sooner. Most of them are free.
        </p>
        <p>
          Latent Jobs is young and still growing. If a company you admire is missing, if something we show looks wrong, or if you simply found your
          next job here, we would love to hear from you at <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>. Thank you for searching with us,
          and good luck out there.
        </p>
      </section>
    </div>
  );
}
