/**
 * A company's logo in a circle of `size` px, or a blank circle when the company has none.
 * Decorative (empty alt): the company's name always stands next to it.
 */
import styles from './CompanyLogo.module.css';

export function CompanyLogo({ src, size }: { src: string | null; size: number }) {
  const box = { width: size, height: size };
  return src ? (
    <img className={styles.logo} src={src} alt="" width={size} height={size} style={box} loading="lazy" decoding="async" />
  ) : (
    <span className={`${styles.logo} ${styles.blank}`} style={box} aria-hidden="true" />
  );
}
