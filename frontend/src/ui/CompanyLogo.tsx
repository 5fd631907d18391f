/**
 * A company's logo in a circle of `size` px (job cards, company cards and pages, job pages), or,
 * when the company has none, a lettered avatar: the first letter of its name on a tint picked
 * from the name (one of a fixed palette of six; the same company always gets the same one). Decorative (empty alt, aria-hidden
 * letter): the company's name always stands next to it.
 */
import styles from './CompanyLogo.module.css';

const TINTS = 6;

/** 'C' for 'Cohere', 'Ö' for 'ötlet', '?' for a blank name. */
export const avatarLetter = (name: string): string => Array.from(name.trim())[0]?.toLocaleUpperCase() ?? '?';

const tintOf = (name: string): number => Array.from(name).reduce((sum, char) => sum + char.codePointAt(0)!, 0) % TINTS;

/** The circle's sizes in px, each a class in CompanyLogo.module.css (the CSP allows no inline styles). */
export type LogoSize = 48 | 56 | 72;

export function CompanyLogo({ src, name, size }: { src: string | null; name: string; size: LogoSize }) {
  const sized = `${styles.logo} ${styles[`size${size}`]}`;
  return src ? (
    <img className={sized} src={src} alt="" width={size} height={size} loading="lazy" decoding="async" />
  ) : (
    <span className={`${sized} ${styles.avatar} ${styles[`tint${tintOf(name)}`]}`} aria-hidden="true">
      {avatarLetter(name)}
    </span>
  );
}
