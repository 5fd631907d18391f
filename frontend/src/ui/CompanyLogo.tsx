/**
 * A company's logo in a circle of `size` px (job cards, company cards and pages, job pages), or,
 * when the company has none, a lettered avatar: the first letter of its name on a tint picked
 * from the name (the same company always gets the same one). Decorative (empty alt, aria-hidden
 * letter): the company's name always stands next to it.
 */
import styles from './CompanyLogo.module.css';

const TINTS = 6;

/** 'C' for 'Cohere', 'Ö' for 'ötlet', '?' for a blank name. */
export const avatarLetter = (name: string): string => Array.from(name.trim())[0]?.toLocaleUpperCase() ?? '?';

const tintOf = (name: string): number => Array.from(name).reduce((sum, char) => sum + char.codePointAt(0)!, 0) % TINTS;

export function CompanyLogo({ src, name, size }: { src: string | null; name: string; size: number }) {
  const box = { width: size, height: size };
  return src ? (
    <img className={styles.logo} src={src} alt="" width={size} height={size} style={box} loading="lazy" decoding="async" />
  ) : (
    <span className={`${styles.logo} ${styles.avatar} ${styles[`tint${tintOf(name)}`]}`} style={{ ...box, fontSize: Math.round(size * 0.42) }} aria-hidden="true">
      {avatarLetter(name)}
    </span>
  );
}
